/**
 * Charts and summary of the value-function concept (value-function.ts): for one trajectory of the
 * group, V(s_t) beside the return G_t that followed, and the per-turn credit GAE gives beside
 * GRPO's flat credit; over training, the critic's fit corr(V, G).
 */
import type { LineChartInput } from '../experiments/charts/layout';
import type { CurveSeries } from '../experiments/summarize';
import type { ValueFunctionResult, ValueTrajectory } from './value-function';

const curve = (id: string, label: string, xs: number[], ys: number[]): CurveSeries => ({
  id, label, points: xs.map((x, i) => ({ x, mean: ys[i], low: null, high: null })),
});

/** The trajectory shown by default: the first success with two or more turns, else the longest. */
export function defaultMember(result: ValueFunctionResult): number {
  const trajs = result.trajectories;
  const win = trajs.find((t) => t.success && t.turns.length > 1);
  if (win) return win.member;
  return [...trajs].sort((a, b) => b.turns.length - a.turns.length)[0]?.member ?? 0;
}

export function trajectoryOf(result: ValueFunctionResult, member: number): ValueTrajectory | undefined {
  return result.trajectories.find((t) => t.member === member);
}

/** t is 1-based on the x axis (turn 1 … T_i). */
export function valueVsReturnChart(traj: ValueTrajectory): LineChartInput {
  const xs = traj.turns.map((t) => t.t + 1);
  return {
    title: `V(s_t) vs the return that followed (member ${traj.member}, ${traj.success ? 'success' : 'failure'})`,
    xLabel: 'turn t', yLabel: 'value',
    series: [curve('value', 'critic V(s_t)', xs, traj.turns.map((t) => t.value)), curve('return', 'actual return G_t', xs, traj.turns.map((t) => t.returnToGo))],
  };
}

export function creditChart(traj: ValueTrajectory): LineChartInput {
  const xs = traj.turns.map((t) => t.t + 1);
  return {
    title: `Per-turn credit (member ${traj.member}): critic (GAE) vs GRPO (flat)`,
    xLabel: 'turn t', yLabel: 'advantage',
    series: [
      curve('gae', 'PPO: GAE Â_t (before whitening)', xs, traj.turns.map((t) => t.gae)),
      curve('ppo-whitened', 'PPO: A_t used (whitened)', xs, traj.turns.map((t) => t.advantage)),
      curve('grpo', 'GRPO: A_i on every turn', xs, traj.turns.map((t) => t.grpo)),
    ],
  };
}

export function criticFitChart(result: ValueFunctionResult): LineChartInput {
  const pts = result.history.filter((h) => h.criticFit !== null);
  return {
    title: "The critic's fit over training: corr(V(s_t), G_t) in each batch",
    xLabel: 'iteration', yLabel: 'correlation', yDomain: [-1, 1],
    series: [curve('fit', 'corr(V, G)', pts.map((h) => h.iteration), pts.map((h) => h.criticFit!))],
  };
}

const f = (x: number | null | undefined, d = 2): string => (x === null || x === undefined ? '–' : x.toFixed(d));
const avgFit = (h: ValueFunctionResult['history']): number | null => {
  const xs = h.map((x) => x.criticFit).filter((x): x is number => x !== null);
  return xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
};

export function valueSummary(result: ValueFunctionResult, command: string, backend: string): string {
  const c = result.spec.config;
  const h = result.history;
  const traj = trajectoryOf(result, defaultMember(result));
  const rows = traj ? traj.turns.map((t) => `| ${t.t + 1} | ${t.action} | ${f(t.reward)} | ${f(t.value)} | ${f(t.returnToGo)} | ${f(t.gae)} | ${f(t.advantage)} | ${f(t.grpo)} |`) : [];
  return [
    '# The value function: measured', '', `Command: \`${command}\``, '',
    `Setting: ${c.env} (${c.taskType}, size ${c.envSize}, at most ${c.maxTurns} turns), PPO with the critic (valueCoef ${c.valueCoef}), `
    + `γ = ${result.gamma}, λ = ${result.lambda}, G = ${c.groupSize}, B = ${c.tasksPerIteration}, seed ${c.seed}, ${result.spec.iterations} iterations; backend ${backend}.`, '',
    `The critic's fit corr(V(s_t), G_t) over each batch's turns: first 5 iterations ${f(avgFit(h.slice(0, 5)))}, last 5 ${f(avgFit(h.slice(-5)))}; `
    + `success first 5 ${f(h.slice(0, 5).reduce((s, x) => s + x.successRate, 0) / Math.max(1, Math.min(5, h.length)))}, last 5 ${f(h.slice(-5).reduce((s, x) => s + x.successRate, 0) / Math.max(1, Math.min(5, h.length)))}.`, '',
    `Group of iteration ${result.iteration}, task "${result.task}": ${result.trajectories.filter((t) => t.success).length} of ${result.trajectories.length} succeeded.`,
    ...(traj ? ['', `Member ${traj.member} (${traj.success ? 'success' : 'failure'}, R = ${f(traj.reward)}):`, '',
      '| t | action | r_t | V(s_t) | G_t | GAE Â_t | A_t used | GRPO A |', '|---|---|---|---|---|---|---|---|', ...rows] : []),
    '',
  ].join('\n');
}
