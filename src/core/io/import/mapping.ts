/**
 * Column mappings: how the rows of a table no reader recognises become groups, trajectories and turns.
 * The lab guesses one from the column names and sample values (`guessMapping`), the person corrects
 * it in the mapping form, and it is saved by name, reused for the next file with the same columns
 * (`mappingMatches`) and exported as a small JSON file that `convert --map FILE` and
 * `advantages --map FILE` read (`parseMappingFile`). docs/rollouts-v1.md § Column mappings.
 *
 * Reading rows through a mapping (formats/table-rows.ts):
 * - trajectory: rows sharing the `trajectory` cell (within a step when `step` is mapped, and within
 *   a group when `group` names columns, so per-group sample indices work) are one trajectory, its turns ordered by `turn` (numbers numerically, rows without one last, ties in
 *   file order); without `trajectory` each row is a one-turn trajectory;
 * - group: trajectories whose first rows have equal `group` cells form one group (`[]` = the prompt
 *   column), in first-seen order, within a step when `step` is mapped and not in `group` already;
 * - R: per row, `reward.combine` over the numeric cells of `reward.columns` (empty / NaN cells are
 *   skipped, as TRL's nansum does); a trajectory's R is the sum over its rows;
 * - success: the `success.column` cell of its last row (true/false, 1/0, yes/no), or R ≥
 *   `rewardAtLeast`; without `success`, R > 0.
 */
import { z } from '../zod';
import { describeValue, formatPath } from '../rollouts-v1';
import { cellBoolean, cellNumber, cellText, type Row } from './rows';

export interface ColumnMapping {
  version: 1;
  name: string;
  /** The column set it was made for (reuse for the next file of that shape). */
  columns: string[];
  /** Columns that together identify a group (e.g. ['step', 'prompt']); [] = the prompt column of each trajectory's first row. */
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
  /** Up to 3 distinct non-empty values, each cut at 80 characters. */
  samples: string[];
}

const SAMPLE_COUNT = 3;
const SAMPLE_CHARS = 80;

/** The columns of `rows` in first-seen order, each with a few sample values for the mapping form. */
export function tableColumns(rows: Record<string, unknown>[]): TableColumn[] {
  const out = new Map<string, Set<string>>();
  for (const row of rows) {
    for (const [name, value] of Object.entries(row)) {
      const samples = out.get(name) ?? new Set<string>();
      out.set(name, samples);
      const text = cellText(value).trim();
      if (text !== '' && samples.size < SAMPLE_COUNT) samples.add(text.length > SAMPLE_CHARS ? `${text.slice(0, SAMPLE_CHARS - 1)}…` : text);
    }
  }
  return [...out].map(([name, samples]) => ({ name, samples: [...samples] }));
}

const NAMES = {
  group: ['group_id', 'group', 'uid', 'prompt_id', 'question_id'],
  prompt: ['prompt', 'input', 'input_prompt', 'question', 'query', 'instruction', 'problem', 'observation'],
  response: ['completion', 'response', 'output', 'output_response', 'generation', 'answer', 'text', 'action'],
  reward: ['reward', 'score', 'rewards', 'return', 'episode_reward', 'total_reward'],
  success: ['success', 'solved', 'correct', 'is_correct', 'won', 'acc', 'accuracy'],
  step: ['step', 'global_step', 'train_step', 'training_step', 'iteration'],
  turn: ['turn', 'turn_idx', 'turn_index', 't'],
  trajectory: ['trajectory', 'traj_id', 'trajectory_id', 'traj_uid', 'episode', 'episode_id'],
} as const;

function pick(columns: readonly string[], names: readonly string[], taken: Set<string>): string | undefined {
  for (const name of names) {
    const found = columns.find((c) => c.toLowerCase() === name && !taken.has(c));
    if (found !== undefined) {
      taken.add(found);
      return found;
    }
  }
  return undefined;
}

const isNumericColumn = (rows: readonly Row[], column: string) => {
  const cells = rows.map((r) => r[column]).filter((v) => v !== undefined && v !== null && v !== '');
  return cells.length > 0 && cells.every((v) => cellNumber(v) !== null && typeof v !== 'boolean');
};

/** The lab's first guess from column names (and, for rewards, which columns hold numbers). */
export function guessMapping(columns: string[], rows: Record<string, unknown>[]): ColumnMapping {
  const taken = new Set<string>();
  const group = pick(columns, NAMES.group, taken);
  const trajectory = pick(columns, NAMES.trajectory, taken);
  const step = pick(columns, NAMES.step, taken);
  const turn = pick(columns, NAMES.turn, taken);
  const prompt = pick(columns, NAMES.prompt, taken);
  const response = pick(columns, NAMES.response, taken) ?? columns.find((c) => !taken.has(c) && !isNumericColumn(rows, c)) ?? columns[0] ?? 'response';
  taken.add(response);
  const successColumn = pick(columns, NAMES.success, taken);
  let reward = pick(columns, NAMES.reward, taken);
  reward ??= columns.find((c) => !taken.has(c) && /reward|score/i.test(c) && isNumericColumn(rows, c));
  reward ??= columns.find((c) => !taken.has(c) && isNumericColumn(rows, c) && !/advantage/i.test(c));
  const rewards = reward === undefined ? [] : [reward];
  const binary = rewards.length === 1 && rows.every((r) => [null, 0, 1].includes(cellNumber(r[rewards[0]])));
  const mapping: ColumnMapping = {
    version: 1,
    name: `table: ${columns.slice(0, 4).join(', ')}${columns.length > 4 ? ', …' : ''}`,
    columns: [...columns],
    group: group !== undefined ? [group] : [...(step !== undefined ? [step] : []), ...(prompt !== undefined ? [prompt] : [])],
    response,
    reward: { columns: rewards, combine: 'sum' },
  };
  if (prompt !== undefined) mapping.prompt = prompt;
  if (successColumn !== undefined) mapping.success = { column: successColumn };
  else if (binary) mapping.success = { rewardAtLeast: 1 };
  if (step !== undefined) mapping.step = step;
  if (turn !== undefined && trajectory !== undefined) mapping.turn = turn;
  if (trajectory !== undefined) mapping.trajectory = trajectory;
  return mapping;
}

/** Every column the mapping reads. */
export function mappedColumns(m: ColumnMapping): string[] {
  const used = [...m.group, m.response, ...m.reward.columns];
  for (const c of [m.prompt, m.step, m.turn, m.trajectory, m.success && 'column' in m.success ? m.success.column : undefined]) {
    if (c !== undefined) used.push(c);
  }
  return [...new Set(used)];
}

/** True when `columns` is the column set `m` was made for (any order), so it can be reused as it is. */
export function mappingMatches(m: ColumnMapping, columns: string[]): boolean {
  const have = new Set(columns);
  return have.size === new Set(m.columns).size && m.columns.every((c) => have.has(c));
}

const must = (what: string) => ({ error: (issue: { input?: unknown }) => `must be ${what}, ${describeValue(issue.input)}` });
const column = () => z.string(must('a column name')).min(1, must('a column name'));

const mappingSchema = z.object({
  version: z.literal(1, must('1')),
  name: z.string(must('a string')),
  columns: z.array(column(), must('an array of column names')),
  group: z.array(column(), must('an array of column names')),
  prompt: column().optional(),
  response: column(),
  reward: z.object({
    columns: z.array(column(), must('an array of column names')).min(1, must('at least one column')),
    combine: z.enum(['sum', 'mean', 'max'], must('"sum", "mean" or "max"')),
  }, must('an object {columns, combine}')),
  success: z.union([
    z.object({ column: column() }).strict(),
    z.object({ rewardAtLeast: z.number(must('a finite number')) }).strict(),
  ], must('{"column": NAME} or {"rewardAtLeast": NUMBER}')).optional(),
  step: column().optional(),
  turn: column().optional(),
  trajectory: column().optional(),
}, must('a JSON object'));

/** A mapping file that cannot be used; the message lists every problem (`reward.combine: must be …`). */
export class MappingFileError extends Error {}

/** Reads and checks a mapping file: the schema, then that every mapped column is one of `columns`. */
export function parseMappingFile(text: string): ColumnMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new MappingFileError(`the mapping file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = mappingSchema.safeParse(value);
  if (!parsed.success) {
    throw new MappingFileError(`the mapping file is not a column mapping: ${parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join('; ')}`);
  }
  const mapping = parsed.data as ColumnMapping;
  const unknown = mappedColumns(mapping).filter((c) => !mapping.columns.includes(c));
  if (unknown.length > 0) throw new MappingFileError(`the mapping reads ${unknown.map((c) => `"${c}"`).join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not in its "columns"`);
  if (mapping.turn !== undefined && mapping.trajectory === undefined) throw new MappingFileError('"turn" orders the rows of one trajectory, so it needs "trajectory" too');
  return mapping;
}

/** R of one row: `combine` over the numeric reward cells (null when none is a number). */
export function rowReward(m: ColumnMapping, row: Row): number | null {
  const values = m.reward.columns.map((c) => cellNumber(row[c])).filter((x): x is number => x !== null);
  if (values.length === 0) return null;
  if (m.reward.combine === 'max') return Math.max(...values);
  const sum = values.reduce((a, b) => a + b, 0);
  return m.reward.combine === 'mean' ? sum / values.length : sum;
}

/** Success of a trajectory from its R and its last row (module doc). */
export function mappedSuccess(m: ColumnMapping, reward: number, lastRow: Row): boolean {
  if (m.success === undefined) return reward > 0;
  if ('rewardAtLeast' in m.success) return reward >= m.success.rewardAtLeast;
  return cellBoolean(lastRow[m.success.column]) ?? false;
}
