/** Figures the docs state, checked against the code they describe (so the docs cannot drift). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COPY_KINDS, LOOKAHEAD_KINDS } from '../src/core/policy/features';
import { ENV_IDS, getEnv } from '../src/core/env/registry';
import { ESTIMATOR_IDS, getEstimator } from '../src/core/advantage/registry';
import { alphaAt } from '../src/core/advantage/alpha-schedule';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe('the docs state the figures the code has', () => {
  it('docs/training.md: the numbers of copy and lookahead feature kinds', () => {
    const doc = read('docs/training.md');
    expect(Number(/C_k \(k = (\d+)\)/.exec(doc)?.[1])).toBe(COPY_KINDS);
    expect(Number(/L_j \(j = (\d+),/.exec(doc)?.[1])).toBe(LOOKAHEAD_KINDS);
  });

  it('docs/training.md names exactly the critic estimators', () => {
    const critics = ESTIMATOR_IDS.filter((id) => getEstimator(id).trainsCritic);
    const doc = read('docs/training.md');
    const sentence = /only for estimators whose registry entry declares\s+`trainsCritic` \(([^)]*)\)/.exec(doc)?.[1] ?? '';
    expect(sentence.match(/`[^`]+`/g)?.map((s) => s.slice(1, -1)).sort()).toEqual([...critics].sort());
  });

  // RunConfig defaults: docs/training.md's table is generated from run-params.ts and compared in
  // tests/docs/run-config-table.test.ts (the train README points at it instead of listing them).

  it.each(ENV_IDS)('docs/environments: %s states its size range and turn cap', (id) => {
    const env = getEnv(id);
    const doc = read(`docs/environments/${id.replace(/-v\d+$/, '')}.md`);
    const { min, max, default: def } = env.sizeRange;
    expect(doc).toMatch(new RegExp(`\\*\\*Size\\*\\*[^\\n]*: ${min}\\.\\.${max} [^,]+, default ${def}\\.`));
    expect(doc).toMatch(new RegExp(`default ${env.maxTurns}\\b[^)]*at most ${env.maxTurnsLimit}\\b`));
  });

  it('docs/algorithms/planpo.md: the K = 3 example of α(k), k = 1..K', () => {
    const doc = read('docs/algorithms/planpo.md');
    const example = [1, 2, 3].map((k) => alphaAt(k, 3, 0.1, 0.05, 'linear'));
    expect(doc).toContain(`K = 3: ${example.map((a) => String(Number(a.toFixed(4)))).join(', ')}`);
  });
});
