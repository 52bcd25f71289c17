/**
 * The worked examples of docs/algorithms/*.md are unit tests: every ```json worked-example block
 * is run through the registry and must reproduce the numbers printed in the doc (rounded to 4
 * decimals there, so compared to ±5e-5). The pages are the ones the registry's entries name
 * (`docsPath`), so a new estimator's page is checked as soon as its entry names it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESTIMATOR_IDS, estimateAdvantages, getEstimator, isEstimatorId } from '../../../src/core/advantage/registry';
import type { TrajectorySummary } from '../../../src/core/advantage/types';

const PAGE = /^docs\/algorithms\/([a-z0-9-]+)\.md$/;
const DOCS = [...new Set(ESTIMATOR_IDS.map((id) => getEstimator(id).docsPath.match(PAGE)?.[1]).filter((p): p is string => p !== undefined))];
const TOL = 5e-5 + 1e-12;

interface WorkedExample {
  estimator: string;
  params: Record<string, unknown>;
  trajectories: TrajectorySummary[];
  perTurn: number[][];
  components?: Record<string, number | number[][]>;
}

function examples(doc: string): WorkedExample[] {
  const path = fileURLToPath(new URL(`../../../docs/algorithms/${doc}.md`, import.meta.url));
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/```json worked-example\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]) as WorkedExample);
}

function expectNear(actual: unknown, expected: unknown, label: string): void {
  if (typeof expected === 'number') {
    expect(typeof actual, label).toBe('number');
    expect(Math.abs((actual as number) - expected), `${label}: got ${actual}, doc says ${expected}`).toBeLessThanOrEqual(TOL);
    return;
  }
  expect(Array.isArray(actual) && Array.isArray(expected) && actual.length === expected.length, `${label}: shape`).toBe(true);
  (expected as unknown[]).forEach((e, k) => expectNear((actual as unknown[])[k], e, `${label}[${k}]`));
}

describe('the worked-example pages', () => {
  it('are every algorithm page an estimator entry names (eight today)', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['grpo', 'planpo', 'rloo', 'gigpo', 'length-shaping', 'ppo', 'empg', 'turn-ppo']));
  });
});

describe.each(DOCS)('docs/algorithms/%s.md worked examples', (doc) => {
  const blocks = examples(doc);

  it('has at least one worked example, each of an estimator whose entry names this page', () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) expect(isEstimatorId(b.estimator) && getEstimator(b.estimator).docsPath).toBe(`docs/algorithms/${doc}.md`);
  });

  it.each(blocks.map((b, k) => [k, b] as const))('example %i reproduces the doc numbers', (_k, block) => {
    expect(isEstimatorId(block.estimator)).toBe(true);
    if (!isEstimatorId(block.estimator)) return;
    const out = estimateAdvantages(block.estimator, { trajectories: block.trajectories }, block.params as never);
    expectNear(out.perTurn, block.perTurn, 'perTurn');
    for (const [name, value] of Object.entries(block.components ?? {})) expectNear(out.components[name], value, name);
  });
});
