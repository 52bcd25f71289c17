/**
 * Parquet bytes into rows (hyparquet, pure JS). A parquet file keeps its schema and row-group index
 * in a footer at the end, so the (compressed) bytes are held until the last chunk is in; the rows
 * are then decoded one row group at a time and handed on, so at most one row group's decoded rows
 * exist at once. Uncompressed and snappy pages are read (pandas' `to_parquet` default, which TRL's
 * `completions_{step}.parquet` uses); other codecs are reported by hyparquet and end the import.
 *
 * Cells: int64 (pandas' default for integers, hyparquet's bigint) become numbers, timestamps ISO
 * text; pandas' stored index columns (`__index_level_0__`) are dropped.
 */
import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import type { Row } from './rows';

const MAGIC = [0x50, 0x41, 0x52, 0x31]; // "PAR1"

/** Parquet files begin (and end) with the 4 bytes "PAR1". */
export function isParquet(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && MAGIC.every((b, i) => bytes[i] === b);
}

function plainCell(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainCell);
  return value;
}

export interface ParquetRead {
  columns: string[];
  rows: number;
  rowGroups: number;
}

/** Decodes `bytes` (a whole parquet file) row group by row group; `onRows` gets each group's rows and the first row's 0-based index. */
export async function readParquetRows(bytes: Uint8Array, onRows: (rows: Row[], columns: string[], firstRow: number) => void): Promise<ParquetRead> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const metadata = parquetMetadata(file);
  const columns = parquetSchema(metadata).children.map((c) => c.element.name).filter((name) => !name.startsWith('__index_level_'));
  let rowStart = 0;
  for (const group of metadata.row_groups) {
    const rowEnd = rowStart + Number(group.num_rows);
    const objects = await parquetReadObjects({ file, metadata, columns, rowStart, rowEnd });
    const rows = objects.map((o) => Object.fromEntries(columns.map((c) => [c, plainCell(o[c])])));
    onRows(rows, columns, rowStart);
    rowStart = rowEnd;
  }
  return { columns, rows: rowStart, rowGroups: metadata.row_groups.length };
}
