import { beforeEach, describe, expect, it } from 'vitest';
import { importEvents, useImportStore } from '../../src/state/import-store';
import type { ImportSummary } from '../../src/core/io/import/session/session';

const summary = { fileName: 'good.jsonl', trajectories: 8, groups: 2 } as ImportSummary;

describe('import store: a failed or cancelled import keeps the earlier one', () => {
  beforeEach(() => {
    importEvents.importStarted('good.jsonl');
    importEvents.importFinished(summary, false, { total: 1, read: 1 });
    importEvents.groupListLoaded([{ index: 0 } as never, { index: 1 } as never]);
    importEvents.groupLoaded(1, []);
  });

  it('a failure puts the earlier summary, group list and group back, and names the file that failed', () => {
    importEvents.importStarted('bad.bin');
    expect(useImportStore.getState().summary).toBeNull();
    importEvents.importFailed('the file is empty');
    const s = useImportStore.getState();
    expect(s).toMatchObject({ status: 'done', fileName: 'good.jsonl', summary, groupIndex: 1, failure: { fileName: 'bad.bin', error: 'the file is empty', cancelled: false } });
    expect(s.groupList).toHaveLength(2);
  });

  it('a cancel does the same; two failures in a row still keep it; the next success clears the note', () => {
    importEvents.importStarted('big.jsonl');
    importEvents.importCancelled();
    importEvents.importStarted('worse.jsonl');
    importEvents.importFailed('no reader');
    expect(useImportStore.getState()).toMatchObject({ status: 'done', summary, failure: { fileName: 'worse.jsonl' } });
    importEvents.importStarted('next.jsonl');
    importEvents.importFinished({ ...summary, fileName: 'next.jsonl' }, false, { total: 1, read: 1 });
    expect(useImportStore.getState()).toMatchObject({ status: 'done', fileName: 'next.jsonl', failure: null, kept: null });
  });
});
