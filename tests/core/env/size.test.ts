/**
 * One size check for every environment: the registry entry's `sizeRange`, worded by
 * `sizeRangeProblem`, is what `reset` refuses with and what run-config validation (the lab, share
 * links, `train`) names; the CLI's `env` and `train` commands are checked in tests/cli/bad-input.
 */
import { describe, expect, it } from 'vitest';
import { ENV_IDS, getEnv } from '../../../src/core/env/registry';
import { sizeRangeProblem } from '../../../src/core/env/size';
import { validateConfig } from '../../../src/core/train/config';

describe.each(ENV_IDS)('%s: one size check, from its registry entry', (id) => {
  const env = getEnv(id);
  const { min, max, unit } = env.sizeRange;

  it('every size in the declared range resets, and the sizes just outside are refused with the same sentence by reset and by config validation', () => {
    for (const size of [min, max]) {
      expect(sizeRangeProblem(id, env.sizeRange, size)).toBeNull();
      expect(() => env.reset(1, { size })).not.toThrow();
    }
    for (const size of [min - 1, max + 1]) {
      const sentence = `${size} is outside ${id}'s size range ${min}..${max} ${unit}`;
      expect(sizeRangeProblem(id, env.sizeRange, size)).toBe(sentence);
      expect(() => env.reset(1, { size })).toThrow(new RangeError(`size: ${sentence}`));
      expect(validateConfig({ env: id, taskType: null, envSize: size }).problems).toEqual([`envSize: ${sentence}; using its default ${env.sizeRange.default}`]);
    }
  });

  it('a size that is not a whole number is named as such', () => {
    expect(sizeRangeProblem(id, env.sizeRange, min + 0.5)).toBe(`${min + 0.5} (not a whole number) is outside ${id}'s size range ${min}..${max} ${unit}`);
  });
});

describe('science-v0 from 2 rooms (issue 14 widened its range)', () => {
  it('size 2 is a size of science-v0 for reset and for a run config alike; 1 is refused by both', () => {
    const env = getEnv('science-v0');
    expect(() => env.reset(1, { size: 2 })).not.toThrow();
    expect(validateConfig({ env: 'science-v0', taskType: null, envSize: 2 }).problems).toEqual([]);
    expect(() => env.reset(1, { size: 1 })).toThrow(/^size: 1 is outside science-v0's size range 2\.\.10 rooms$/);
  });
});
