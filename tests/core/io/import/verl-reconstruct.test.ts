/**
 * Stock verl-agent dumps from a near-deterministic policy (verl-sim.ts): members repeat each other's
 * rows, padding copies some of them (verl-agent `adjust_batch`, mode "copy": `np.random.choice(bs,
 * size_divisor − remainder)` rows concatenated before `_balance_batch`), and rows that differ only in
 * reasoning text make continuations interchangeable. The reconstruction must keep every member,
 * invent none, and say where it had to choose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importText } from '../../../../src/core/io';
import { verlDumpText } from '../../../../src/core/io/samples/write-verl';
import type { SimGroup } from '../../../../src/core/io/samples/simulate';
import type { RolloutTrajectoryV1 } from '../../../../src/core/io/rollouts-v1';
import { nearDeterministicGroup } from './verl-sim';

const shape = (list: Array<{ n: number; ok: boolean }>) => list.map((r) => `${r.n}${r.ok ? 'S' : 'F'}`).sort();
const truthShape = (g: SimGroup) => shape(g.trajectories.map((t) => ({ n: t.steps.length, ok: t.success })));
const gotShape = (records: readonly RolloutTrajectoryV1[]) => shape(records.map((t) => ({ n: t.turns.length, ok: t.outcome.success })));
function groupBy<T>(list: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of list) out.set(key(x), [...(out.get(key(x)) ?? []), x]);
  return out;
}
type Reconstructed = RolloutTrajectoryV1 & { reconstruction?: { ambiguous_with: string[]; from_turn: number } };

describe('stock verl-agent reconstruction', () => {
  it('an 8-member near-deterministic group comes back with exactly 8 members, the same successes and the ambiguity reported', () => {
    // Seed 4: six members write the same 4-turn success, so every row of it is repeated (and some padded).
    const groups = [4, 5, 6].map((seed) => nearDeterministicGroup(seed, { groupSize: 8, maxTurns: 10, deviate: 0.08, reword: 0.15 }));
    const text = verlDumpText(groups, 3, { seed: 4 });
    const result = importText(text, { fileName: 'run/3.jsonl' });
    expect(result.problemCount).toBe(0);
    expect(result.summary).toMatchObject({ trajectories: 24, groups: 3 });
    const byGroup = groupBy(result.trajectories, (t) => t.group_id);
    const first = [...byGroup.values()].find((members) => members[0].task.instruction === groups[0].task)!;
    expect(first).toHaveLength(8);
    expect(gotShape(first)).toEqual(truthShape(groups[0]));
    expect(first.filter((t) => t.outcome.success)).toHaveLength(groups[0].trajectories.filter((t) => t.success).length);
    const ambiguous = (first as Reconstructed[]).filter((t) => t.reconstruction);
    expect(ambiguous.length).toBeGreaterThanOrEqual(2);
    for (const t of ambiguous) {
      expect(t.reconstruction!.ambiguous_with.every((id) => first.some((u) => u.traj_id === id))).toBe(true);
      expect(t.reconstruction!.from_turn).toBeGreaterThanOrEqual(1);
    }
    expect(result.notes.some((n) => /^\d+ trajectories' turns \d+–\d+ could belong to either/.test(n))).toBe(true);
    expect(result.notes.some((n) => /repeated rows kept as members that wrote the same turn/.test(n))).toBe(true);
  });

  it('rows that are byte-identical in every member are all kept: two members writing the same episode are two trajectories', () => {
    const group = nearDeterministicGroup(3, { groupSize: 4, maxTurns: 10, deviate: 0, reword: 0 });
    const other = nearDeterministicGroup(8, { groupSize: 4, maxTurns: 10, deviate: 0, reword: 0 });
    const result = importText(verlDumpText([group, other], 1, { seed: 9 }));
    expect(result.summary.trajectories).toBe(8);
    expect(gotShape(result.trajectories)).toEqual([...truthShape(group), ...truthShape(other)].sort());
    expect(result.trajectories.some((t) => (t as Reconstructed).reconstruction)).toBe(false);
  });

  it('for generated groups and dumps, every group keeps its member count and its successes, and its (T_i, success) multiset unless it reports an ambiguity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 2, max: 3 }),
        fc.double({ min: 0, max: 0.35, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (seed, groupSize, count, deviate, reword) => {
          const groups = Array.from({ length: count }, (_, j) => nearDeterministicGroup(seed * 5 + j, { groupSize, maxTurns: 8, deviate, reword }));
          const keys = new Set(groups.map((g) => `${g.task}\n${g.intro}`));
          fc.pre(keys.size === groups.length); // two groups of one task and start merge in any dump
          const result = importText(verlDumpText(groups, 2, { seed }));
          expect(result.problemCount).toBe(0);
          const byTask = groupBy(result.trajectories, (t) => `${t.task.instruction}\n${t.turns[0].observation}`);
          for (const g of groups) {
            const members = byTask.get(`${g.task}\n${g.intro}`) ?? [];
            expect(members).toHaveLength(groupSize);
            expect(members.filter((t) => t.outcome.success)).toHaveLength(g.trajectories.filter((t) => t.success).length);
            // Lengths may only move between members where the reader says it had to choose.
            if (gotShape(members).join() !== truthShape(g).join()) expect(members.some((t) => (t as Reconstructed).reconstruction)).toBe(true);
          }
        },
      ),
      { numRuns: 60, seed: 20261201 },
    );
  });

  it('a repeated successor that could be a padding copy or a second member is reported, and members and successes stay exact', () => {
    // Seed 59: one member wins at turn 7 in the same state as another that goes on to turn 8, and the
    // turn-8 row has a padding copy, so the dump also reads as both going on to turn 8.
    const groups = [0, 1, 2, 3].map((j) => nearDeterministicGroup(59 * 7 + j, { groupSize: 8, maxTurns: 10, deviate: 0.1, reword: 0.2 }));
    const result = importText(verlDumpText(groups, 1, { seed: 59 }));
    expect(result.problemCount).toBe(0);
    expect(result.summary.trajectories).toBe(32);
    for (const g of groups) {
      const members = result.trajectories.filter((t) => t.task.instruction === g.task && t.turns[0].observation === g.intro);
      expect(members).toHaveLength(8);
      expect(members.filter((t) => t.outcome.success)).toHaveLength(g.trajectories.filter((t) => t.success).length);
      if (gotShape(members).join() !== truthShape(g).join()) expect(members.some((t) => (t as Reconstructed).reconstruction)).toBe(true);
    }
  });
});
