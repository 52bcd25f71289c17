import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, validateConfig } from '../../../src/core/train/config';
import { estimatorParams } from '../../../src/core/train/advantages';

describe('validateConfig', () => {
  it('gives the defaults for an empty object, with no problems', () => {
    expect(validateConfig({})).toEqual({ config: DEFAULT_CONFIG, problems: [], notes: [] });
  });

  it('defaults follow the issue and verl-agent: 8 × 8, history 2, k3 KL 0.01, token-mean, α 0.1 → 0.05 (PlanPO\'s own)', () => {
    const c = DEFAULT_CONFIG;
    expect([c.groupSize, c.tasksPerIteration, c.historyLength]).toEqual([8, 8, 2]);
    expect([c.klType, c.klCoef, c.aggMode]).toEqual(['k3', 0.01, 'token-mean']);
    expect(c.decoding).toBe('constrained');
    expect(estimatorParams(c, 'planpo', 0)).toMatchObject({ alphaInit: 0.1, alphaFinal: 0.05 });
  });

  it('keeps good values, ignores unknown keys, and survives a JSON round trip', () => {
    const raw = { seed: 42, estimator: 'grpo', lr: 0.01, decoding: 'free', bogus: 1 };
    const { config, problems } = validateConfig(JSON.parse(JSON.stringify(raw)));
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ seed: 42, estimator: 'grpo', lr: 0.01, decoding: 'free' });
    expect('bogus' in config).toBe(false);
    expect(validateConfig(JSON.parse(JSON.stringify(config))).config).toEqual(config);
  });

  it('replaces bad values by defaults with a message that names each field', () => {
    const { config, problems } = validateConfig({ seed: -3, groupSize: 'eight', estimator: 'nope', klType: 'full', lr: 0 });
    expect(config.seed).toBe(DEFAULT_CONFIG.seed);
    expect(config.groupSize).toBe(8);
    expect(config.estimator).toBe(DEFAULT_CONFIG.estimator);
    for (const field of ['seed', 'groupSize', 'estimator', 'klType', 'lr']) {
      expect(problems.some((p) => p.startsWith(`${field}:`))).toBe(true);
    }
  });

  it('checks the task type and the turn cap against the environment', () => {
    const { config, problems } = validateConfig({ taskType: 'fly_to_moon', maxTurns: 500 });
    expect(config.taskType).toBe('pick_and_place_simple');
    expect(config.maxTurns).toBe(50);
    expect(problems).toHaveLength(2);
    expect(validateConfig({ taskType: null }).config.taskType).toBeNull();
  });

  it('keeps estimator parameters the estimator has, with the right type', () => {
    const { config, problems } = validateConfig({ estimator: 'planpo', estimatorParams: { stats: 'turn-weighted', alpah: 1, normalizeByStd: 'yes' } });
    expect(config.estimatorParams).toEqual({ stats: 'turn-weighted' });
    expect(problems).toHaveLength(2);
  });

  it('never throws on garbage', () => {
    for (const junk of [null, 3, 'x', [], { estimatorParams: 5 }]) expect(() => validateConfig(junk)).not.toThrow();
  });
});
