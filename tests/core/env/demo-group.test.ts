import { describe, expect, it } from 'vitest';
import { ENV_IDS, getEnv } from '../../../src/core/env/registry';
import { exampleGroup } from '../../../src/app/example-group';
import { DEFAULT_CONFIG } from '../../../src/core/train/config';
import { ESTIMATOR_IDS } from '../../../src/core/advantage/registry';

describe('every environment declares a demo group the worked example plays out', () => {
  for (const id of ENV_IDS) {
    it(`${id}: six plays at the smallest size, with successes and failures, scored by every estimator`, () => {
      const env = getEnv(id);
      const demo = env.demoGroup(1);
      expect(demo.options.size).toBe(env.sizeRange.min);
      expect(demo.plays).toHaveLength(6);
      const group = exampleGroup({ seed: 1, taskType: null, estimators: ESTIMATOR_IDS, config: { ...DEFAULT_CONFIG, env: id, taskType: null } });
      expect(group).toHaveLength(6);
      const successes = group.filter((r) => r.outcome.success).length;
      expect(successes).toBeGreaterThanOrEqual(2);
      expect(successes).toBeLessThan(6);
      for (const r of group) {
        expect(r.env.name).toBe(id);
        for (const est of ESTIMATOR_IDS) expect(r.estimator_advantages[est].per_turn).toHaveLength(r.turns.length);
      }
      // the concise and the verbose play follow the same plan: same length, different tokens
      expect(group[0].turns.length).toBe(group[2].turns.length);
      expect(group[0].outcome.success).toBe(true);
    });
  }

  it('is deterministic: the same seed gives the same plays', () => {
    for (const id of ENV_IDS) expect(getEnv(id).demoGroup(7)).toEqual(getEnv(id).demoGroup(7));
  });

  it('scores each estimator with its own parameters from the lab', () => {
    const config = { ...DEFAULT_CONFIG, taskType: null };
    const group = exampleGroup({ seed: 1, taskType: null, estimators: ['grpo', 'gigpo'], config, estimatorParams: { gigpo: { stepAdvantageWeight: 0 } } });
    expect(group[0].estimator_advantages.gigpo.components.stepAdvantageWeight).toBe(0);
    expect(group[0].estimator_advantages.gigpo.per_turn).toEqual(group[0].estimator_advantages.gigpo.components.episodeAdvantage);
  });
});
