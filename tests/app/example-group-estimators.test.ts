/**
 * The lab's example group is scored by every registered estimator on every environment, EMPG
 * included (its step entropies are constructed: low on the oracle's plan, high off it).
 */
import { describe, expect, it } from 'vitest';
import { exampleGroup, EXAMPLE_ENTROPY } from '../../src/app/example-group';
import { ESTIMATOR_IDS } from '../../src/core/advantage/registry';
import { ENV_IDS } from '../../src/core/env/registry';
import { DEFAULT_CONFIG } from '../../src/core/train/config';

describe.each(ENV_IDS)('the example group of %s', (env) => {
  it('carries every estimator\'s advantages, EMPG and Turn-PPO included', () => {
    const group = exampleGroup({ seed: 1, taskType: null, estimators: ESTIMATOR_IDS, config: { ...DEFAULT_CONFIG, env } });
    for (const record of group) {
      expect(Object.keys(record.estimator_advantages)).toEqual(ESTIMATOR_IDS);
      expect(record.estimator_advantages.empg.per_turn).toHaveLength(record.turns.length);
      const H = record.estimator_advantages.empg.components.stepEntropy as number[];
      for (const h of H) expect([EXAMPLE_ENTROPY.onPlan, EXAMPLE_ENTROPY.offPlan]).toContain(h);
    }
  });
});
