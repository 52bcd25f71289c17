/**
 * Shared pieces of the entries' worked equations: number formatting for KaTeX, group statistics
 * lines, and the critic path's whitening line. Pure; every entry composes its own lines.
 */
import { mean, std } from '../math/stats';
import type { WorkedEquation, WorkedInput, WorkedTrajectory } from './spec';

export function fmt(v: number): string {
  if (!Number.isFinite(v)) return '\\text{–}';
  const abs = Math.abs(v);
  return abs !== 0 && abs < 0.001 ? v.toExponential(1) : v.toFixed(abs >= 100 ? 0 : abs >= 10 ? 1 : 3);
}

/** `mean_j = …, std_j = … (G = n)` of a list of per-trajectory values. */
export function groupStatsLine(values: readonly number[]): string {
  const sd = values.length > 1 ? std([...values]) : NaN;
  return `\\operatorname{mean}_j = ${fmt(mean([...values]))},\\; \\operatorname{std}_j = ${fmt(sd)}\\; (G = ${values.length})`;
}

/** A component's value at turn t (scalar or per-turn); NaN when absent. */
export function componentAt(traj: WorkedTrajectory, key: string, t: number): number {
  const v = traj.components[key];
  if (typeof v === 'number') return v;
  if (Array.isArray(v) && t < v.length) return v[t];
  return NaN;
}

export interface Selected {
  traj: WorkedTrajectory;
  /** 1-based indices for display. */
  i: number;
  t: number;
  /** 0-based turn, clamped to the trajectory. */
  turn: number;
  /** A_{i,t} as the records carry it. */
  a: number;
  /** `A_{i,t}` in KaTeX. */
  symbol: string;
}

export function selected(input: WorkedInput): Selected | null {
  const traj = input.group[input.member];
  if (!traj || traj.perTurn.length === 0) return null;
  const turn = Math.min(Math.max(0, input.turn), traj.perTurn.length - 1);
  const i = input.member + 1;
  return { traj, i, t: turn + 1, turn, a: traj.perTurn[turn], symbol: `A_{${i},${turn + 1}}` };
}

/** Shown when the selection is empty. */
export const NO_SELECTION: WorkedEquation = { lines: [], numbers: {} };

/**
 * The critic path's last step, when the trainer whitened the batch: the records carry the whitened
 * A; `rawAdvantage`, `batchMean` and `batchScale` say where it came from.
 */
export function whitenedLine(s: Selected): { line: string; numbers: Record<string, number> } | null {
  const raw = componentAt(s.traj, 'rawAdvantage', s.turn);
  const mu = componentAt(s.traj, 'batchMean', s.turn);
  const scale = componentAt(s.traj, 'batchScale', s.turn);
  if (![raw, mu, scale].every(Number.isFinite)) return null;
  return {
    line: `${s.symbol} = \\frac{\\hat A - \\mu_B}{\\sigma_B} = \\frac{${fmt(raw)} - ${fmt(mu)}}{${fmt(scale)}} = ${fmt(s.a)}\\quad\\text{(batch whitening)}`,
    numbers: { rawAdvantage: raw, batchMean: mu, batchScale: scale },
  };
}

/** 1[success]·R/T per trajectory (PlanPO's R^E, success-conditioned shaping's r). */
export function efficiencyOf(traj: WorkedTrajectory): number {
  return traj.success ? traj.reward / Math.max(1, traj.numTurns) : 0;
}
