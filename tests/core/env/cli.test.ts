import { describe, expect, it } from 'vitest';
import { envCommand } from '../../../src/cli/commands/env';
import { CliError } from '../../../src/cli/args';
import { recordingIo } from '../../cli/in-process';

const fakeIo = (stdin = '') => recordingIo(stdin);

describe('the env CLI command', () => {
  it('env list --json gives ids, labels, task types, splits and max turns', async () => {
    const { io, out } = fakeIo();
    expect(await envCommand.run(['list', '--json'], io)).toBe(0);
    const rows = JSON.parse(out.join('\n'));
    expect(rows.map((r: { id: string }) => r.id)).toEqual(['household-v0', 'shop-v0', 'science-v0']);
    expect(rows[0]).toMatchObject({ label: expect.any(String), splits: ['seen', 'unseen'], maxTurns: 30 });
    expect(rows[0].taskTypes).toContain('pick_and_place_simple');
  });

  it('env solve --json prints the plan and its length', async () => {
    const { io, out } = fakeIo();
    await envCommand.run(['solve', '--env', 'household-v0', '--seed', '3', '--json'], io);
    const result = JSON.parse(out[0]);
    expect(result.length).toBe(result.plan.length);
    expect(result.plan[0]).toMatch(/^go to /);
  });

  it('env play --json replays actions from stdin as JSON Lines', async () => {
    const solved = fakeIo();
    await envCommand.run(['solve', '--env', 'shop-v0', '--seed', '2', '--json'], solved.io);
    const plan: string[] = JSON.parse(solved.out[0]).plan;
    const { io, out } = fakeIo(['click[nothing]', ...plan].join('\n'));
    await envCommand.run(['play', '--env', 'shop-v0', '--seed', '2', '--actions', '-', '--json'], io);
    const lines = out.map((l) => JSON.parse(l));
    expect(Object.keys(lines[0])).toEqual(['t', 'task', 'observation', 'admissible']);
    expect(Object.keys(lines[1])).toEqual(['t', 'action', 'observation', 'reward', 'done', 'success', 'admissible']);
    expect(lines[1]).toMatchObject({ t: 1, action: 'click[nothing]', reward: 0, done: false });
    expect(lines.at(-1)).toMatchObject({ t: plan.length + 1, reward: 10, done: true, success: true, admissible: [] });
  });

  it('env stats --json reports the oracle length distribution and the random policy', async () => {
    const { io, out } = fakeIo();
    await envCommand.run(['stats', '--env', 'household-v0', '--episodes', '20', '--task-type', 'look_at_obj_in_light', '--json'], io);
    const stats = JSON.parse(out[0]);
    expect(stats).toMatchObject({ env: 'household-v0', taskType: 'look_at_obj_in_light', episodes: 20 });
    expect(Object.values(stats.oracle.histogram as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(20);
    expect(stats.random.successRate).toBeGreaterThanOrEqual(0);
  });

  it('unknown ids, task types and splits are user errors that list the valid values', async () => {
    const { io } = fakeIo();
    await expect(envCommand.run(['solve', '--env', 'chess-v0', '--seed', '1'], io)).rejects.toThrow(
      new CliError('unknown --env "chess-v0"; valid ids: household-v0, shop-v0, science-v0'),
    );
    await expect(envCommand.run(['solve', '--env', 'science-v0', '--seed', '1', '--task-type', 'x'], io)).rejects.toThrow(/valid values: boil, melt/);
    await expect(envCommand.run(['solve', '--env', 'shop-v0', '--seed', '1', '--split', 'x'], io)).rejects.toThrow(/valid values: seen, unseen/);
    await expect(envCommand.run(['solve', '--env', 'household-v0', '--seed', '1', '--size', '99'], io)).rejects.toBeInstanceOf(CliError);
    await expect(envCommand.run(['play', '--env', 'household-v0', '--seed', '1'], io)).rejects.toThrow(/needs a terminal/);
  });
});
