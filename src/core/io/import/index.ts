export { createImporter, importText, ImportFormatError, type Importer, type ImporterOptions, type ImportFormatErrorData, type UnknownTable } from './importer';
export { guessMapping, mappingMatches, MappingFileError, parseMappingFile, tableColumns, type ColumnMapping, type TableColumn } from './mapping';
export { cellNumber, cellText, isTableDocument, tableRows, type Row } from './rows';
export { createByteImporter, createGunzipStream, createUtf8Decoder, importBytes, importBytesAsync, isGzip, type ByteImporter, type ByteImporterOptions, type GunzipStream } from './bytes';
export { createCheckedGunzip, DEFAULT_MAX_BYTES, formatBytes, GzipLimitError, type CheckedGunzip } from './gunzip';
export { isParquet } from './parquet';
export { IMPORT_FORMATS, IMPORT_FRAMEWORKS, formatsOfFramework, getImportFormat } from './registry';
export { estimateTokens, fillTokenCounts } from './tokens';
export { describeProblems, formatProblem, LineSet, PROBLEM_LIST_LIMIT, ProblemLog } from './problems';
export { summarizeTrajectories } from './summary';
export type {
  AdapterContext,
  AdapterSession,
  FormatSample,
  ImportAdapter,
  ImportFormatId,
  ImportProblem,
  ImportProgress,
  ImportResult,
  ImportSummary,
  JsonLayout,
} from './types';
