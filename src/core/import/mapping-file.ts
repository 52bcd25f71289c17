/**
 * Column mappings as files and as the lab's form edits them, pure: which saved mapping fits a table (the same set of
 * columns), reading a mapping file back (the JSON "Export mapping" writes and `convert --map FILE`
 * reads), which columns a mapping names that a table lacks, and the form's success choice.
 */
import type { ColumnMapping } from '../io/import/mapping';

export interface SavedMapping {
  mapping: ColumnMapping;
  /** ms since the epoch; the newest fitting mapping is pre-selected. */
  savedAt: number;
}

const sameColumns = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/** The newest saved mapping made for a table with exactly these columns (any order), or null. */
export function matchingMapping(saved: readonly SavedMapping[], columns: readonly string[]): ColumnMapping | null {
  const fits = saved.filter((s) => sameColumns(s.mapping.columns, columns)).sort((a, b) => b.savedAt - a.savedAt);
  return fits[0]?.mapping ?? null;
}

/** Every column the mapping names (group, prompt, response, rewards, success, step, turn, trajectory). */
export function namedColumns(m: ColumnMapping): string[] {
  const one = [m.prompt, m.response, m.step, m.turn, m.trajectory, m.success && 'column' in m.success ? m.success.column : undefined];
  return [...new Set([...m.group, ...m.reward.columns, ...one.filter((c): c is string => c !== undefined)])];
}

/** The columns the mapping names that the table does not have. */
export function missingColumns(m: ColumnMapping, columns: readonly string[]): string[] {
  return namedColumns(m).filter((c) => !columns.includes(c));
}

/** Why the mapping cannot be used yet (empty: it can). */
export function mappingProblems(m: ColumnMapping, columns: readonly string[]): string[] {
  const out: string[] = [];
  if (m.name.trim() === '') out.push('give the mapping a name');
  if (m.response === '') out.push('choose the response column');
  const missing = missingColumns(m, columns).filter((c) => c !== '');
  if (missing.length > 0) out.push(`this file has no column ${missing.map((c) => `"${c}"`).join(', ')}`);
  if (m.success && 'rewardAtLeast' in m.success && !Number.isFinite(m.success.rewardAtLeast)) out.push('the success threshold must be a number');
  return out;
}

const COMBINES = ['sum', 'mean', 'max'] as const;
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const optionalString = (o: Record<string, unknown>, key: string) => o[key] === undefined || typeof o[key] === 'string';

function successProblem(success: unknown): string | null {
  if (success === undefined) return null;
  if (typeof success !== 'object' || success === null) return 'success must be {"column": …} or {"rewardAtLeast": …}';
  const s = success as Record<string, unknown>;
  if (typeof s.column === 'string') return null;
  if (typeof s.rewardAtLeast === 'number' && Number.isFinite(s.rewardAtLeast)) return null;
  return 'success must be {"column": …} or {"rewardAtLeast": …}';
}

/** A mapping file's text → the mapping, or what is wrong with it. */
export function parseMappingFile(text: string): { ok: true; mapping: ColumnMapping } | { ok: false; problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`not valid JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problems: ['a mapping file holds one JSON object'] };
  const o = value as Record<string, unknown>;
  const problems: string[] = [];
  if (o.version !== 1) problems.push('version must be 1');
  if (typeof o.name !== 'string') problems.push('name must be a string');
  if (!isStrings(o.columns)) problems.push('columns must be an array of strings');
  if (!isStrings(o.group)) problems.push('group must be an array of strings');
  if (typeof o.response !== 'string') problems.push('response must be a string');
  const reward = o.reward as Record<string, unknown> | undefined;
  if (typeof reward !== 'object' || reward === null || !isStrings(reward.columns) || !COMBINES.includes(reward.combine as never)) {
    problems.push('reward must be {"columns": [...], "combine": "sum" | "mean" | "max"}');
  }
  for (const key of ['prompt', 'step', 'turn', 'trajectory']) if (!optionalString(o, key)) problems.push(`${key} must be a string when given`);
  const success = successProblem(o.success);
  if (success) problems.push(success);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, mapping: o as unknown as ColumnMapping };
}

/** The success select's value: '' (the reader's default), `column:<name>` or `reward`. */
export type SuccessChoice = string;

export function successChoiceOf(m: ColumnMapping): SuccessChoice {
  if (!m.success) return '';
  return 'column' in m.success ? `column:${m.success.column}` : 'reward';
}

/** The mapping with the success rule the form chose (`threshold` for R ≥ threshold). */
export function withSuccess(m: ColumnMapping, choice: SuccessChoice, threshold: number): ColumnMapping {
  const { success: _old, ...rest } = m;
  if (choice === '') return rest;
  if (choice === 'reward') return { ...rest, success: { rewardAtLeast: threshold } };
  return { ...rest, success: { column: choice.slice('column:'.length) } };
}

/** The mapping with an optional single-column field set ('' removes it). */
export function withOptional(m: ColumnMapping, key: 'prompt' | 'step' | 'turn' | 'trajectory', column: string): ColumnMapping {
  const next: ColumnMapping = { ...m };
  if (column === '') delete next[key];
  else next[key] = column;
  return next;
}
