export { createImporter, importText, ImportFormatError, type Importer, type ImporterOptions } from './importer';
export { createByteImporter, createGunzipStream, createUtf8Decoder, importBytes, isGzip, type ByteImporter, type GunzipStream } from './bytes';
export { IMPORT_FORMATS, IMPORT_FRAMEWORKS, formatsOfFramework, getImportFormat } from './registry';
export { estimateTokens, fillTokenCounts } from './tokens';
export { formatProblem, PROBLEM_LIST_LIMIT } from './problems';
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
