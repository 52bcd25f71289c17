import { describe, expect, it } from 'vitest';
import { importText } from '../../../../../src/core/io/import/importer';
import { ImportSession } from '../../../../../src/core/io/import/session/session';
import { runSampleFiles } from '../../../../../src/core/io/samples/write-run';

/** One AgentGym-RL rank file (no token counts: every L_{i,t} is estimated), 6 groups of 4. */
const file = [...runSampleFiles({ layout: 'agentgym-rl', steps: 1, groupsPerStep: 6, groupSize: 4, maxTurns: 5, ranks: 1, seed: 5 })][0];

const sessionOf = (deferEstimates: boolean) => new ImportSession(file.path, importText(file.text, { fileName: file.path, deferEstimates }));

describe('token estimates deferred to the import session', () => {
  it('the deferred read leaves the counts missing, says so, and reports the same token source and summary', () => {
    const now = importText(file.text, { fileName: file.path });
    const later = importText(file.text, { fileName: file.path, deferEstimates: true });
    expect(later.estimatesDeferred).toBe(true);
    expect(now.estimatesDeferred).toBeUndefined();
    expect(later.tokenCounts).toBe(now.tokenCounts);
    expect(later.tokenCounts).toBe('estimated');
    expect(later.summary).toEqual(now.summary);
    expect(later.trajectories[0].turns.every((turn) => turn.response_tokens === undefined)).toBe(true);
    expect(now.trajectories[0].turns.every((turn) => turn.response_tokens_estimated === true)).toBe(true);
  });

  it('a shown group has the same estimated L and every estimator the same advantages as an import that estimated while reading', () => {
    const now = sessionOf(false);
    const later = sessionOf(true);
    expect(later.summary()).toEqual(now.summary());
    expect(later.groupList()).toEqual(now.groupList());
    for (const g of [3, 0, 5]) expect(later.groupRecords(g)).toEqual(now.groupRecords(g));
    // only the shown groups were estimated: an unshown group's records still lack their counts
    expect(later.result.trajectories[later.groups[1].members[0]].turns[0].response_tokens).toBeUndefined();
  });

  it('the overview and the export equal those of an import that estimated while reading', () => {
    const now = sessionOf(false);
    const later = sessionOf(true);
    later.groupRecords(2);
    expect(later.overview()).toEqual(now.overview());
    expect(later.exportLines(null)).toEqual(now.exportLines(null));
  });

  it('the export of groups never shown carries the estimates too', () => {
    expect(sessionOf(true).exportLines([4])).toEqual(sessionOf(false).exportLines([4]));
  });
});
