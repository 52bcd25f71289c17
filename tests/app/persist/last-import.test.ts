import { describe, expect, it } from 'vitest';
import { validState, type LastImportState } from '../../../src/app/persist/last-import';

const run: LastImportState = {
  id: 'a', kind: 'run', importName: 'run step 3 (2 files)', mapping: null, filters: { step: null, env: null, taskType: null }, groupIndex: 2,
  params: { planpo: { alpha: 0.7 } }, savedAt: 1,
  run: { name: 'run', listing: [{ path: 'run/step3/0.json', bytes: 10 }, { path: 'run/step3/1.json', bytes: 12 }], rows: [], opened: 0, handle: null },
};

describe('the kept import read back after a reload', () => {
  it('a run\'s kept state and a single file\'s are restorable as written', () => {
    expect(validState(run)).toBe(true);
    expect(validState({ ...run, kind: 'file', run: null })).toBe(true);
    expect(validState({ ...run, run: { ...run.run!, handle: { kind: 'directory', name: 'run' } } })).toBe(true);
  });

  it('a record that is not one is ignored: wrong kind, a run without its index, a bad path or group, a file handle', () => {
    expect(validState(null)).toBe(false);
    expect(validState({ ...run, kind: 'folder' })).toBe(false);
    expect(validState({ ...run, run: null })).toBe(false);
    expect(validState({ ...run, kind: 'file' })).toBe(false); // a file with a run's index
    expect(validState({ ...run, run: { ...run.run!, listing: [{ path: 3, bytes: 1 }] } })).toBe(false);
    expect(validState({ ...run, groupIndex: -1 })).toBe(false);
    expect(validState({ ...run, run: { ...run.run!, opened: null } })).toBe(false);
    expect(validState({ ...run, run: { ...run.run!, handle: { kind: 'file', name: 'x' } } })).toBe(false);
  });
});
