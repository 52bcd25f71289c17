import { describe, expect, it } from 'vitest';
import { indexRun, partOfRun, placeOfPath } from '../../../src/core/run/run-index';

describe('run index from relative paths', () => {
  it('each framework\'s own file names give step and rank', () => {
    expect(placeOfPath('rollout_data_dir/12.jsonl')).toEqual({ step: 12, rank: null });
    expect(placeOfPath('rollout_log_dir/step3/1.json')).toEqual({ step: 3, rank: 1 });
    expect(placeOfPath('run\\step7\\0.json.gz')).toEqual({ step: 7, rank: 0 });
    expect(placeOfPath('dumped_evals/global_step_40_evals/gsm8k.jsonl')).toEqual({ step: 40, rank: null });
    expect(placeOfPath('completions/completions_00050.parquet')).toEqual({ step: 50, rank: null });
    expect(placeOfPath('notes/rollouts.jsonl')).toEqual({ step: null, rank: null });
  });

  it('steps come in numeric order (2 before 10), ranks in order within a step, step-less files last, other files left out', () => {
    const index = indexRun([
      { path: 'step10/1.json', bytes: 5 }, { path: 'step10/0.json', bytes: 5 }, { path: 'step2/0.json', bytes: 3 },
      { path: 'extra.jsonl', bytes: 1 }, { path: 'README.md', bytes: 100 },
    ]);
    expect(index.steps.map((s) => [s.step, s.files.map((f) => f.path)])).toEqual([
      [2, ['step2/0.json']], [10, ['step10/0.json', 'step10/1.json']], [null, ['extra.jsonl']],
    ]);
    expect(index.files).toBe(4);
    expect(index.bytes).toBe(14);
  });

  it('the parts K/N of a run hold every step exactly once', () => {
    const index = indexRun(Array.from({ length: 11 }, (_, k) => ({ path: `${k}.jsonl` })));
    const parts = [1, 2, 3, 4].map((k) => partOfRun(index, k, 4).steps.map((s) => s.step));
    expect(parts.flat().sort((a, b) => a! - b!)).toEqual(index.steps.map((s) => s.step));
    expect(parts[0]).toEqual([0, 4, 8]);
  });
});
