/**
 * EMPG: entropy-modulated policy gradients. The outcome advantage of every step is rescaled by a
 * self-calibrating function of the step's entropy, a bonus rewards steps followed by a confident
 * step, and the result is normalized over the batch:
 *
 *   Ĥ_{i,t} = (H_{i,t} − min_B H) / (max_B H − min_B H + 1e-8)           batch min–max (Eq. 12)
 *   g_{i,t} = exp(−k·Ĥ_{i,t}) / (mean_B exp(−k·Ĥ) + 1e-8)                  self-calibrating scale (Eq. 10)
 *   f_{i,t} = exp(−k_f·Ĥ_{i,t})                                             future clarity (Eq. 11)
 *   A_mod(i,t) = g_{i,t}·A^O_i + ζ·f_{i,t+1}                                (no bonus on the last turn)
 *   A_{i,t} = (A_mod(i,t) − μ_B) / (σ_B + ε)                                final batch normalization
 *
 * Wang, Liu, Fu et al., "Harnessing Uncertainty: Entropy-Modulated Policy Gradients for
 * Long-Horizon LLM Agents" (arXiv 2509.09265); the defaults k = 1, k_f = 1, ζ = 0.1, the 1e-8
 * guards and the batch min–max follow the authors' published pseudocode (project page).
 *
 * Details a reader could get wrong (pinned in tests/core/advantage/empg.test.ts):
 * - H_{i,t} is the mean token entropy of response t under the sampling policy, over its sampled
 *   positions (`TrajectorySummary.entropies`); a group without entropies cannot be scored (it
 *   throws with a plain message: imported logs rarely carry them).
 * - A^O_i is GRPO's outcome advantage of the task group (trajectory statistics, Bessel std + ε).
 * - B is the training batch: `estimateBatch` takes every group of the iteration (the trainer uses
 *   it); `estimate` on one group treats that group as the batch (CLI, import, lab example).
 * - mean g = 1 over the batch's steps, so the modulation moves credit between steps, not its scale.
 * - The final normalization (`finalNorm`) counts every step of the batch once (Bessel std); with
 *   fewer than two steps nothing is normalized. The paper's text we could reach says the advantage
 *   is normalized over the batch without the exact form: 'mean-std' (default) is our choice.
 */
import type { AdvantageEstimator, RolloutGroup, TurnAdvantages } from './types';
import { DEFAULT_STD_EPSILON } from './group-norm';
import { grpoAdvantages, GRPO_DEFAULTS } from './grpo';
import { validateGroup } from './turns';
import { unmetRequirement } from './requires';
import { STD_EPSILON } from './common-params';
import { choiceParam, numberParam } from '../params/spec';
import { mean, minMax, std } from '../math/stats';
import { componentAt, fmt, NO_SELECTION, selected } from './worked';

export const EMPG_FINAL_NORMS = ['mean-std', 'mean', 'none'] as const;
export type EmpgFinalNorm = (typeof EMPG_FINAL_NORMS)[number];

export interface EmpgParams {
  /** k of the self-calibrating scale g (1.0). */
  k: number;
  /** k_f of the future clarity bonus f (1.0). */
  kFuture: number;
  /** ζ, the weight of the future clarity bonus (0.1). */
  zeta: number;
  /** The final batch normalization of A_mod. */
  finalNorm: EmpgFinalNorm;
  /** ε of the outcome advantage's std and of the final std. */
  stdEpsilon: number;
}

export const EMPG_DEFAULTS: EmpgParams = { k: 1, kFuture: 1, zeta: 0.1, finalNorm: 'mean-std', stdEpsilon: DEFAULT_STD_EPSILON };

/** The guard of the paper's min–max and of mean g. */
export const EMPG_GUARD = 1e-8;

/** EMPG over a whole batch of groups: the min–max, mean g and final statistics span every step. */
export function empgBatch(groups: readonly RolloutGroup[], params: EmpgParams): TurnAdvantages[] {
  for (const g of groups) {
    validateGroup(g);
    const why = unmetRequirement(empgEstimator, g);
    if (why) throw new Error(why);
  }
  // OUTCOME ADVANTAGE per task group
  const outcome = groups.map((g) => grpoAdvantages(g, { ...GRPO_DEFAULTS, stdEpsilon: params.stdEpsilon }).perTurn);
  // ENTROPY: batch min–max, g and f
  const all = groups.flatMap((g) => g.trajectories.flatMap((t) => t.entropies!));
  const [lo, hi] = all.length > 0 ? minMax(all) : [0, 0];
  const norm = groups.map((g) => g.trajectories.map((t) => t.entropies!.map((h) => (h - lo) / (hi - lo + EMPG_GUARD))));
  const meanRawScale = all.length > 0 ? mean(norm.flat(2).map((x) => Math.exp(-params.k * x))) : 1;
  const scale = norm.map((rows) => rows.map((row) => row.map((x) => Math.exp(-params.k * x) / (meanRawScale + EMPG_GUARD))));
  const bonus = norm.map((rows) => rows.map((row) => row.map((_, t) => (t + 1 < row.length ? params.zeta * Math.exp(-params.kFuture * row[t + 1]) : 0))));
  // MODULATE, then NORMALIZE over the batch
  const modulated = groups.map((g, b) => g.trajectories.map((_, i) => outcome[b][i].map((a, t) => scale[b][i][t] * a + bonus[b][i][t])));
  const steps = modulated.flat(2);
  const mu = params.finalNorm === 'none' || steps.length < 2 ? 0 : mean(steps);
  const sigma = params.finalNorm !== 'mean-std' || steps.length < 2 ? 1 : std(steps) + params.stdEpsilon;
  return groups.map((g, b) => {
    const scaledOutcome = outcome[b].map((row, i) => row.map((a, t) => scale[b][i][t] * a));
    const bonusMinusMean = bonus[b].map((row) => row.map((f) => f - mu));
    return {
      perTurn: modulated[b].map((row) => row.map((m) => (m - mu) / sigma)),
      components: {
        outcomeAdvantage: outcome[b], stepEntropy: g.trajectories.map((t) => t.entropies!.slice()), normalizedEntropy: norm[b],
        entropyScale: scale[b], clarityBonus: bonus[b], modulatedAdvantage: modulated[b], scaledOutcome, bonusMinusMean,
        inverseScale: 1 / sigma, modulatedMean: mu, modulatedScale: sigma,
      },
    };
  });
}

export const empgEstimator: AdvantageEstimator<EmpgParams> = {
  id: 'empg',
  color: '#B2182B',
  docsPath: 'docs/algorithms/empg.md',
  label: 'EMPG',
  equation: String.raw`A_{i,t} = \frac{g(\hat H_{i,t})\,A^O_i + \zeta f(\hat H_{i,t+1}) - \mu_B}{\sigma_B}`,
  defaults: EMPG_DEFAULTS,
  params: [
    numberParam('k', 1, 0, 20, 'k (entropy scale)', 'sharpness of the self-calibrating scale g(H) = exp(−k·Ĥ) / mean_B exp(−k·Ĥ)'),
    numberParam('kFuture', 1, 0, 20, 'k_f (future clarity)', 'sharpness of the future clarity bonus f(H) = exp(−k_f·Ĥ)'),
    numberParam('zeta', 0.1, 0, 10, 'ζ (clarity bonus)', 'weight of the future clarity bonus ζ·f(Ĥ of the next turn)'),
    choiceParam('finalNorm', 'mean-std', EMPG_FINAL_NORMS, 'final normalization', 'of A_mod over the batch\'s steps: subtract the mean and divide by std + ε, only subtract, or none'),
    STD_EPSILON,
  ],
  schedules: [],
  trainsCritic: false,
  requires: ['entropies'],
  components: [
    { key: 'outcomeAdvantage', label: 'A^O (GRPO)', shape: 'per-turn' },
    { key: 'stepEntropy', label: 'H (step entropy)', shape: 'per-turn' },
    { key: 'normalizedEntropy', label: 'Ĥ', shape: 'per-turn' },
    { key: 'entropyScale', label: 'g(Ĥ)', shape: 'per-turn' },
    { key: 'clarityBonus', label: 'ζ·f(Ĥ_{t+1})', shape: 'per-turn' },
    { key: 'modulatedAdvantage', label: 'A_mod', shape: 'per-turn' },
    { key: 'scaledOutcome', label: 'g·A^O', shape: 'per-turn' },
    { key: 'bonusMinusMean', label: 'ζ·f − μ_B', shape: 'per-turn' },
    { key: 'inverseScale', label: '1/σ_B', shape: 'scalar' },
    { key: 'modulatedMean', label: 'μ_B', shape: 'scalar' },
    { key: 'modulatedScale', label: 'σ_B', shape: 'scalar' },
  ],
  combination: {
    terms: [
      { component: 'scaledOutcome', weight: 'inverseScale', label: 'g·A^O/σ_B' },
      { component: 'bonusMinusMean', weight: 'inverseScale', label: '(ζ·f − μ_B)/σ_B' },
    ],
    text: 'A = (g·A^O + ζ·f(Ĥ_{t+1}) − μ_B) / σ_B',
  },
  estimate: (group, params) => empgBatch([group], params)[0],
  estimateBatch: empgBatch,
  workedEquation: (input) => {
    const s = selected(input);
    if (!s) return NO_SELECTION;
    const at = (key: string) => componentAt(s.traj, key, s.turn);
    const [h, hn, g, aO, bonus, mod, mu, sigma] =
      ['stepEntropy', 'normalizedEntropy', 'entropyScale', 'outcomeAdvantage', 'clarityBonus', 'modulatedAdvantage', 'modulatedMean', 'modulatedScale'].map(at);
    const ij = `${s.i},${s.t}`;
    return {
      lines: [
        `g(\\hat H) = e^{-k\\hat H} / \\operatorname{mean}_B e^{-k\\hat H},\\quad f(\\hat H) = e^{-k_f \\hat H}`,
        `H_{${ij}} = ${fmt(h)}\\;\\text{nats},\\quad \\hat H_{${ij}} = ${fmt(hn)}\\;\\text{(batch min–max)}`,
        `g(\\hat H_{${ij}}) = ${fmt(g)},\\quad \\zeta f(\\hat H_{${s.i},${s.t + 1}}) = ${fmt(bonus)}`,
        `A_{\\text{mod}} = \\underbrace{${fmt(g)}}_{g} \\times \\underbrace{${fmt(aO)}}_{A^O} + ${fmt(bonus)} = ${fmt(mod)}`,
        `${s.symbol} = \\frac{${fmt(mod)} - ${fmt(mu)}}{${fmt(sigma)}} = ${fmt(s.a)}`,
      ],
      numbers: { stepEntropy: h, normalizedEntropy: hn, entropyScale: g, outcomeAdvantage: aO, clarityBonus: bonus, modulatedAdvantage: mod, modulatedMean: mu, modulatedScale: sigma, advantage: s.a },
    };
  },
};
