import { describe, expect, it } from 'vitest';
import { paramTable } from '../../src/core/params/docs-table';
import { runParams } from '../../src/core/train/run-params';
import { DEFAULT_CONFIG } from '../../src/core/train/config';
import { docsRunTable } from './docs-run-table';

describe('the RunConfig table in docs/training.md', () => {
  it('equals the table generated from the run settings\' declarations', () => {
    expect(docsRunTable()).toBe(paramTable(runParams()));
  });

  it('lists every RunConfig field but the two parameter objects, each once', () => {
    const keys = runParams().map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(DEFAULT_CONFIG).filter((k) => k !== 'estimatorParams' && k !== 'rewardParams').sort());
  });
});
