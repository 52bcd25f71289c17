import { describe, expect, it } from 'vitest';
import { loopPenaltyRewards, LOOP_PENALTY_DEFAULTS } from '../../../src/core/reward/loop-penalty';
import { keywordShare, taskKeywords } from '../../../src/core/reward/keyword-proxy';
import { countLoops, repeatFlags } from '../../../src/core/reward/loops';
import { getReward, rewardParams, validateRewardParams } from '../../../src/core/reward/registry';
import type { RewardTurn } from '../../../src/core/reward/types';

const turn = (action: string, extra: Partial<RewardTurn> = {}): RewardTurn => ({
  action, feedback: 'Nothing happens.', envReward: 0, success: false, checks: [], ...extra,
});

describe('reward parameters', () => {
  it('rejects an unknown parameter and a value out of range, naming both', () => {
    const { params, problems } = validateRewardParams('loop-penalty', { loopPenalty: -1, nope: 2, checkBonus: '0.5' });
    expect(params).toEqual({ checkBonus: 0.5 });
    expect(problems.join('\n')).toMatch(/loopPenalty: expected a number in 0\.\.100, got -1; using 0\.1/);
    expect(problems.join('\n')).toMatch(/nope: not a parameter of reward loop-penalty/);
  });
});

describe('outcome reward', () => {
  it('pays exactly the environment reward', () => {
    const r = getReward('outcome').turnRewards({ task: 't', turns: [turn('a'), turn('b', { envReward: 10, success: true })] }, {});
    expect(r).toEqual([0, 10]);
  });
});

describe('loop penalty and intermediate checks', () => {
  it('charges 0.1 per repeat of the previous command, pays 0.2 per new check and 1.0 at the goal', () => {
    const r = loopPenaltyRewards({
      turns: [
        turn('go to countertop 1'),
        turn('take apple 1 from countertop 1', { checks: ['holding a apple'] }),
        turn('examine apple 1', { checks: ['holding a apple'] }),
        turn('examine apple 1', { checks: ['holding a apple'] }),
        turn('go to fridge 1', { checks: ['holding a apple'] }),
        turn('move apple 1 to fridge 1', { success: true, envReward: 10 }),
      ],
    }, LOOP_PENALTY_DEFAULTS);
    expect(r.map((x) => Math.round(x * 1e9) / 1e9)).toEqual([0, 0.2, 0, -0.1, 0, 1]);
  });

  it('pays a check once per episode: dropping and re-taking the object earns nothing more', () => {
    const r = loopPenaltyRewards({
      turns: [
        turn('take apple 1 from countertop 1', { checks: ['holding a apple'] }),
        turn('move apple 1 to countertop 1'),
        turn('take apple 1 from countertop 1', { checks: ['holding a apple'] }),
      ],
    }, LOOP_PENALTY_DEFAULTS);
    expect(r).toEqual([0.2, 0, 0]);
  });

  it('counts loops as turns equal to the one before', () => {
    expect(repeatFlags(['look', 'look', 'inventory', 'look', 'look', 'look'])).toEqual([0, 1, 0, 0, 1, 1]);
    expect(countLoops(['a', 'b', 'a'])).toBe(0);
  });
});

describe('keyword proxy', () => {
  it('takes the task content words as keywords', () => {
    expect(taskKeywords('put a apple in fridge.')).toEqual(['apple', 'fridge']);
    expect(taskKeywords('heat some egg and put it in diningtable.')).toEqual(['heat', 'egg', 'diningtable']);
    expect(taskKeywords('a the in')).toEqual([]);
  });

  it('pays the share of keywords in the feedback, ignoring numbers and case', () => {
    expect(keywordShare(['apple', 'fridge'], 'On the countertop 1, you see a Apple 1.')).toBe(0.5);
    expect(keywordShare(['apple', 'fridge'], 'You move the apple 1 to the fridge 1.')).toBe(1);
    expect(keywordShare([], 'apple')).toBe(0);
  });

  it('pays every turn the object stays in view, so farming beats finishing', () => {
    const farm = getReward('keyword-proxy').turnRewards({
      task: 'put a apple in fridge', turns: Array.from({ length: 10 }, () => turn('inventory', { feedback: 'You are carrying: a apple 1.' })),
    }, rewardParams('keyword-proxy'));
    const finish = getReward('keyword-proxy').turnRewards({
      task: 'put a apple in fridge',
      turns: [turn('go to countertop 1', { feedback: 'You arrive at countertop 1. On the countertop 1, you see a apple 1.' }),
        turn('move apple 1 to fridge 1', { feedback: 'You move the apple 1 to the fridge 1.', success: true, envReward: 10 })],
    }, rewardParams('keyword-proxy'));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(farm)).toBe(5);
    expect(sum(finish)).toBe(1.5);
    expect(sum(farm)).toBeGreaterThan(sum(finish));
  });
});
