/**
 * `advantages --estimator empg` reads each turn's entropy back from rollouts.v1 (`turns[].info.entropy`)
 * and, on a log without entropies, says plainly that it cannot be scored by EMPG.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliInProcess } from './in-process';
import { estimateAdvantages } from '../../src/core/advantage/registry';
import { toRolloutGroups } from '../../src/core/io';
import type { RolloutTrajectoryV1 } from '../../src/core/io/rollouts-v1';

const FIXTURE = fileURLToPath(new URL('../fixtures/rollouts-interleaved.jsonl', import.meta.url));

describe('advantages --estimator empg', () => {
  it('a log without turns[].info.entropy stops with one plain sentence and a non-zero exit code', async () => {
    const r = await cliInProcess(['advantages', '--in', FIXTURE, '--estimator', 'empg']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("EMPG needs each turn's token entropy (rollouts.v1 turns[].info.entropy)");
    expect(r.stderr).toContain('cannot be scored by EMPG');
    expect(r.out).toEqual([]);
  });

  it('scores the same log once every turn carries info.entropy, equal to the estimator on the converted groups', async () => {
    const records = readFileSync(FIXTURE, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as RolloutTrajectoryV1);
    const withH = records.map((rec, i) => ({ ...rec, turns: rec.turns.map((turn, t) => ({ ...turn, info: { ...turn.info, entropy: 0.1 * ((i + t) % 5) } })) }));
    const stdin = withH.map((r) => JSON.stringify(r)).join('\n');
    const r = await cliInProcess(['advantages', '--in', '-', '--estimator', 'empg'], stdin);
    expect(r.code).toBe(0);
    const lines = r.out.map((l) => JSON.parse(l) as { traj_id: string; per_turn: number[] });
    const { groups } = toRolloutGroups(withH.map((record, k) => ({ record, line: k + 1 })));
    for (const g of groups) {
      expect(g.group.trajectories.every((t) => t.entropies !== undefined)).toBe(true);
      const want = estimateAdvantages('empg', g.group).perTurn;
      g.members.forEach((m, i) => expect(lines.find((l) => l.traj_id === m.record.traj_id)!.per_turn).toEqual(want[i]));
    }
  });
});
