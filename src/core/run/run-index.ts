/**
 * A training run's folder as an index, from its files' relative paths alone (nothing is read):
 * which training step and rank each file holds, and the steps in order. The frameworks' own names:
 *
 * - `rollout_data_dir/{step}.jsonl` (verl, verl-agent) → step;
 * - `rollout_log_dir/step{N}/{rank}.json` (AgentGym-RL) → step N, rank;
 * - `…/global_step_{N}…/…` (SkyRL's `global_step_{N}_evals`, checkpoints) → step N;
 * - `completions/completions_{step}.parquet` (TRL) → step.
 *
 * Any other readable file has step null (the reader may still find one inside it). Pure.
 */

/** Files the readers may open: JSON, JSON Lines, gzip, CSV / TSV and parquet. */
export const READABLE_PATH = /\.(jsonl|ndjson|json|csv|tsv)(\.gz)?$|\.parquet$/i;

export interface RunFile {
  path: string;
  step: number | null;
  rank: number | null;
  bytes: number;
}

export interface RunStep {
  step: number | null;
  files: RunFile[];
  bytes: number;
}

export interface RunIndex {
  files: number;
  bytes: number;
  /** Ascending; the step-less files (each its own entry) last. */
  steps: RunStep[];
}

const natural = new Intl.Collator('en', { numeric: true });

/** Step and rank from a relative path (`/` or `\` separated). */
export function placeOfPath(path: string): { step: number | null; rank: number | null } {
  const p = path.replace(/\\/g, '/');
  const ranked = /(?:^|\/)step_?(\d+)\/(\d+)\.json(?:\.gz)?$/i.exec(p);
  if (ranked) return { step: Number(ranked[1]), rank: Number(ranked[2]) };
  const global = /(?:^|\/)global_step_?(\d+)(?:[_/.-]|$)/i.exec(p);
  if (global) return { step: Number(global[1]), rank: null };
  const named = /(?:^|\/)(?:completions_|step_?)?(\d+)\.(?:jsonl|ndjson|json|parquet)(?:\.gz)?$/i.exec(p);
  if (named) return { step: Number(named[1]), rank: null };
  return { step: null, rank: null };
}

/** The index of a folder's listing (paths relative to the folder; sizes in bytes, 0 where unknown). */
export function indexRun(listing: ReadonlyArray<{ path: string; bytes?: number }>): RunIndex {
  const files: RunFile[] = listing
    .filter((f) => READABLE_PATH.test(f.path))
    .map((f) => ({ path: f.path, bytes: f.bytes ?? 0, ...placeOfPath(f.path) }))
    .sort((a, b) => natural.compare(a.path, b.path));
  const bySteps = new Map<number, RunStep>();
  const stepless: RunStep[] = [];
  for (const file of files) {
    if (file.step === null) {
      stepless.push({ step: null, files: [file], bytes: file.bytes });
      continue;
    }
    let entry = bySteps.get(file.step);
    if (!entry) bySteps.set(file.step, (entry = { step: file.step, files: [], bytes: 0 }));
    entry.files.push(file);
    entry.bytes += file.bytes;
  }
  for (const entry of bySteps.values()) entry.files.sort((a, b) => (a.rank ?? -1) - (b.rank ?? -1) || natural.compare(a.path, b.path));
  const steps = [...bySteps.values()].sort((a, b) => (a.step as number) - (b.step as number));
  return { files: files.length, bytes: files.reduce((n, f) => n + f.bytes, 0), steps: [...steps, ...stepless] };
}

/** Steps of the index whose position k (0-based) satisfies k ≡ K−1 (mod N): `--part K/N`. */
export function partOfRun(index: RunIndex, part: number, parts: number): RunIndex {
  const steps = index.steps.filter((_, k) => k % parts === part - 1);
  const files = steps.flatMap((s) => s.files);
  return { files: files.length, bytes: files.reduce((n, f) => n + f.bytes, 0), steps };
}
