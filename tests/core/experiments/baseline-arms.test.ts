/** The main comparison runs the paper's two missing baselines as arms: EMPG, and Turn-PPO with its critic. */
import { describe, expect, it } from 'vitest';
import { getExperiment } from '../../../src/core/experiments/registry';
import { planExperiment } from '../../../src/core/experiments/plan';

describe('experiment main', () => {
  it('has EMPG and Turn-PPO arms (Turn-PPO trains the value head), and --arms empg,turn-ppo plans just them', () => {
    const arms = getExperiment('main').arms;
    expect(arms.find((a) => a.id === 'empg')?.estimator).toBe('empg');
    const turn = arms.find((a) => a.id === 'turn-ppo');
    expect([turn?.estimator, turn?.config?.valueCoef]).toEqual(['turn-ppo', 0.5]);
    const plan = planExperiment('main', 'reduced', { seeds: 1, arms: ['empg', 'turn-ppo'] });
    expect([...new Set(plan.runs.map((r) => r.config.estimator))]).toEqual(['empg', 'turn-ppo']);
  });
});
