/**
 * Column mappings: how the columns of a table no reader recognises (CSV, a JSON table, JSON Lines
 * of flat rows) become groups, trajectories and turns. Saved by the lab by name, exported as a
 * small JSON file that `convert --map FILE` and `advantages --map FILE` read.
 *
 * This file holds the mapping's type and its file format (checked with plain tests); the table
 * reader that applies a mapping lives with the table formats.
 */

export interface ColumnMapping {
  version: 1;
  name: string;
  /** The column set it was made for (reuse for the next file of that shape). */
  columns: string[];
  /** Columns that together identify a group (e.g. ['step', 'prompt']); [] = the prompt column. */
  group: string[];
  prompt?: string;
  response: string;
  reward: { columns: string[]; combine: 'sum' | 'mean' | 'max' };
  success?: { column: string } | { rewardAtLeast: number };
  /** Rows of one trajectory share `trajectory`, ordered by `turn`. */
  step?: string;
  turn?: string;
  trajectory?: string;
}

export interface TableColumn {
  name: string;
  /** A few distinct non-empty values of the column, as text. */
  samples: string[];
}

/** Every column the mapping reads. */
export function mappedColumns(m: ColumnMapping): string[] {
  const single = [m.prompt, m.step, m.turn, m.trajectory, m.success && 'column' in m.success ? m.success.column : undefined];
  return [...new Set([...m.group, m.response, ...m.reward.columns, ...single.filter((c): c is string => c !== undefined)])];
}

/** True when `columns` is the column set `m` was made for (any order). */
export function mappingMatches(m: ColumnMapping, columns: string[]): boolean {
  const have = new Set(columns);
  return have.size === new Set(m.columns).size && m.columns.every((c) => have.has(c));
}

/** A mapping file that cannot be used; the message lists every problem. */
export class MappingFileError extends Error {}

const COMBINES: readonly string[] = ['sum', 'mean', 'max'];
const isNames = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string' && x !== '');
const isName = (v: unknown) => typeof v === 'string' && v !== '';

function successOk(s: unknown): boolean {
  if (s === undefined) return true;
  if (typeof s !== 'object' || s === null) return false;
  const o = s as Record<string, unknown>;
  const keys = Object.keys(o);
  return keys.length === 1 && (isName(o.column) || (typeof o.rewardAtLeast === 'number' && Number.isFinite(o.rewardAtLeast)));
}

function shapeProblems(o: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (o.version !== 1) problems.push('version: must be 1');
  if (typeof o.name !== 'string') problems.push('name: must be a string');
  for (const key of ['columns', 'group']) if (!isNames(o[key])) problems.push(`${key}: must be an array of column names`);
  if (!isName(o.response)) problems.push('response: must be a column name');
  const reward = o.reward as Record<string, unknown> | null | undefined;
  if (typeof reward !== 'object' || reward === null) problems.push('reward: must be an object {columns, combine}');
  else {
    if (!isNames(reward.columns) || (reward.columns as string[]).length === 0) problems.push('reward.columns: must be at least one column name');
    if (!COMBINES.includes(reward.combine as string)) problems.push('reward.combine: must be "sum", "mean" or "max"');
  }
  if (!successOk(o.success)) problems.push('success: must be {"column": NAME} or {"rewardAtLeast": NUMBER}');
  for (const key of ['prompt', 'step', 'turn', 'trajectory']) if (o[key] !== undefined && !isName(o[key])) problems.push(`${key}: must be a column name`);
  return problems;
}

/** Reads and checks a mapping file: its shape, then that every mapped column is one of its `columns`. */
export function parseMappingFile(text: string): ColumnMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new MappingFileError(`the mapping file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MappingFileError('the mapping file is not a column mapping: must be a JSON object');
  const problems = shapeProblems(value as Record<string, unknown>);
  if (problems.length > 0) throw new MappingFileError(`the mapping file is not a column mapping: ${problems.join('; ')}`);
  const mapping = value as ColumnMapping;
  const unknown = mappedColumns(mapping).filter((c) => !mapping.columns.includes(c));
  if (unknown.length > 0) throw new MappingFileError(`the mapping reads ${unknown.map((c) => `"${c}"`).join(', ')}, not in its "columns"`);
  if (mapping.turn !== undefined && mapping.trajectory === undefined) throw new MappingFileError('"turn" orders the rows of one trajectory, so it needs "trajectory" too');
  return mapping;
}
