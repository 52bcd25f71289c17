import { describe, expect, it } from 'vitest';
import { ESTIMATOR_IDS, estimateAdvantages } from '../../../../../src/core/advantage/registry';
import { openImport } from '../../../../../src/core/io/import/session/open';
import { makeRollouts, toJsonl } from '../../../../fixtures/make-rollouts';

const text = toJsonl(makeRollouts({ steps: 3, tasks: 4, groupSize: 4, turns: 5 }));

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

const open = async () => {
  const bytes = new TextEncoder().encode(text);
  return (await openImport(once(bytes), { fileName: 'f.jsonl', totalBytes: bytes.length })).session;
};

describe('lazy scoring in the import session', () => {
  it('a session opens with no group scored; a shown group is scored on its own, and the summary counts groups scored by every estimator', async () => {
    const session = await open();
    expect(session.summary()).toMatchObject({ groups: 12, scoredGroups: 0 });
    session.groupRecords(5);
    expect(session.scoredGroups()).toBe(1);
    expect(session.summary().scoredGroups).toBe(1);
  });

  it('scoreSome stops when told and resumes where it stopped; scored in slices equals every estimator run on every group', async () => {
    const session = await open();
    let calls = 0;
    expect(session.scoreSome(() => ++calls >= 5)).toBe(false);
    expect(session.scoredGroups()).toBe(5);
    while (!session.scoreSome(() => true));
    expect(session.scoredGroups()).toBe(12);
    for (let g = 0; g < session.groups.length; g++) {
      const records = session.groupRecords(g);
      for (const id of ESTIMATOR_IDS) {
        let own: number[][] | null = null;
        try {
          own = estimateAdvantages(id, session.groups[g].summary, session.params[id]).perTurn;
        } catch {
          // this log lacks what the estimator needs (EMPG: token entropies): no slice, counted as failed
        }
        expect(records.map((r) => r.estimator_advantages[id]?.per_turn ?? null), `${id} on group ${g}`).toEqual(own ?? records.map(() => null));
      }
    }
    const failed = session.summary().estimators.filter((e) => e.failedGroups > 0);
    expect(failed.map((e) => [e.id, e.failedGroups])).toEqual([['empg', 12]]);
  });

  it('the overview scores every group first, and a parameter change unscores that estimator only', async () => {
    const session = await open();
    const rows = session.overview();
    expect(session.scoredGroups()).toBe(12);
    expect(Object.keys(rows[0].estimators).sort()).toEqual(ESTIMATOR_IDS.filter((id) => id !== 'empg').sort()); // EMPG needs entropies this log has not
    expect(session.setParams('planpo', { alpha: 0.5 })).toEqual({ ok: true });
    expect(session.scoredGroups()).toBe(0);
    const again = session.overview();
    expect(again[0].estimators.grpo).toEqual(rows[0].estimators.grpo);
    expect(again[0].estimators.planpo).not.toEqual(rows[0].estimators.planpo);
  });
});
