import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { estimateAdvantages } from '../../../../../src/core/advantage/registry';
import { estimatorAdvantagesOf } from '../../../../../src/core/io/export/estimator-advantages';
import { openImport, type ImportProgress } from '../../../../../src/core/io/import/session/open';
import { CancelledError } from '../../../../../src/core/io/import/session/read-bytes';
import { ImportSession } from '../../../../../src/core/io/import/session/session';
import { makeRollouts, toJsonl } from '../../../../fixtures/make-rollouts';

const enc = new TextEncoder();

async function* chunks(bytes: Uint8Array, size = 997): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const open = (bytes: Uint8Array, extra: Partial<Parameters<typeof openImport>[1]> = {}) =>
  openImport(chunks(bytes), { fileName: 'f.jsonl', totalBytes: bytes.length, ...extra });

describe('import session', () => {
  const records = makeRollouts({ steps: 3, tasks: 2, groupSize: 4, turns: 5 });
  const text = toJsonl(records);

  it('reads JSON Lines split at arbitrary byte edges into groups with their facets', async () => {
    const { session } = await open(enc.encode(text));
    const s = session.summary();
    expect([s.trajectories, s.groups, s.steps, s.environments, s.taskTypes]).toEqual([24, 6, [1, 2, 3], ['household-v0'], ['pick']]);
    expect(s.problemCount).toBe(0);
    expect(s.tokenCounts).toBe('file');
  });

  it('recognises gzip by its magic bytes, not by the name', async () => {
    const { session, gzip } = await open(gzipSync(enc.encode(text)));
    expect(gzip).toBe(true);
    expect(session.summary().trajectories).toBe(24);
  });

  it('keeps every good line among 1,000 malformed ones and counts them all, listing the first 100 with line numbers', async () => {
    const lines = text.trim().split('\n');
    const mixed: string[] = [];
    for (let k = 0; k < 1000; k++) mixed.push(k % 2 ? '{"schema":"rollouts.v1"}' : 'not json {');
    const body = [...lines.slice(0, 12), ...mixed, ...lines.slice(12)].join('\n');
    const { session } = await open(enc.encode(body));
    const s = session.summary();
    expect(s.trajectories).toBe(24);
    expect(s.problemCount).toBe(1000);
    expect(s.problems).toHaveLength(100);
    expect(s.problems[0].line).toBe(13);
  });

  it('scores with the registry estimators, and re-scores PlanPO when α changes', async () => {
    const { session } = await open(enc.encode(text));
    const g = session.groupRecords(0);
    const own = estimateAdvantages('planpo', { trajectories: session.groups[0].summary.trajectories }, { alpha: 0.1 });
    expect(g.map((r) => r.estimator_advantages.planpo.per_turn)).toEqual(own.perTurn);
    expect(session.setParams('planpo', { alpha: 0.5 })).toEqual({ ok: true });
    const after = session.groupRecords(0).map((r) => r.estimator_advantages.planpo.per_turn);
    expect(after).toEqual(estimateAdvantages('planpo', session.groups[0].summary, { alpha: 0.5 }).perTurn);
    expect(after).not.toEqual(own.perTurn);
    expect(session.setParams('planpo', { alpha: 'x' })).toEqual({ ok: false, problems: [expect.stringMatching(/^alpha: expected a number in/)] });
    expect(session.setParams('planpo', { alphaSchedule: 'constant' })).toMatchObject({ ok: false });
  });

  it('exports rollouts.v1 whose advantages extension re-opens with the same numbers', async () => {
    const { session } = await open(enc.encode(text));
    const lines = session.exportLines([1]);
    expect(lines).toHaveLength(4);
    const again = (await open(enc.encode(lines.join('')))).session;
    const exported = lines.map((l) => estimatorAdvantagesOf(JSON.parse(l)));
    expect(exported.map((e) => e.grpo.per_turn)).toEqual(again.groupRecords(0).map((r) => r.estimator_advantages.grpo.per_turn));
    expect(exported[0].planpo.params).toMatchObject({ alpha: 0.1 });
  });

  it('estimates L from the response text when the file has no token counts, and marks it', async () => {
    const bare = toJsonl(makeRollouts({ steps: 1, tasks: 1, groupSize: 3, turns: 4, tokens: false }));
    const { session } = await open(enc.encode(bare));
    expect(session.summary().tokenCounts).toBe('estimated');
    const [first] = session.groupRecords(0);
    expect(first.estimated_tokens).toBe(true);
    expect(first.turns[0].response_tokens).toBeGreaterThan(0);
  });

  it('reports progress a few times, and stops with CancelledError when cancelled', async () => {
    const seen: ImportProgress[] = [];
    let clock = 0;
    await open(enc.encode(text), { onProgress: (p) => seen.push(p), now: () => (clock += 100), progressEveryMs: 250 });
    expect(seen.at(-1)?.phase).toBe('done');
    expect(seen.length).toBeLessThan(Math.ceil(text.length / 997));
    await expect(open(enc.encode(text), { cancelled: () => true })).rejects.toBeInstanceOf(CancelledError);
  });

  it('gives the overview by step: all-equal groups are those whose rewards are all equal', async () => {
    const { session } = await open(enc.encode(text));
    const rows = session.overview();
    expect(rows.map((r) => r.step)).toEqual([1, 2, 3]);
    const zero = session.groups.filter((g) => g.step === 1 && new Set(g.summary.trajectories.map((t) => t.reward)).size === 1).length;
    expect(rows[0].zeroGrpoFraction).toBe(zero / 2);
    expect(rows[0].estimators.grpo.meanAbsAdvantage).toBeGreaterThanOrEqual(0);
  });

  it('marks a group of one as a singleton (no relative advantage) and every larger group as not', async () => {
    const lone = makeRollouts({ steps: 1, tasks: 2, groupSize: 3, turns: 3 });
    const kept = lone.filter((r) => r.group_id !== lone[0].group_id || r.traj_id === lone[0].traj_id);
    const { session } = await open(enc.encode(toJsonl(kept)));
    expect(session.groupList().map((g) => [g.size, g.singleton, g.notes.length])).toEqual([[1, true, 1], [3, false, 0]]);
    expect(session.summary().readOnly).toBe(false);
  });

  it("carries a reader's rewardless flag into the summary (SFT files open for reading only)", async () => {
    const { session } = await open(enc.encode(text));
    const flagged = new ImportSession('sft.jsonl', { ...session.result, rewardless: true } as typeof session.result);
    expect(flagged.summary().readOnly).toBe(true);
  });
});
