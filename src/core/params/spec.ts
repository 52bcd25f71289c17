/**
 * ParamSpec: the one declaration of a user-settable parameter. Estimator entries, reward entries
 * and the run's own settings (`core/train/run-params.ts`) all declare their parameters this way,
 * and every consumer is generated from it: validation (validate.ts), share-link keys (link.ts),
 * CLI flags and `--help` (flags.ts), docs tables (docs-table.ts) and the lab's form fields
 * (`ui/fields/ParamField.tsx`).
 *
 * Type-only plus tiny builders, so entry files can import it without an import cycle.
 */

export type ParamType = 'number' | 'integer' | 'choice' | 'boolean';
export type ParamValue = number | string | boolean;

/** One parameter. */
export interface ParamSpec {
  /** Field name in the params object (`RunConfig.estimatorParams`, a RunConfig field, …). */
  key: string;
  type: ParamType;
  /** The declared default; `null` only for a `nullable` parameter whose default is "unset". */
  default: ParamValue | null;
  /** Short label for forms, e.g. `γ (discount)`. */
  label: string;
  /** One line of help (forms' title text, CLI --help, docs tables). */
  help: string;
  /** CLI flag without the dashes, e.g. `gamma` for `--gamma`. */
  cliFlag: string;
  /** Query key in share links (after the owner's prefix, e.g. `gigpo.` for estimator parameters); '' = not in links. */
  linkKey: string;
  /** Inclusive range for number / integer (`exclusiveMin`: the minimum itself is not allowed). */
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  /** Valid values for choice. */
  choices?: readonly string[];
  /** Null is a valid value, meaning this (e.g. `the env's default`); links write it as `default`. */
  nullable?: string;
  /** The word links and flags write for null (default `default`; a task type's null is `any`). */
  nullWord?: string;
  /** Where a form shows the field: a section name of the owner's form (the run's: `run`, `advanced`). */
  group?: string;
  /** Step of a form's number box (default: 1 for integers, any for numbers). */
  step?: number;
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

/** Builders that keep entries short; they only fill the repeated fields. */
export function numberParam(key: string, def: number, min: number, max: number, label: string, help: string, extra: Partial<ParamSpec> = {}): ParamSpec {
  return { key, type: 'number', default: def, min, max, label, help, cliFlag: kebab(key), linkKey: key, ...extra };
}

export function integerParam(key: string, def: number | null, min: number, max: number, label: string, help: string, extra: Partial<ParamSpec> = {}): ParamSpec {
  return { key, type: 'integer', default: def, min, max, label, help, cliFlag: kebab(key), linkKey: key, ...extra };
}

export function choiceParam(key: string, def: string | null, choices: readonly string[], label: string, help: string, extra: Partial<ParamSpec> = {}): ParamSpec {
  return { key, type: 'choice', default: def, choices, label, help, cliFlag: kebab(key), linkKey: key, ...extra };
}

export function booleanParam(key: string, def: boolean, label: string, help: string, extra: Partial<ParamSpec> = {}): ParamSpec {
  return { key, type: 'boolean', default: def, label, help, cliFlag: kebab(key), linkKey: key, ...extra };
}

/** `stdEpsilon` → `std-epsilon`. */
export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** Declared defaults by key. */
export function specDefaults(specs: readonly ParamSpec[]): Record<string, ParamValue | null> {
  const out: Record<string, ParamValue | null> = {};
  for (const p of specs) out[p.key] = p.default;
  return out;
}
