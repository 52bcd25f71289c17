/**
 * The column-mapping form's rules, pure: which saved mapping fits a table (the newest one made for
 * the same set of columns), why a mapping cannot be used yet (the same rules a mapping file is
 * checked by, `parseMappingFile`), and the form's success choice and optional columns.
 */
import { mappedColumns, mappingMatches, MappingFileError, parseMappingFile, type ColumnMapping } from '../mapping';

export interface SavedMapping {
  mapping: ColumnMapping;
  /** ms since the epoch; the newest fitting mapping is pre-selected. */
  savedAt: number;
}

/** The newest saved mapping made for a table with exactly these columns (any order), or null. */
export function matchingMapping(saved: readonly SavedMapping[], columns: string[]): ColumnMapping | null {
  const fits = saved.filter((s) => mappingMatches(s.mapping, columns)).sort((a, b) => b.savedAt - a.savedAt);
  return fits[0]?.mapping ?? null;
}

/** The columns the mapping reads that the table does not have. */
export function missingColumns(m: ColumnMapping, columns: readonly string[]): string[] {
  return mappedColumns(m).filter((c) => c !== '' && !columns.includes(c));
}

/** Why the mapping cannot be used on a table with `columns` (empty: it can). */
export function mappingProblems(m: ColumnMapping, columns: readonly string[]): string[] {
  const out: string[] = [];
  if (m.name.trim() === '') out.push('give the mapping a name');
  if (m.response === '') out.push('choose the response column');
  if (m.reward.columns.length === 0) out.push('choose at least one reward column');
  const missing = missingColumns(m, columns);
  if (missing.length > 0) out.push(`this file has no column ${missing.map((c) => `"${c}"`).join(', ')}`);
  if (m.turn !== undefined && m.trajectory === undefined) out.push('a turn column orders the rows of one trajectory: choose the trajectory column too');
  if (m.success && 'rewardAtLeast' in m.success && !Number.isFinite(m.success.rewardAtLeast)) out.push('the success threshold must be a number');
  return out;
}

/** A mapping file's text → the mapping, or what is wrong with it. */
export function readMappingText(text: string): { ok: true; mapping: ColumnMapping } | { ok: false; problem: string } {
  try {
    return { ok: true, mapping: parseMappingFile(text) };
  } catch (error) {
    if (error instanceof MappingFileError) return { ok: false, problem: error.message };
    throw error;
  }
}

/** The success select's value: '' (the reader's default), `column:<name>` or `reward`. */
export function successChoiceOf(m: ColumnMapping): string {
  if (!m.success) return '';
  return 'column' in m.success ? `column:${m.success.column}` : 'reward';
}

/** The mapping with the success rule the form chose (`threshold` for R ≥ threshold). */
export function withSuccess(m: ColumnMapping, choice: string, threshold: number): ColumnMapping {
  const next: ColumnMapping = { ...m };
  delete next.success;
  if (choice === 'reward') next.success = { rewardAtLeast: threshold };
  else if (choice.startsWith('column:')) next.success = { column: choice.slice('column:'.length) };
  return next;
}

/** The mapping with an optional single-column field set ('' removes it). */
export function withOptional(m: ColumnMapping, key: 'prompt' | 'step' | 'turn' | 'trajectory', column: string): ColumnMapping {
  const next: ColumnMapping = { ...m };
  if (column === '') delete next[key];
  else next[key] = column;
  return next;
}
