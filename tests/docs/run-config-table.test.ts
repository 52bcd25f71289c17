import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paramTable } from '../../src/core/params/docs-table';
import { runParams } from '../../src/core/train/run-params';
import { DEFAULT_CONFIG } from '../../src/core/train/config';

const START = '<!-- run-params:start (generated from src/core/train/run-params.ts) -->';
const END = '<!-- run-params:end -->';

/** The table between the markers of docs/training.md. */
export function docsRunTable(): string {
  const text = readFileSync(new URL('../../docs/training.md', import.meta.url), 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  expect(from, 'docs/training.md has the run-params markers').toBeGreaterThan(0);
  return text.slice(from + START.length, to).trim();
}

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
