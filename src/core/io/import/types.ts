/**
 * The streaming importer's contract: text goes in by chunks, rollouts.v1 trajectories and a list of
 * problems (with 1-based line numbers) come out. Adapters (one per framework format, `formats/`)
 * see parsed JSON values, one at a time, and emit records; they never see the raw stream.
 */
import type { RolloutTrajectoryV1 } from '../rollouts-v1';

export type ImportFormatId =
  | 'rollouts-v1'
  | 'verl-agent-uid'
  | 'verl-agent'
  | 'agentgym-rl'
  | 'ragen-cache'
  | 'ragen-val'
  | 'skyrl-evals'
  | 'verl'
  | 'trl-completions'
  | 'openrlhf-samples'
  | 'sft-conversations'
  /** Rows read through a user's column mapping (`createImporter({ mapping })`); not a registry entry. */
  | 'column-mapping';

/**
 * How the file is laid out: JSON (one value per line, one top-level array, or a single JSON text),
 * CSV / TSV text, or parquet bytes. Table rows (CSV, parquet, a W&B table) reach adapters as plain
 * objects, one per row; their `line` is the CSV line, or the 1-based row number (parquet, W&B table).
 */
export type JsonLayout = 'lines' | 'array' | 'document' | 'csv' | 'parquet';

export interface ImportProblem {
  /** 1-based line where the offending value starts; null for problems of the file as a whole. */
  line: number | null;
  reason: string;
}

export interface ImportProgress {
  groups: number;
  trajectories: number;
  lines: number;
}

/** What the import holds, for the summary line: N trajectories, G groups, steps, envs, task types. */
export interface ImportSummary {
  trajectories: number;
  groups: number;
  turns: number;
  trainSteps: number[];
  envs: string[];
  taskTypes: string[];
}

export interface ImportResult {
  format: ImportFormatId;
  adapterLabel: string;
  trajectories: RolloutTrajectoryV1[];
  /** Per trajectory, the 1-based line where it starts in the file (its first row for multi-row formats). */
  sourceLines: Array<number | null>;
  /** The first 100 problems, in the order found. */
  problems: ImportProblem[];
  /** Every problem, counted. */
  problemCount: number;
  /**
   * Lines (or table rows) with a problem from which no record was kept, each counted once however
   * many problems it holds (`ProblemLog.skippedLines`).
   */
  skippedLines: number;
  /**
   * Where L_{i,t} came from: the file's token counts, the text estimate (`estimateTokens`, marked
   * per turn with `response_tokens_estimated: true`), or some of each.
   */
  tokenCounts: 'file' | 'estimated' | 'mixed';
  /** Plain sentences about what the adapter did (duplicates dropped, layout read, assumptions). */
  notes: string[];
  summary: ImportSummary;
  /**
   * True when the format carries no reward (SFT / expert trajectories): rewards are 0 and success
   * false by construction, so the lab offers the file for reading only and scores nothing.
   */
  rewardless?: boolean;
  /**
   * Missing `response_tokens` were left missing (`ImporterOptions.deferEstimates`): fill a record's
   * with `fillTokenCounts` before its L_{i,t} is used. `tokenCounts` already counts them as estimated.
   */
  estimatesDeferred?: boolean;
}

/** The first value of the file, for detection. */
export interface FormatSample {
  value: unknown;
  layout: JsonLayout;
  fileName?: string;
  /** The table's column names in order, when the value is a row of a table (CSV, parquet, W&B table). */
  columns?: string[];
}

/** What an adapter may do while it reads. */
export interface AdapterContext {
  fileName?: string;
  layout: JsonLayout;
  emit(record: RolloutTrajectoryV1, line: number | null): void;
  problem(line: number | null, reason: string): void;
  note(text: string): void;
}

export interface AdapterSession {
  /** One parsed JSON value (a line, an array element or the whole document) that starts on `line`. */
  item(value: unknown, line: number): void;
  /** End of input: adapters that reconstruct trajectories emit them here. */
  finish(): void;
  /** Groups seen so far (an estimate for adapters that reconstruct at the end). */
  groups(): number;
}

/** One registry entry: the whole contract of a format. */
export interface ImportAdapter {
  id: ImportFormatId;
  label: string;
  /** Framework name for `convert --from` (several formats may share one). */
  framework: 'rollouts.v1' | 'verl-agent' | 'agentgym-rl' | 'ragen' | 'skyrl' | 'verl' | 'trl' | 'openrlhf' | 'mapping' | 'sft';
  /** One sentence: what the files look like and where they come from. */
  description: string;
  /**
   * The format carries no reward (SFT / expert data): its trajectories are for reading only and the
   * result says so (`ImportResult.rewardless`).
   */
  rewardless?: boolean;
  detect(sample: FormatSample): boolean;
  open(ctx: AdapterContext): AdapterSession;
}
