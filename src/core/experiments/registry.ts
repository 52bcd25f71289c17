/**
 * The named experiments (a literal typed registry, house style §2), one per claim of the PlanPO
 * paper (arXiv 2608.17289): Table 1 (main), the α_init ablation, the component ablation, the
 * length-shaping baselines (Figure 4), generalization to unseen tasks, and overhead.
 *
 * Critic-based arms (PPO, Turn-PPO and both length-shaping baselines) train the value head
 * (valueCoef 0.5); the group-relative arms leave it untrained, as in the paper.
 */
import type { Arm, ExperimentDefinition, ExperimentId } from './types';

const CRITIC = { valueCoef: 0.5 } as const;
const ALL_ENVS = ['household-v0', 'shop-v0', 'science-v0'] as const;
const HOUSEHOLD = ['household-v0'] as const;

const arm = (id: string, label: string, estimator: string, config?: Arm['config']): Arm => ({ id, label, estimator, config });

const GRPO = arm('grpo', 'GRPO', 'grpo');
const PLANPO = arm('planpo', 'PlanPO', 'planpo');

/** α_init values of the paper's ablation; α_final = α_init / 2 as in the paper's default (0.1 → 0.05). */
export const ALPHA_VALUES = [0.5, 0.2, 0.1, 0.05, 0] as const;

export const EXPERIMENTS: Readonly<Record<ExperimentId, ExperimentDefinition>> = {
  main: {
    id: 'main',
    title: 'Main comparison: success, turns and tokens',
    claim: 'PlanPO beats GRPO on success, and cuts mean turns (13.8 vs 26.1 on ALFWorld) and response tokens (56.3 vs 95.1).',
    arms: [
      GRPO, PLANPO, arm('rloo', 'RLOO', 'rloo'), arm('gigpo', 'GiGPO', 'gigpo'), arm('ppo', 'PPO (critic)', 'ppo', CRITIC),
      arm('empg', 'EMPG', 'empg'), arm('turn-ppo', 'Turn-PPO (critic)', 'turn-ppo', CRITIC),
    ],
    envs: { full: ALL_ENVS, reduced: HOUSEHOLD },
    tables: ['final'],
    charts: [
      { kind: 'curve', metric: 'successRate' },
      { kind: 'curve', metric: 'meanTurns' },
      { kind: 'curve', metric: 'meanResponseTokens' },
      { kind: 'bars', metric: 'meanTurns' },
    ],
    compare: { baseline: 'grpo', values: ['successRate', 'meanTurns', 'meanSuccessTurns', 'meanResponseTokens', 'meanThinkTokens'], alsoAgainst: ['planpo'] },
  },
  'alpha-ablation': {
    id: 'alpha-ablation',
    title: 'α_init ablation',
    claim: 'α_init = 0.1 is the best of {0.5, 0.2, 0.1, 0.05, 0}.',
    arms: ALPHA_VALUES.map((a) => arm(`alpha-${a}`, `α_init = ${a}`, 'planpo', { estimatorParams: { alphaInit: a, alphaFinal: a / 2 } })),
    envs: { full: ALL_ENVS, reduced: HOUSEHOLD },
    tables: ['alpha', 'final'],
    charts: [{ kind: 'bars', metric: 'successRate' }, { kind: 'bars', metric: 'meanTurns' }, { kind: 'curve', metric: 'successRate' }],
    compare: { baseline: 'alpha-0.1', values: ['successRate', 'meanTurns', 'meanResponseTokens'] },
  },
  components: {
    id: 'components',
    title: 'Component ablation: A^E, A^S and the α schedule',
    claim: 'Dropping either advantage level hurts, dropping A^E most; decaying α is better than constant α.',
    arms: [
      arm('planpo', 'PlanPO (decaying α)', 'planpo'),
      arm('planpo-const-alpha', 'constant α', 'planpo-const-alpha'),
      arm('planpo-ae-only', 'A^E only', 'planpo-ae-only'),
      arm('planpo-as-only', 'A^S only', 'planpo-as-only'),
    ],
    envs: { full: ALL_ENVS, reduced: HOUSEHOLD },
    tables: ['final'],
    charts: [{ kind: 'bars', metric: 'successRate' }, { kind: 'curve', metric: 'successRate' }, { kind: 'bars', metric: 'meanTurns' }],
    compare: { baseline: 'planpo', values: ['successRate', 'meanTurns', 'meanResponseTokens'] },
  },
  'length-shaping': {
    id: 'length-shaping',
    title: 'Length shaping without group normalization',
    claim: 'Unconditional length shaping collapses to near-zero success; success-conditioned shaping without group normalization stays near PPO; PlanPO does better.',
    arms: [
      arm('length-shaping-unconditional', 'Length shaping (unconditional)', 'length-shaping-unconditional', CRITIC),
      arm('length-shaping-success', 'Length shaping (success-conditioned)', 'length-shaping-success', CRITIC),
      arm('ppo', 'PPO (critic)', 'ppo', CRITIC),
      PLANPO,
    ],
    envs: { full: ALL_ENVS, reduced: HOUSEHOLD },
    tables: ['final'],
    charts: [{ kind: 'curve', metric: 'successRate' }, { kind: 'curve', metric: 'meanTurns' }],
    compare: { baseline: 'ppo', values: ['successRate', 'meanTurns'] },
  },
  ood: {
    id: 'ood',
    title: 'Generalization to unseen tasks',
    claim: 'PlanPO generalizes to unseen tasks: 91.3% on seen vs 87.1% on unseen (ALFWorld).',
    arms: [GRPO, PLANPO],
    envs: { full: ALL_ENVS, reduced: HOUSEHOLD },
    // 4-receptacle kitchens have too few layouts for an unseen partition; 5 has both splits.
    envConfig: { 'household-v0': { envSize: 5 } },
    evaluate: ['seen', 'unseen'],
    tables: ['evaluation', 'final'],
    charts: [{ kind: 'eval-bars' }, { kind: 'curve', metric: 'successRate' }],
    compare: { baseline: 'grpo', values: ['eval:seen', 'eval:unseen', 'successRate'] },
  },
  'self-improvement': {
    id: 'self-improvement',
    title: 'Self-improvement: training only on its own successes',
    claimLabel: 'Question (not a claim of the paper)',
    claim: 'How does a policy trained only on its own successes (A = 1[success], no baseline, as in STaR and rejection-sampling fine-tuning) compare with GRPO (group baseline) and PlanPO (turn-level credit) on success, turns and unseen tasks?',
    arms: [GRPO, PLANPO, arm('self-improve', 'Self-improvement', 'self-improve')],
    envs: { full: HOUSEHOLD, reduced: HOUSEHOLD },
    // 5 receptacles: the size with both a seen and an unseen split (as ood).
    envConfig: { 'household-v0': { envSize: 5 } },
    evaluate: ['seen', 'unseen'],
    tables: ['evaluation', 'final'],
    charts: [{ kind: 'curve', metric: 'successRate' }, { kind: 'curve', metric: 'meanTurns' }, { kind: 'eval-bars' }, { kind: 'bars', metric: 'meanTurns' }],
    compare: { baseline: 'grpo', values: ['eval:seen', 'eval:unseen', 'successRate', 'meanTurns', 'meanSuccessTurns'] },
  },
  overhead: {
    id: 'overhead',
    title: 'Overhead of PlanPO over GRPO',
    claim: "PlanPO's extra computation is negligible next to rollout and update.",
    arms: [GRPO, PLANPO],
    envs: { full: HOUSEHOLD, reduced: HOUSEHOLD },
    tables: ['timing'],
    charts: [{ kind: 'timing-bars' }],
    compare: { baseline: 'grpo', values: ['timing:advantageMs', 'timing:totalMs', 'advantageShare'] },
  },
};

export function isExperimentId(id: string): id is ExperimentId {
  return Object.prototype.hasOwnProperty.call(EXPERIMENTS, id);
}

/** The definition with this id; an unknown id throws an error listing the valid ones. */
export function getExperiment(id: string): ExperimentDefinition {
  if (!isExperimentId(id)) throw new RangeError(`unknown experiment "${id}"; valid: ${Object.keys(EXPERIMENTS).join(', ')}`);
  return EXPERIMENTS[id];
}
