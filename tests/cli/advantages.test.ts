import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { advantagesCommand } from '../../src/cli/commands/advantages';
import { COMMANDS } from '../../src/cli/commands/index';
import { ESTIMATOR_IDS } from '../../src/core/advantage/registry';
import { goldenPath } from '../golden-files';
import { cliInProcess, recordingIo } from './in-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string) => `${ROOT}tests/fixtures/${name}`;

interface Golden {
  scenarios: Array<{
    name: string;
    trajectories: Array<{ traj_uid: string; T: number }>;
    grpo: {
      trajectory_rows: { rows: Array<{ traj_uid: string }>; adv_std_norm: number[]; adv_no_std: number[] };
      step_rows: { rows: Array<{ traj_uid: string }>; cross_steps_true: { adv_std_norm: number[] } };
    };
    planpo_combined: { values: Record<string, number[]> };
  }>;
}
const golden = JSON.parse(readFileSync(goldenPath('advantages_golden.json'), 'utf8')) as Golden;
const scenario = (name: string) => golden.scenarios.find((s) => s.name === name)!;

/** Golden per-row values → traj_uid → per-turn array (rows are trajectory-major). */
function byTrajectory(rows: Array<{ traj_uid: string }>, values: number[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  rows.forEach((row, r) => out.set(row.traj_uid, [...(out.get(row.traj_uid) ?? []), values[r]]));
  return out;
}

/** Golden trajectory-level values broadcast to T turns. */
function broadcast(name: string, values: number[]): Map<string, number[]> {
  const s = scenario(name);
  const rows = s.grpo.trajectory_rows.rows;
  return new Map(rows.map((row, r) => [row.traj_uid, Array(s.trajectories.find((t) => t.traj_uid === row.traj_uid)!.T).fill(values[r])]));
}

interface Output {
  group_id: string;
  traj_id: string;
  estimator: string;
  per_turn: number[];
  components: Record<string, unknown>;
}

async function runCli(argv: string[], stdin = ''): Promise<{ code: number; out: Output[]; err: string[] }> {
  const { io, out, err } = recordingIo(stdin);
  const code = await advantagesCommand.run(argv, io);
  return { code, out: out.map((l) => JSON.parse(l) as Output), err };
}

function expectGolden(out: Output[], want: Map<string, number[]>): void {
  expect(out.length).toBe(want.size);
  for (const o of out) {
    const w = want.get(o.traj_id)!;
    expect(o.per_turn.length, o.traj_id).toBe(w.length);
    o.per_turn.forEach((x, t) => expect(Math.abs(x - w[t]), `${o.traj_id}[${t}]`).toBeLessThanOrEqual(1e-9 + 1e-9 * Math.abs(w[t])));
  }
}

describe('advantages CLI on well-formed rollouts', () => {
  it('is registered as a CLI command', () => {
    expect(COMMANDS).toContain(advantagesCommand);
  });

  it('grpo on two interleaved groups writes one line per trajectory in input order, equal to the golden vectors', async () => {
    const { code, out, err } = await runCli(['--in', fixture('rollouts-interleaved.jsonl'), '--estimator', 'grpo']);
    expect(code).toBe(0);
    expect(out.map((o) => o.traj_id)).toEqual(['g0/t0', 'g2/t0', 'g0/t1', 'g2/t1', 'g0/t2', 'g2/t2', 'g0/t3', 'g2/t3']);
    expect(Object.keys(out[0])).toEqual(['group_id', 'traj_id', 'estimator', 'per_turn', 'components']);
    expect(out[0]).toMatchObject({ group_id: 'g0', estimator: 'grpo' });
    expectGolden(out, broadcast('interleaved_two_groups', scenario('interleaved_two_groups').grpo.trajectory_rows.adv_std_norm));
    expect(err).toEqual(['advantages: scored 8 trajectories in 2 groups with grpo; 0 failed']);
  });

  it('--stats turn-weighted gives verl-agent cross-steps statistics', async () => {
    const { out } = await runCli(['--in', fixture('rollouts-interleaved.jsonl'), '--estimator', 'grpo', '--stats', 'turn-weighted']);
    const g = scenario('interleaved_two_groups').grpo.step_rows;
    expectGolden(out, byTrajectory(g.rows, g.cross_steps_true.adv_std_norm));
  });

  it('--no-std gives Dr. GRPO advantages and --json drops the stderr summary', async () => {
    const { out, err } = await runCli(['--in', fixture('rollouts-interleaved.jsonl'), '--estimator', 'grpo', '--no-std', '--json']);
    expectGolden(out, broadcast('interleaved_two_groups', scenario('interleaved_two_groups').grpo.trajectory_rows.adv_no_std));
    expect(err).toEqual([]);
  });

  it('planpo with --turn-grouping flat --alpha 0.05 on a wrapper file equals the golden combined advantage, components sliced per trajectory', async () => {
    const { code, out } = await runCli(['--in', fixture('rollouts-wrapper.json'), '--estimator', 'planpo', '--turn-grouping', 'flat', '--alpha', '0.05']);
    expect(code).toBe(0);
    const s = scenario('mixed_4');
    const want = new Map<string, number[]>();
    let r = 0;
    for (const t of s.trajectories) want.set(t.traj_uid, s.planpo_combined.values['flat|std_norm|alpha=0.05'].slice(r, (r += t.T)));
    expectGolden(out, want);
    expect(out[0].components.alpha).toBe(0.05);
    expect((out[1].components.responseAdvantage as number[]).length).toBe(5);
  });

  it('reads stdin with --in -', async () => {
    const text = readFileSync(fixture('rollouts-interleaved.jsonl'), 'utf8');
    const { code, out } = await runCli(['--in', '-', '--estimator', 'rloo'], text);
    expect(code).toBe(0);
    expect(out).toHaveLength(8);
  });

  it('--stats sets GiGPO episodeStats', async () => {
    const { code, out } = await runCli(['--in', fixture('rollouts-interleaved.jsonl'), '--estimator', 'gigpo', '--stats', 'turn-weighted']);
    expect(code).toBe(0);
    expect(out).toHaveLength(8);
  });
});

describe('advantages CLI on bad input', () => {
  it('malformed lines are reported by line number, the rest is scored, and the exit code is 1', async () => {
    const { code, out, err } = await runCli(['--in', fixture('rollouts-malformed.jsonl'), '--estimator', 'grpo']);
    expect(code).toBe(1);
    expect(err.slice(0, 4).map((e) => e.split(':')[0])).toEqual(['line 2', 'line 5', 'line 7', 'line 9']);
    expect(err[2]).toMatch(/traj "g0\/no-tokens": turns\[\]\.response_tokens \(L_\{i,t\}\) is missing/);
    expect(err[4]).toBe('advantages: scored 4 trajectories in 1 group with grpo; 4 failed (3 lines skipped, 4 problems)');
    expectGolden(out, broadcast('mixed_4', scenario('mixed_4').grpo.trajectory_rows.adv_std_norm));
  });

  it('empty input is reported and exits 1', async () => {
    const { code, out, err } = await runCli(['--in', '-', '--estimator', 'grpo'], '\n');
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err[0]).toBe('no trajectories in the input');
  });

  it('an unknown estimator is an error listing the registry ids', async () => {
    await expect(runCli(['--in', '-', '--estimator', 'ppo2'])).rejects.toThrow(`unknown estimator "ppo2"; valid ids: ${ESTIMATOR_IDS.join(', ')}`);
    await expect(runCli(['--in', '-'])).rejects.toThrow(/--estimator is required; valid ids: grpo, planpo/);
  });

  it('a flag the estimator has no parameter for is an error naming its parameters', async () => {
    await expect(runCli(['--in', '-', '--estimator', 'grpo', '--turn-grouping', 'flat'])).rejects.toThrow(
      /--turn-grouping does not apply to estimator grpo \(its parameters: stats, normalizeByStd/,
    );
    await expect(runCli(['--in', '-', '--estimator', 'rloo', '--no-std'])).rejects.toThrow(/its parameters: none/);
  });

  it('bad flag values, unknown options and missing input are usage errors', async () => {
    await expect(runCli(['--in', '-', '--estimator', 'grpo', '--stats', 'weighted'])).rejects.toThrow('--stats: expected one of trajectory, turn-weighted, got "weighted"');
    await expect(runCli(['--in', '-', '--estimator', 'planpo', '--alpha', 'x'])).rejects.toThrow(/--alpha: expected a number in 0\.\.100, got "x"/);
    await expect(runCli(['--in', '-', '--estimator', 'grpo', '--std'])).rejects.toThrow(/unknown option --std/);
    await expect(runCli(['--estimator', 'grpo'])).rejects.toThrow(/--in FILE \(or --in - for stdin\) is required/);
    await expect(runCli(['--in', fixture('nope.jsonl'), '--estimator', 'grpo'])).rejects.toThrow(/no such file/);
  });
});

describe('the advantages command through runCli (exit codes and streams as main.ts prints them)', () => {
  const cli = (args: string[]) => cliInProcess(['advantages', ...args]);

  it('exits 1 on a malformed file with line-numbered errors and no stack trace', async () => {
    const result = await cli(['--in', fixture('rollouts-malformed.jsonl'), '--estimator', 'planpo']);
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split('\n')).toHaveLength(4);
    expect(result.stderr).toMatch(/^line 2: not valid JSON/m);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 with one error line for an unknown estimator', async () => {
    const result = await cli(['--in', fixture('rollouts-malformed.jsonl'), '--estimator', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: unknown estimator "nope"; valid ids: grpo, /m);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
