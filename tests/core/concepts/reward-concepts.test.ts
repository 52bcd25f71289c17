import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { runBranches, WARMUP_ARM, type BranchPoint } from '../../../src/core/concepts/branches';
import { armsChart, hackingChart } from '../../../src/core/concepts/figures';
import { armPoints, finalMean } from '../../../src/core/concepts/results';
import { rewardHackingSpec } from '../../../src/core/concepts/reward-hacking';
import { correlation, returnsToGo, runValueFunction, valueFunctionSpec } from '../../../src/core/concepts/value-function';

const TINY = { env: 'household-v0', envSize: 4, maxTurns: 4, groupSize: 2, tasksPerIteration: 1, hidden: 8, hashBuckets: 64, seed: 9, estimator: 'grpo' } as const;

describe('branch runs', () => {
  it('start every branch from the warm-up weights: two arms with the same config report the same numbers', async () => {
    await tf.setBackend('cpu');
    const points: BranchPoint[] = [];
    await runBranches({
      base: TINY, warmup: 1, iterations: 2,
      arms: [{ id: 'a', label: 'a', config: { reward: 'outcome' } }, { id: 'b', label: 'b', config: { reward: 'outcome' } }],
    }, { onPoint: (p) => points.push(p) });
    expect(points.map((p) => `${p.arm}:${p.iteration}`)).toEqual([`${WARMUP_ARM}:1`, 'a:2', 'a:3', 'b:2', 'b:3']);
    const strip = (p: BranchPoint) => ({ ...p, arm: '' });
    expect(points.filter((p) => p.arm === 'b').map(strip)).toEqual(points.filter((p) => p.arm === 'a').map(strip));
    expect(armPoints(points, 'b').map((p) => p.iteration)).toEqual([1, 2, 3]);
  }, 60_000);

  it('a branch on the proxy reward is paid the proxy, and every reward is measured on its rollouts', async () => {
    await tf.setBackend('cpu');
    const points: BranchPoint[] = [];
    await runBranches({ base: TINY, warmup: 0, iterations: 1, arms: [{ id: 'p', label: 'p', config: { reward: 'keyword-proxy' } }] }, { onPoint: (p) => points.push(p) });
    expect(points[0].meanReward).toBeCloseTo(points[0].rewardsMeasured['keyword-proxy'], 12);
    expect(points[0].rewardsMeasured.outcome).toBeCloseTo(10 * points[0].successRate, 12);
  }, 60_000);
});

describe('reward concept figures', () => {
  const spec = rewardHackingSpec('cli', { warmup: 2, iterations: 2 });
  const point = (arm: string, iteration: number, successRate: number, pay: number): BranchPoint => ({
    arm, iteration, successRate, meanTurns: 5, loopsPerEpisode: 0, meanReward: 0, rewardsMeasured: { 'keyword-proxy': pay },
  });
  const points = [point(WARMUP_ARM, 1, 0.5, 3), point(WARMUP_ARM, 2, 0.5, 3), point('proxy', 3, 0.2, 6), point('proxy', 4, 0, 7.5), point('outcome', 3, 0.6, 3), point('outcome', 4, 0.7, 2)];

  it('draws pay (as a share of the most the checker pays) and success for each branch, warm-up included', () => {
    const chart = hackingChart(spec, points);
    expect(chart.series.map((s) => s.id)).toEqual(['proxy-pay', 'proxy-success', 'outcome-pay', 'outcome-success']);
    const pay = chart.series[0].points;
    expect(pay.map((p) => p.x)).toEqual([1, 2, 3, 4]);
    expect(pay[0].mean).toBeCloseTo(3 / 15, 12); // 15 turns at most, 1 per turn
    expect(chart.yDomain).toEqual([0, 1]);
  });

  it('summarizes the last iterations of an arm', () => {
    expect(finalMean(points, 'proxy', (p) => p.successRate)).toBeCloseTo(0.1, 12);
    expect(armsChart(spec, points, 'loopsPerEpisode', 't').series).toHaveLength(2);
  });
});

describe('value function', () => {
  it('returns-to-go discount the rewards that follow', () => {
    expect(returnsToGo([0, 0, 10], 0.5)).toEqual([2.5, 5, 10]);
    expect(correlation([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(correlation([1, 1], [2, 3])).toBeNull();
  });

  it('a tiny PPO run returns one group with V, G, GAE and GRPO credit on every turn', async () => {
    await tf.setBackend('cpu');
    const spec = valueFunctionSpec('browser', 1);
    const result = await runValueFunction({ ...spec, config: { ...spec.config, hidden: 8, hashBuckets: 64, maxTurns: 4 } });
    expect(result.trajectories).toHaveLength(4);
    for (const traj of result.trajectories) {
      const grpo = new Set(traj.turns.map((t) => t.grpo));
      expect(grpo.size).toBe(1); // GRPO: one number for every turn of the trajectory
      traj.turns.forEach((t, i) => expect(t.returnToGo).toBeCloseTo(returnsToGo(traj.turns.map((x) => x.reward), result.gamma)[i], 12));
    }
    expect(result.history).toHaveLength(1);
  }, 60_000);
});
