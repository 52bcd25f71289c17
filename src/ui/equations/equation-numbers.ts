/**
 * The selected group's numbers filled into an estimator's equation, as KaTeX source: the
 * statistics of the group and the worked value for the selected response a_{i,t}.
 * Pure; the numbers come from the records (the estimator's own outputs and components).
 */
import { mean, std } from '../../core/math';
import type { ScoredRecord } from '../group/advantage-lanes';

export interface Worked {
  /** KaTeX lines, rendered one under the other. */
  lines: string[];
}

export function fmt(v: number): string {
  if (!Number.isFinite(v)) return '\\text{–}';
  const abs = Math.abs(v);
  const text = abs !== 0 && abs < 0.001 ? v.toExponential(1) : v.toFixed(abs >= 100 ? 0 : abs >= 10 ? 1 : 3);
  return text.replace(/^-/, '-');
}

/** R^E_j = 1[success]·R/T for every trajectory of the group. */
export function efficiencyRewards(group: readonly ScoredRecord[]): number[] {
  return group.map((r) => (r.outcome.success ? r.outcome.episode_reward / Math.max(1, r.turns.length) : 0));
}

function groupStats(values: number[]): string {
  const sd = values.length > 1 ? std(values) : NaN;
  return `\\operatorname{mean}_j = ${fmt(mean(values))},\\; \\operatorname{std}_j = ${fmt(sd)}\\; (G = ${values.length})`;
}

function num(c: Record<string, number[] | number>, key: string, t: number): number | null {
  const v = c[key];
  if (typeof v === 'number') return v;
  if (Array.isArray(v) && t < v.length) return v[t];
  return null;
}

export function workedEquation(id: string, group: readonly ScoredRecord[], member: number, turn: number): Worked {
  const record = group[member];
  const slice = record?.estimator_advantages?.[id];
  if (!record || !slice) return { lines: [] };
  const t = Math.min(turn, Math.max(0, slice.per_turn.length - 1));
  const i = member + 1;
  const a = slice.per_turn[t] ?? NaN;
  const c = slice.components;
  const R = record.outcome.episode_reward;
  const mu = num(c, 'groupMean', t);
  const scale = num(c, 'groupScale', t);
  if (mu !== null && scale !== null) {
    return { lines: [
      `R(\\tau_j):\\; ${groupStats(group.map((r) => r.outcome.episode_reward))}`,
      `A_{${i},${t + 1}} = \\frac{${fmt(R)} - ${fmt(mu)}}{${fmt(scale)}} = ${fmt(a)}`,
    ] };
  }
  const aE = num(c, 'trajectoryAdvantage', t);
  const aS = num(c, 'responseAdvantage', t);
  const alpha = num(c, 'alpha', t);
  if (aE !== null && aS !== null && alpha !== null) {
    const T = record.turns.length;
    const L = record.turns[t]?.response_tokens ?? NaN;
    const rE = record.outcome.success ? R / T : 0;
    return { lines: [
      `R^E_j:\\; ${groupStats(efficiencyRewards(group))}`,
      `R^E_{${i}} = \\frac{${record.outcome.success ? 1 : 0}\\cdot ${fmt(R)}}{T_{${i}} = ${T}} = ${fmt(rE)},\\quad R^S_{${i},${t + 1}} = \\frac{${record.outcome.success ? 1 : 0}\\cdot ${fmt(R)}}{L = ${L}${record.estimated_tokens ? '\\text{ (estimated)}' : ''}}`,
      `A_{${i},${t + 1}} = \\underbrace{${fmt(aE)}}_{A^E} + \\underbrace{${fmt(alpha)}}_{\\alpha(k)} \\times \\underbrace{${fmt(aS)}}_{A^S} = ${fmt(a)}`,
    ] };
  }
  const baseline = num(c, 'baseline', t);
  if (baseline !== null) {
    return { lines: [`A_{${i},${t + 1}} = ${fmt(R)} - ${fmt(baseline)} = ${fmt(a)}`] };
  }
  return { lines: [`A_{${i},${t + 1}} = ${fmt(a)}`] };
}
