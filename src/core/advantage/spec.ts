/**
 * What an estimator entry declares besides its arithmetic (house style §2, "an entry is its
 * variant's whole contract"): parameters as a schema, schedules, named components and how they
 * combine, and the worked equation for one response. Consumers (trainer, lab, CLI, share links,
 * config validation) read these declarations and never test an entry by property name.
 *
 * Type-only plus tiny builders, so estimator files can import it without an import cycle.
 */

export type ParamType = 'number' | 'integer' | 'choice' | 'boolean';
export type ParamValue = number | string | boolean;

/** One estimator parameter. */
export interface ParamSpec {
  /** Field name in the estimator's params object (and in `RunConfig.estimatorParams`). */
  key: string;
  type: ParamType;
  default: ParamValue;
  /** Short label for forms, e.g. `γ (discount)`. */
  label: string;
  /** One line of help (forms' title text, CLI --help). */
  help: string;
  /** CLI flag without the dashes, e.g. `gamma` for `--gamma`. */
  cliFlag: string;
  /** Query key in share links, after the estimator id: `gigpo.gamma=0.9`. */
  linkKey: string;
  /** Inclusive range for number / integer. */
  min?: number;
  max?: number;
  /** Valid values for choice. */
  choices?: readonly string[];
  /** Further CLI flags for this parameter; `value` set means a value-less switch (`--no-std`). */
  cliAliases?: readonly { flag: string; value?: ParamValue }[];
  /** Key of a doc section explaining the parameter (docs/algorithms/<page>.md#<anchor>). */
  docKey?: string;
  /**
   * Under free decoding the trainer gives this parameter `RunConfig.formatPenalty` unless the run
   * overrides it (verl-agent's invalid-action penalty).
   */
  formatPenalty?: boolean;
}

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

/** Builders that keep entries short; they only fill the repeated fields. */
export function numberParam(key: string, def: number, min: number, max: number, label: string, help: string, extra: Partial<ParamSpec> = {}): ParamSpec {
  return { key, type: 'number', default: def, min, max, label, help, cliFlag: kebab(key), linkKey: key, ...extra };
}

export function choiceParam(key: string, def: string, choices: readonly string[], label: string, help: string, extra: Partial<ParamSpec> = {}): ParamSpec {
  return { key, type: 'choice', default: def, choices, label, help, cliFlag: kebab(key), linkKey: key, ...extra };
}

export function booleanParam(key: string, def: boolean, label: string, help: string, extra: Partial<ParamSpec> = {}): ParamSpec {
  return { key, type: 'boolean', default: def, label, help, cliFlag: kebab(key), linkKey: key, ...extra };
}

/** `stdEpsilon` → `std-epsilon`. */
export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
