import { describe, expect, it } from 'vitest';
import { readImportResult } from '../../../src/core/io/import/session/read-result';
import { ImportSession } from '../../../src/core/io/import/session/session';
import { runSampleFiles } from '../../../src/core/io/samples/write-run';
import { addStepFiles, emptySummary, finishSummary } from '../../../src/core/run/run-summary';
import { joinStepResults, stepImportName } from '../../../src/core/run/step-import';

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

const read = (path: string, text: string) => readImportResult(once(text), { fileName: path, totalBytes: text.length }).then((result) => ({ path, result }));

describe('one training step of several files as one import', () => {
  it('the two rank files of an AgentGym-RL step join into one session with every group of that step, as the run overview counts them', async () => {
    const files = [...runSampleFiles({ layout: 'agentgym-rl', steps: 2, groupsPerStep: 5, groupSize: 4, maxTurns: 8, ranks: 2, seed: 5, firstStep: 7 })];
    const step8 = await Promise.all(files.filter((f) => f.step === 8).map((f) => read(`run/${f.path}`, f.text)));
    expect(step8.map((f) => f.path)).toEqual(['run/step8/0.json', 'run/step8/1.json']);
    const joined = joinStepResults(step8);
    expect(joined.trajectories).toHaveLength(20);
    expect(joined.summary.trainSteps).toEqual([8]);
    const session = new ImportSession(stepImportName(8, step8.map((f) => f.path)), joined);
    expect(session.summary()).toMatchObject({ fileName: 'run step 8 (2 files)', groups: 5, trajectories: 20, steps: [8] });
    const state = emptySummary();
    addStepFiles(state, 8, step8);
    expect(finishSummary(state).steps.map((r) => [r.step, r.groups, r.trajectories])).toEqual([[8, 5, 20]]);
  });

  it('problems and notes keep the file they came from; all problems are counted', async () => {
    const good = (await read('s/step1/0.json', [...runSampleFiles({ layout: 'agentgym-rl', steps: 1, groupsPerStep: 1, groupSize: 2, maxTurns: 4 })][0].text));
    const bad = { path: 's/step1/1.json', result: { ...good.result, problems: [{ line: 3, reason: 'no reward' }], problemCount: 4, notes: ['read as AgentGym-RL'] } };
    const joined = joinStepResults([good, bad]);
    expect(joined.problems).toEqual([{ line: 3, reason: 's/step1/1.json: no reward' }]);
    expect(joined.problemCount).toBe(good.result.problemCount + 4);
    expect(joined.notes).toContain('s/step1/1.json: read as AgentGym-RL');
  });

  it('a step of one file goes by that file\'s path; of several, by the folder and step number', () => {
    expect(stepImportName(3, ['run/step3/0.json'])).toBe('run/step3/0.json');
    expect(stepImportName(3, ['run/step3/0.json', 'run/step3/1.json'])).toBe('run step 3 (2 files)');
    expect(stepImportName(12, ['12.jsonl', '12.extra.jsonl'])).toBe('step 12 (2 files)');
  });
});
