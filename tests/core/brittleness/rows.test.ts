import { describe, expect, it } from 'vitest';
import { experimentSplitRows, gapResolved, searchSplitRows, splitGap, brittlenessTable, type SplitRow } from '../../../src/core/brittleness';
import type { SearchResults } from '../../../src/core/search';
import type { ExperimentResults } from '../../../src/core/experiments/results';

const v = (mean: number | null, halfWidth: number | null, n = 16) => ({ mean, halfWidth, n });
const row = (seen: ReturnType<typeof v>, unseen: ReturnType<typeof v>): SplitRow => ({ concept: 'c', measure: 'm', seen, unseen });

describe('brittleness rows', () => {
  it('the gap is seen − unseen, resolved only when it exceeds both intervals together', () => {
    expect(splitGap(row(v(0.6, 0.1), v(0.4, 0.05)))).toBeCloseTo(0.2, 12);
    expect(gapResolved(row(v(0.6, 0.1), v(0.4, 0.05)))).toBe(true);
    expect(gapResolved(row(v(0.6, 0.12), v(0.4, 0.1)))).toBe(false);
    expect(gapResolved(row(v(0.6, null, 1), v(0.4, null, 1)))).toBe(false); // one seed: no interval, never resolved
    expect(splitGap(row(v(null, null, 0), v(0.4, 0.1)))).toBeNull();
  });

  it('search rows: the initial and last checkpoint at best-of-1 and best-of-min(16, n), averaged over tasks', () => {
    const samples = (split: 'seen' | 'unseen', iteration: number, flags: string[]) => ({
      split, iteration, trainingEpisodes: iteration * 8, temperature: 1, samplesPerTask: 4,
      tasks: flags.map((successes, taskIndex) => ({ taskIndex, envSeed: taskIndex, oracleTurns: 3, successes, turns: [1, 1, 1, 1] })),
    });
    const results = {
      options: { checkpoints: [0, 5], splits: ['seen', 'unseen'], tasks: 2, samplesPerTask: 4, temperature: 1 },
      samples: [samples('seen', 0, ['0000', '1000']), samples('unseen', 0, ['0000', '0000']), samples('seen', 5, ['1100', '1111']), samples('unseen', 5, ['1000', '0000'])],
    } as unknown as SearchResults;
    const rows = searchSplitRows('best-of-n', results);
    expect(rows.map((r) => r.measure)).toEqual(['initial policy, best-of-1', 'initial policy, best-of-4', 'trained policy (5 iterations), best-of-1', 'trained policy (5 iterations), best-of-4']);
    expect(rows[0].seen.mean).toBeCloseTo(0.125, 12); // (0 + 1/4) / 2
    expect(rows[1].seen.mean).toBeCloseTo(0.5, 12); // best-of-4: task 2 has a success
    expect(rows[2].seen.mean).toBeCloseTo(0.75, 12);
    expect(rows[2].unseen.mean).toBeCloseTo(0.125, 12);
    expect(rows[2].seen.n).toBe(2);
  });

  it('experiment rows: each arm evaluated on seen and unseen, mean over seeds; arms without evaluation are left out', () => {
    const run = (arm: string, seed: number, seen: number, unseen: number, env = 'household-v0') => ({
      arm, armLabel: arm.toUpperCase(), env, seed, evaluation: [{ split: 'seen', successRate: seen }, { split: 'unseen', successRate: unseen }],
    });
    const results = { runs: [run('grpo', 1, 0.5, 0.4), run('grpo', 2, 0.7, 0.4), { arm: 'x', armLabel: 'X', env: 'household-v0', seed: 1, evaluation: [] }] } as unknown as ExperimentResults;
    const rows = experimentSplitRows('ood', results);
    expect(rows).toHaveLength(1);
    expect(rows[0].measure).toBe('GRPO (trained), evaluation');
    expect(rows[0].seen.mean).toBeCloseTo(0.6, 12);
    expect(rows[0].seen.n).toBe(2);
    expect(rows[0].unseen.halfWidth).toBeCloseTo(0, 12);
    expect(brittlenessTable(rows)).toContain('| 1 | ood | GRPO (trained), evaluation | 60.0 % ± ');
  });

  it('experiment rows from a merged file keep each environment apart and name it', () => {
    const run = (env: string, seed: number, seen: number, unseen: number) => ({
      arm: 'grpo', armLabel: 'GRPO', env, seed, evaluation: [{ split: 'seen', successRate: seen }, { split: 'unseen', successRate: unseen }],
    });
    const results = { runs: [run('household-v0', 1, 0.9, 0.8), run('shop-v0', 1, 0.5, 0.2), run('household-v0', 2, 0.7, 0.6), run('shop-v0', 2, 0.3, 0.2)] } as unknown as ExperimentResults;
    const rows = experimentSplitRows('ood', results);
    expect(rows.map((r) => r.measure)).toEqual(['GRPO (trained) on household-v0, evaluation', 'GRPO (trained) on shop-v0, evaluation']);
    expect(rows[0].seen.mean).toBeCloseTo(0.8, 12);
    expect(rows[1].seen.mean).toBeCloseTo(0.4, 12);
    expect(rows[1].unseen.n).toBe(2);
  });
});
