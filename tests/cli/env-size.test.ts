import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliInProcess } from './in-process';

describe('train with an envSize outside the environment\'s declared range', () => {
  it.each([
    ['shop-v0', 10, "envSize: 10 is outside shop-v0's size range 20..500 catalogue products"],
    ['science-v0', 50, "envSize: 50 is outside science-v0's size range 2..10 rooms"],
    ['household-v0', 2, "envSize: 2 is outside household-v0's size range 4..20 receptacles"],
  ])('%s with envSize %i exits 2 with one line naming the range', async (env, size, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'env-size-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ env, taskType: null, envSize: size, iterations: 1 }));
    const result = await cliInProcess(['train', '--config', file, '--backend', 'cpu']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(`error: ${message}`);
    expect(result.out).toEqual([]); // refused before the first iteration
  });

  it('--env-size is range-checked the same way', async () => {
    const result = await cliInProcess(['train', '--env', 'shop-v0', '--task-type', 'any', '--env-size', '4', '--backend', 'cpu']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: envSize: 4 is outside shop-v0's size range 20..500 catalogue products");
  });
});
