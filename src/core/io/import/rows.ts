/**
 * Tables as rows: every tabular input (a W&B / trackio table export, CSV or TSV, a parquet file, JSON
 * Lines of flat objects) reaches the row readers as plain objects `Record<string, unknown>`, one per
 * row, with the table's column names in order.
 *
 * A W&B table (`wandb.Table.to_json`, the `*.table.json` of a run's files or artifacts) is
 * `{"_type": "table", "columns": [...], "data": [[...], ...]}`; row k is `data[k]` zipped with
 * `columns`. A row shorter than the columns leaves the rest undefined; extra cells are dropped and
 * reported by the caller.
 */
import { isObject } from '../rollouts-v1';

export type Row = Record<string, unknown>;

export interface TableDocument {
  columns: string[];
  data: unknown[][];
}

/** `{columns: string[], data: unknown[][]}` (with or without W&B's `"_type": "table"`). */
export function isTableDocument(value: unknown): value is TableDocument & Record<string, unknown> {
  if (!isObject(value) || !Array.isArray(value.columns) || !Array.isArray(value.data)) return false;
  if (value._type !== undefined && value._type !== 'table') return false;
  return value.columns.every((c) => typeof c === 'string') && value.data.every((r) => Array.isArray(r));
}

/** One object per data row, keyed by column name. */
export function tableRows(table: TableDocument): Row[] {
  return table.data.map((cells) => rowOf(table.columns, cells));
}

export function rowOf(columns: readonly string[], cells: readonly unknown[]): Row {
  const row: Row = {};
  columns.forEach((name, i) => {
    if (i < cells.length) row[name] = cells[i];
  });
  return row;
}

/** A flat row: an object whose values are scalars (string, number, boolean, null). */
export function isFlatRow(value: unknown): value is Row {
  if (!isObject(value)) return false;
  const values = Object.values(value);
  return values.length > 0 && values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
}

/** Column names in first-seen order across rows. */
export function columnsOf(rows: readonly Row[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/** A cell as text, for samples and for prompt / response columns (numbers and booleans as written). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * A cell as a number: numbers as they are, numeric strings (CSV cells, TRL's older string `step`)
 * parsed, `"NaN"` / null / '' as null (a reward function that returned None).
 */
export function cellNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const x = Number(value);
    return Number.isFinite(x) ? x : null;
  }
  return null;
}

/** A cell as a boolean: true/false, 1/0, "true"/"false"/"yes"/"no" (any case); else null. */
export function cellBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : null;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === 'true' || t === 'yes' || t === '1') return true;
    if (t === 'false' || t === 'no' || t === '0') return false;
  }
  return null;
}
