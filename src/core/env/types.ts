/**
 * The contract every text environment implements (house style §3).
 *
 * State is plain, JSON-serializable data; `step` is pure (it never mutates its input);
 * all randomness comes from the seed given to `reset`.
 */

export type Split = 'seen' | 'unseen';

export interface EnvOptions {
  /** One of the environment's `taskTypes`; random (from the seed) when omitted. */
  taskType?: string;
  /** `seen` (training distribution, default) or `unseen` (held-out layouts). */
  split?: Split;
  /** Environment-specific size knob (e.g. number of receptacles); documented per env. */
  size?: number;
  /** Episode cap; defaults to the environment's `maxTurns`. */
  maxTurns?: number;
  /** Environment-specific text dialect (household: 'current' | 'legacy'). */
  dialect?: string;
}

export interface ResetResult<S> {
  state: S;
  observation: string;
  task: string;
}

export interface StepResult<S> {
  state: S;
  observation: string;
  reward: number;
  done: boolean;
  success: boolean;
}

/** Fields every environment's state carries, so generic code (rollouts, UI) can read them. */
export interface BaseEnvState {
  turn: number;
  maxTurns: number;
  done: boolean;
  success: boolean;
  taskType: string;
  /**
   * The benchmark's own score where it has one besides success (shop: WebShop's purchase
   * reward 0..1; science: ScienceWorld's score, 0..100 or -100). Absent for household.
   */
  score?: number;
}

/** The `size` option's declared range (inclusive) and default, and what it counts. */
export interface SizeRange {
  min: number;
  max: number;
  default: number;
  /** What the size counts, plural (`receptacles`, `catalogue products`, `rooms`). */
  unit: string;
}

/** One member of a constructed demo group: the commands played and the thought words per turn. */
export interface DemoPlay {
  actions: string[];
  thoughts: number;
  /** How this member plays, e.g. `direct and concise`, `detour`, `wanders (fails)`. */
  label: string;
}

/** A constructed group for the worked example: the reset options and the G plays of one task. */
export interface DemoGroup {
  seed: number;
  options: EnvOptions;
  plays: DemoPlay[];
}

export interface TextEnv<S extends BaseEnvState = BaseEnvState> {
  id: `${string}-v${number}`;
  label: string;
  /** Default episode cap. */
  maxTurns: number;
  /** Largest `maxTurns` option the environment accepts (the turn cap). */
  maxTurnsLimit: number;
  /** The `size` option: range, default and unit. */
  sizeRange: SizeRange;
  taskTypes: readonly string[];
  splits: readonly Split[];
  /**
   * The feedback of a command that changes nothing (household: `Nothing happens.`), which
   * circuitous-play detection counts as a no-effect turn; null when the environment has none.
   */
  noOpFeedback: string | null;
  /** A constructed group of one task for the worked example (no training needed). */
  demoGroup(seed: number, taskType?: string): DemoGroup;
  reset(seed: number, options?: EnvOptions): ResetResult<S>;
  step(state: S, action: string): StepResult<S>;
  /** Sorted, de-duplicated commands that change or inspect the world from `state`. */
  admissibleActions(state: S): string[];
  /** A shortest successful plan from `state` (the oracle behind "circuitous"). */
  solve(state: S): string[];
  /**
   * The page text shown with some admissible commands' targets (shop: a product's title and price
   * beside its ASIN), keyed by command. The policy's lookahead features read a command's words
   * plus its label, as a reader of the page would. Absent, or a command missing: its own words.
   */
  commandLabels?(state: S): Readonly<Record<string, string>>;
  /**
   * Where the agent is after this state (e.g. `countertop 1`, `kitchen`, `item page`), or null
   * when the environment has no notion of place there. Lets the UI spot circuitous play
   * ("revisited countertop 1 three times").
   */
  describeLocation?(state: S): string | null;
  /**
   * Names of the verifiable intermediate checks that hold in `state` (household: `holding a apple`,
   * `apple is hot`): steps toward the goal the environment can verify. Shaped rewards pay for them
   * (core/reward/loop-penalty.ts); absent when the environment declares none.
   */
  intermediateChecks?(state: S): string[];
}
