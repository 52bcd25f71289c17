/**
 * Turn-PPO: PPO on the turn-level MDP. One state/action per turn (the prompt with the history, the
 * whole response), a turn-level critic V(s_{i,t}), GAE over turns, and the importance ratio and
 * clipping taken per turn rather than per token:
 *
 *   δ_{i,t} = r_{i,t} + γ·V(s_{i,t+1}) − V(s_{i,t}),   A_{i,t} = Σ_{k ≥ 0} (γλ)^k δ_{i,t+k}
 *   ρ_{i,t} = exp( (1/K_{i,t}) Σ_k [log π_θ(y_k | ·) − log π_θold(y_k | ·)] )     (turn ratio)
 *   J = mean min(ρ_{i,t}·A_{i,t}, clip(ρ_{i,t}, 1 − ε, 1 + ε)·A_{i,t})
 *
 * Li, Zhou, Meng, Vadera, Li, Li, "Turn-PPO: Turn-Level Advantage Estimation with PPO for Improved
 * Multi-Turn RL in Agentic LLMs" (arXiv 2512.17008); the recommended γ ≈ 0.99, λ ≈ 0.9 are the
 * defaults.
 *
 * Details a reader could get wrong (pinned in tests/core/advantage/turn-ppo.test.ts and
 * tests/core/loss/turn-ratio.test.ts):
 * - The advantage arithmetic is the turn-level GAE of `ppo.ts` (the last turn is terminal, missing
 *   values mean V = 0); only the defaults (λ = 0.9, not 0.95) and the ratio differ from `ppo`.
 * - The turn ratio is declared (`ratioLevel: 'turn'`) and read by the loss (core/loss
 *   `ClipConfig.ratioLevel`): exp of the MEAN token log-ratio over the response's sampled
 *   positions (the geometric mean of the token ratios), K_{i,t} of them. A sum would make ρ of a
 *   long response explode and clip almost always; the choice is ours.
 * - Critic path: the trainer trains the value head on `returns` and whitens the batch's advantages,
 *   as for `ppo` (critic.ts).
 */
import type { AdvantageEstimator } from './types';
import { gammaParam, lambdaParam } from './common-params';
import { CRITIC_COMPONENTS, criticWorked, ppoAdvantages, type PpoParams } from './ppo';

export type TurnPpoParams = PpoParams;

export const TURN_PPO_DEFAULTS: TurnPpoParams = { gamma: 0.99, lambda: 0.9 };

export const turnPpoEstimator: AdvantageEstimator<TurnPpoParams> = {
  id: 'turn-ppo',
  color: '#01665E',
  docsPath: 'docs/algorithms/turn-ppo.md',
  label: 'Turn-PPO',
  equation: String.raw`A_{i,t} = \sum_{k \ge 0} (\gamma\lambda)^k \delta_{i,t+k},\quad \rho_{i,t} = \exp\Big(\tfrac{1}{K_{i,t}}\sum_k \log\tfrac{\pi_\theta(y_k)}{\pi_{\theta_{\text{old}}}(y_k)}\Big)`,
  defaults: TURN_PPO_DEFAULTS,
  params: [gammaParam(TURN_PPO_DEFAULTS.gamma), lambdaParam(TURN_PPO_DEFAULTS.lambda)],
  schedules: [],
  trainsCritic: true,
  criticTarget: 'returns',
  ratioLevel: 'turn',
  components: CRITIC_COMPONENTS,
  combination: { terms: [], text: 'A = GAE over turns (γ, λ) = R̂ − V; one clipped ratio per turn' },
  estimate: ppoAdvantages,
  workedEquation: (input) => criticWorked(input, ['\\rho_{i,t} = \\exp(\\operatorname{mean}_k \\log \\rho_k)\\;\\text{(one ratio per turn)}']),
};
