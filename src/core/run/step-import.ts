/**
 * One training step of a run as one import: the step's files (all its ranks; a group may span
 * them) read one after another and joined into one ImportResult, so the lab's import session shows
 * the step's groups as it shows one file's. Problems and notes keep the file they came from
 * (`step3/1.json line 4: …`). Pure.
 */
import type { ImportProblem, ImportResult } from '../io/import/types';

/** The most problems listed (every one is counted), as for one file. */
const LISTED_PROBLEMS = 100;

const facet = <T>(values: Iterable<T>): T[] => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The files' results as one: trajectories in file order; the format and reader of the first file
 * (with " (+N files)" when several), token counts 'mixed' when the files differ.
 */
export function joinStepResults(files: ReadonlyArray<{ path: string; result: ImportResult }>): ImportResult {
  if (files.length === 0) throw new Error('a step with no read file');
  if (files.length === 1) return files[0].result;
  const first = files[0].result;
  const problems: ImportProblem[] = [];
  for (const { path, result } of files) {
    for (const p of result.problems) {
      if (problems.length < LISTED_PROBLEMS) problems.push({ line: p.line, reason: `${path}: ${p.reason}` });
    }
  }
  const trajectories = files.flatMap((f) => f.result.trajectories);
  const counts = new Set(files.map((f) => f.result.tokenCounts));
  const adapters = facet(files.map((f) => f.result.adapterLabel));
  return {
    format: first.format,
    adapterLabel: adapters.length === 1 ? adapters[0] : adapters.join(' + '),
    trajectories,
    sourceLines: files.flatMap((f) => f.result.sourceLines),
    problems,
    problemCount: files.reduce((n, f) => n + f.result.problemCount, 0),
    skippedLines: files.reduce((n, f) => n + f.result.skippedLines, 0),
    tokenCounts: counts.size === 1 ? first.tokenCounts : 'mixed',
    notes: files.flatMap((f) => f.result.notes.map((note) => `${f.path}: ${note}`)),
    summary: {
      trajectories: trajectories.length,
      groups: files.reduce((n, f) => n + f.result.summary.groups, 0),
      turns: files.reduce((n, f) => n + f.result.summary.turns, 0),
      trainSteps: facet(files.flatMap((f) => f.result.summary.trainSteps)),
      envs: facet(files.flatMap((f) => f.result.summary.envs)),
      taskTypes: facet(files.flatMap((f) => f.result.summary.taskTypes)),
    },
    ...(files.every((f) => f.result.rewardless === true) ? { rewardless: true } : {}),
    ...(files.some((f) => f.result.estimatesDeferred === true) ? { estimatesDeferred: true } : {}),
  };
}

/** The name a step's import goes by: its one file's path, else `ROOT step N (K files)`. */
export function stepImportName(step: number | null, paths: readonly string[]): string {
  if (paths.length === 1) return paths[0];
  const root = paths[0]?.includes('/') ? `${paths[0].split('/')[0]} ` : '';
  return `${root}step ${step ?? '?'} (${paths.length} files)`;
}
