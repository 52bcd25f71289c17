/**
 * The advantages command's input checks: duplicate ids in one pass, rewards whose statistics would
 * overflow named as errors, and a failed trajectory with a positive reward warned about. A reader
 * that stops early (`| head`) needs a real process: process.test.ts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toRolloutGroups } from '../../src/core/io/to-group';
import type { LocatedRecord } from '../../src/core/io';
import { cliInProcess } from './in-process';

function record(group: string, traj: string, success: boolean, reward: number) {
  return {
    schema: 'rollouts.v1', source: { framework: 'native', algo: 'grpo' }, env: { name: 'alfworld', max_turns: 5 },
    task: { task_id: group, instruction: 'x' }, group_id: group, traj_id: traj, sample_index: 0,
    turns: [{ t: 0, observation: 'o', response: 'r', action: 'a', reward, done: true, response_tokens: 3 }],
    outcome: { success, episode_reward: reward, num_turns: 1 },
  };
}

function file(lines: object[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'adv-')), 'in.jsonl');
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
}

const cli = (args: string[]) => cliInProcess(['advantages', ...args]);

describe('advantages input checks', () => {
  it('finds duplicate traj_ids in a group of 100,000 with one lookup per record', () => {
    const records: LocatedRecord[] = Array.from({ length: 100_000 }, (_, i) => ({
      line: i + 1, record: record('g', `t${i % 99_998}`, i % 2 === 0, i % 2 === 0 ? 10 : 0) as never,
    }));
    const { groups, errors } = toRolloutGroups(records);
    expect(groups[0].members).toHaveLength(99_998);
    expect(errors.map((e) => e.message)).toEqual([
      'duplicate traj_id "t0" in group "g" (first on line 1); this copy is skipped',
      'duplicate traj_id "t1" in group "g" (first on line 2); this copy is skipped',
    ]);
  });

  it('rewards of ±1e308 are an error naming the trajectory, not silent zeros', async () => {
    const r = await cli(['--in', file([record('g', 'a', true, 1e308), record('g', 'b', false, -1e308)]), '--estimator', 'grpo']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('trajectory 0: reward 1e+308 is outside ±1e+100; group statistics of such values overflow');
  });

  it('success: false with R = 10 is scored as given, with a warning', async () => {
    const r = await cli(['--in', file([record('g', 'a', true, 10), record('g', 'b', false, 10)]), '--estimator', 'grpo']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect(r.stderr).toContain('line 2: traj "b": warning: outcome.success is false but episode_reward is 10 > 0');
  });
});
