/**
 * α used to be a run setting (`RunConfig.alphaInit` / `alphaFinal`, link keys `alphaInit=`,
 * `alphaFinal=`) that the trainer wrote over every declared schedule. It is now each estimator's
 * own parameter (PlanPO declares `alphaInit`, `alphaFinal`, `alphaSchedule`). This maps what older
 * configs, saved labs and links carry onto the estimators whose declared schedule has an end
 * parameter of that name (another schedule, say a toy's `betaInit`, is never touched), and says
 * what it did:
 *
 * - a value equal to the estimator's declared default changes nothing and is not mentioned;
 * - otherwise it becomes that estimator's parameter ("alphaInit = 0.2: read as planpo.alphaInit");
 * - when the estimator's own key is set too and disagrees, its own key wins and the conflict is named;
 * - when no estimator declares α, a non-default value is named as ignored.
 */
import { getEstimator, isEstimatorId } from '../advantage/registry';
import { checkParam, describeParam } from '../params/validate';

/** The old RunConfig keys and the schedule end each one fed, with the old default. */
const LEGACY = [
  { key: 'alphaInit', end: 'initKey', oldDefault: 0.1 },
  { key: 'alphaFinal', end: 'finalKey', oldDefault: 0.05 },
] as const;

type Params = Record<string, unknown>;

export interface LegacyAlphaResult {
  /** Each estimator's params with the mapped values added. */
  params: Record<string, Params>;
  /** One line per mapping, conflict or ignored value. */
  notes: string[];
}

/**
 * `raw.alphaInit` / `raw.alphaFinal` onto each of `estimators` that declares a schedule;
 * `keyOf(id, key)` names an estimator's own key in messages (`planpo.alphaInit` in a link,
 * `estimatorParams.alphaInit` in a config). Values that are not finite numbers ≥ 0 are named and
 * ignored.
 */
export function mapLegacyAlpha(
  raw: Readonly<Record<string, unknown>>, estimators: readonly string[], own: Readonly<Record<string, Params>>,
  keyOf: (id: string, key: string) => string,
): LegacyAlphaResult {
  const params: Record<string, Params> = {};
  for (const id of estimators) params[id] = { ...(own[id] ?? {}) };
  const notes: string[] = [];
  for (const { key, end, oldDefault } of LEGACY) {
    if (!(key in raw)) continue;
    const value = raw[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
      notes.push(`${key}: expected a number in 0..100, got ${JSON.stringify(value) ?? String(value)}; ignored`);
      continue;
    }
    // The old key fed the schedules whose end parameter has the same name (PlanPO's alphaInit / alphaFinal).
    const targets = estimators.filter((id) => isEstimatorId(id) && getEstimator(id).schedules.some((s) => s[end] === key));
    if (targets.length === 0 && value !== oldDefault) {
      notes.push(`${key} = ${value}: none of ${estimators.join(', ')} declares α; ignored`);
    }
    for (const id of targets) notes.push(...mapOne(id, key, key, value, params[id], keyOf));
  }
  return { params, notes };
}

function mapOne(id: string, target: string, key: string, value: number, params: Params, keyOf: (id: string, key: string) => string): string[] {
  const spec = getEstimator(id).params.find((p) => p.key === target);
  if (!spec) return [];
  const name = keyOf(id, target);
  if (Object.prototype.hasOwnProperty.call(params, target)) {
    return params[target] === value ? [] : [`${key} = ${value} conflicts with ${name} = ${String(params[target])}: using ${name} = ${String(params[target])} (α is ${id}'s own parameter)`];
  }
  if (value === spec.default) return [];
  if (checkParam(spec, value, { text: false }) === undefined) return [`${key} = ${value}: ${name} expects ${describeParam(spec)}; ignored`];
  params[target] = value;
  return [`${key} = ${value}: read as ${name} = ${value} (α is ${id}'s own parameter now)`];
}
