/**
 * What an estimator entry declares besides its arithmetic (house style §2, "an entry is its
 * variant's whole contract"): parameters as a schema, schedules, named components and how they
 * combine, and the worked equation for one response. Consumers (trainer, lab, CLI, share links,
 * config validation) read these declarations and never test an entry by property name.
 *
 * Parameters themselves are ParamSpecs (core/params/spec.ts), the one declaration shared with
 * rewards and the run's settings. Type-only, so estimator files can import it without a cycle.
 */

export type ScheduleKind = 'linear' | 'constant';
export const SCHEDULE_KINDS: readonly ScheduleKind[] = ['linear', 'constant'];

/**
 * A value the trainer sets each iteration k = 1..K from three declared parameters:
 * `value = schedule(kind; init, final)(k)` (see alpha-schedule.ts, `scheduleValue`).
 */
export interface ScheduleSpec {
  /** Params key the computed value is written to (`alpha`). */
  key: string;
  /** Display symbol, e.g. `α(k)`. */
  label: string;
  /** Params keys of α_init, α_final and the schedule kind. */
  initKey: string;
  finalKey: string;
  kindKey: string;
}

/** One named part of the estimator's output, as it appears in `TurnAdvantages.components`. */
export interface ComponentSpec {
  key: string;
  /** Display label (plain text), e.g. `A^E`. */
  label: string;
  shape: 'per-turn' | 'scalar';
}

/** One term of A = Σ weight·component; `weight` names a scalar component (absent = 1). */
export interface CombineTerm {
  component: string;
  weight?: string;
  /** Lane label of the weighted term, e.g. `α·A^S`. */
  label: string;
}

/** How the components make A: the terms and a plain-text rule, e.g. `A = A^E + α·A^S`. */
export interface Combination {
  terms: readonly CombineTerm[];
  text: string;
}

/** One trajectory as the worked equation sees it (the group's records, plain numbers). */
export interface WorkedTrajectory {
  success: boolean;
  /** R(τ_i) */
  reward: number;
  /** T_i */
  numTurns: number;
  /** L_{i,t} */
  responseTokens: number[];
  /** This estimator's A_{i,t}. */
  perTurn: number[];
  /** This estimator's components for trajectory i (per-turn arrays or scalars). */
  components: Record<string, number[] | number>;
}

export interface WorkedInput {
  group: readonly WorkedTrajectory[];
  /** i (0-based) and t (0-based) of the selected response. */
  member: number;
  turn: number;
}

export interface WorkedEquation {
  /** KaTeX lines, rendered one under the other. */
  lines: string[];
  /** The numbers that went into the lines, by name (tests and tooltips read them). */
  numbers: Record<string, number>;
}
