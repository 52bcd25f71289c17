import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { householdEnv } from '../../../src/core/env/household';
import { validateConfig, DEFAULT_CONFIG } from '../../../src/core/train/config';
import { REWARD_IDS } from '../../../src/core/reward/registry';
import { Trainer } from '../../../src/core/train/trainer';
import { parseShareLink, shareSearch } from '../../../src/app/share-link';
import { DEFAULT_LAB_CONFIG } from '../../../src/state/lab-config';
import { trainCommand } from '../../../src/cli/commands/train';
import { recordingIo } from '../../cli/in-process';

describe('household intermediate checks', () => {
  it('reports holding the goal object only after taking it', () => {
    const { state } = householdEnv.reset(7, { taskType: 'pick_and_place_simple', size: 4 });
    expect(householdEnv.intermediateChecks!(state)).toEqual([]);
    let s = state;
    const plan = householdEnv.solve(state);
    const seen: string[][] = [];
    for (const action of plan) {
      s = householdEnv.step(s, action).state;
      seen.push(householdEnv.intermediateChecks!(s));
    }
    const takeAt = plan.findIndex((a) => a.startsWith('take '));
    expect(seen[takeAt]).toEqual([`holding a ${state.goal.object}`]);
    expect(seen[takeAt - 1]).toEqual([]);
  });

  it('reports the heated object for a heat task', () => {
    const { state } = householdEnv.reset(11, { taskType: 'pick_heat_then_place_in_recep', size: 6 });
    let s = state;
    const names = new Set<string>();
    for (const action of householdEnv.solve(state)) {
      s = householdEnv.step(s, action).state;
      householdEnv.intermediateChecks!(s).forEach((c) => names.add(c));
    }
    expect([...names]).toContain(`${state.goal.object} is hot`);
  });
});

describe('reward in RunConfig, share links and the CLI', () => {
  it('validates the reward id and its params, naming bad ones', () => {
    const ok = validateConfig({ reward: 'loop-penalty', rewardParams: { loopPenalty: 0.3 } });
    expect(ok.problems).toEqual([]);
    expect(ok.config.reward).toBe('loop-penalty');
    expect(ok.config.rewardParams).toEqual({ loopPenalty: 0.3 });
    const bad = validateConfig({ reward: 'money', rewardParams: { loopPenalty: 0.3 } });
    expect(bad.config.reward).toBe('outcome');
    expect(bad.problems[0].startsWith(`reward: expected one of ${REWARD_IDS.join(', ')}, got "money"`)).toBe(true);
    expect(bad.problems[1]).toMatch(/rewardParams\.loopPenalty: not a parameter of reward outcome/);
  });

  it('round-trips reward and reward.<param> through a share link', () => {
    const lab = { ...DEFAULT_LAB_CONFIG, run: { ...DEFAULT_LAB_CONFIG.run, reward: 'loop-penalty', rewardParams: { checkBonus: 0.5 } } };
    const search = shareSearch(lab);
    expect(search).toContain('reward=loop-penalty');
    expect(search).toContain('reward.checkBonus=0.5');
    expect(search).not.toContain('rewardParams');
    const parsed = parseShareLink(search);
    expect(parsed.problems).toEqual([]);
    expect(parsed.config.run.reward).toBe('loop-penalty');
    expect(parsed.config.run.rewardParams).toEqual({ checkBonus: 0.5 });
  });

  it('names a reward parameter the link reward does not have', () => {
    const parsed = parseShareLink('?reward=keyword-proxy&reward.loopPenalty=2&reward.mentionPay=x');
    expect(parsed.config.run.reward).toBe('keyword-proxy');
    expect(parsed.problems.join('\n')).toMatch(/reward\.loopPenalty: not a parameter of reward keyword-proxy/);
    expect(parsed.problems.join('\n')).toMatch(/reward\.mentionPay: expected a number in 0\.\.100, got "x"/);
  });

  it('train --reward and its flags reach the run; a flag of another reward is refused', async () => {
    const { io, out } = recordingIo();
    const base = ['--env', 'household-v0', '--env-size', '4', '--max-turns', '4', '--group-size', '2', '--tasks', '1', '--iterations', '1', '--backend', 'cpu', '--json'];
    await expect(trainCommand.run([...base, '--reward', 'outcome', '--loop-penalty', '0.2'], io)).rejects.toThrow(/--loop-penalty does not apply to reward outcome/);
    await expect(trainCommand.run([...base, '--reward', 'bogus'], io)).rejects.toThrow(/--reward: expected one of outcome, loop-penalty, keyword-proxy, got "bogus"/);
    expect(await trainCommand.run([...base, '--reward', 'loop-penalty', '--loop-penalty', '5'], io)).toBe(0);
    const m = JSON.parse(out[0]);
    expect(m.meanEnvReward).toBeGreaterThanOrEqual(0);
    // with c = 5 every loop costs 5: R = Σ r ≤ goal + checks − 5·loops
    expect(m.meanReward).toBeLessThanOrEqual(1 + 0.2 * 2 - 5 * m.loopsPerEpisode + 1e-9);
    expect(trainCommand.usage).toMatch(/--mention-pay X/);
  });
});

describe('trainer with a reward from the registry', () => {
  it('trains on the configured reward and keeps the env reward and success beside it', async () => {
    await tf.setBackend('cpu');
    const config = { ...DEFAULT_CONFIG, env: 'household-v0', envSize: 4, maxTurns: 6, groupSize: 4, tasksPerIteration: 2, hidden: 8, hashBuckets: 64, seed: 5, iterations: 1, reward: 'keyword-proxy' };
    const trainer = await Trainer.create(config, { backend: 'cpu' });
    try {
      const { metrics, groups } = await trainer.runIteration();
      const records = groups.flat();
      expect(metrics.meanReward).toBeGreaterThan(0); // the proxy pays for arrivals that show the task's words
      expect(metrics.meanEnvReward).toBeCloseTo(10 * metrics.successRate, 9);
      expect(records.length).toBe(8);
    } finally {
      trainer.dispose();
    }
  });
});
