import { describe, expect, it } from 'vitest';
import { firstOpening, readStep, stepsInBatches, summarizeSteps, type RunFileBlob, type RunStepFiles } from '../../workers/run-folder';
import { runSampleFiles } from '../../src/core/io/samples/write-run';

const steps: Array<{ step: number; files: RunFileBlob[] }> = [];
for (const f of runSampleFiles({ layout: 'agentgym-rl', steps: 3, groupsPerStep: 4, groupSize: 4, maxTurns: 4, ranks: 2, seed: 7 })) {
  if (steps.at(-1)?.step !== f.step) steps.push({ step: f.step, files: [] });
  steps.at(-1)!.files.push({ path: `run/${f.path}`, file: new Blob([f.text]) });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the import worker\'s run folder calls', () => {
  it('the run overview waits while a step is being opened, and goes on once it has opened', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const opened = firstOpening(async () => { await held; return 'opened'; });
    const rows: number[] = [];
    const overview = summarizeSteps(steps, 1e9, () => false, (row) => rows.push(row.step!));
    for (let k = 0; k < 10; k++) await tick();
    expect(rows).toEqual([]);
    release();
    expect(await opened).toBe('opened');
    expect((await overview)!.map((r) => r.step)).toEqual([1, 2, 3]);
    expect(rows).toEqual([1, 2, 3]);
  });

  it('an opened step leaves its token estimates to the session; its counts say estimated', async () => {
    const result = await readStep(steps[1].files, 1e9, () => false);
    expect(result.estimatesDeferred).toBe(true);
    expect(result.tokenCounts).toBe('estimated');
    expect(result.trajectories).toHaveLength(16);
  });

  it('the overview asks the page for its steps a batch at a time, only as it reaches them, and summarises them as from one list', async () => {
    const asked: Array<[number, number]> = [];
    const stepsAt = (from: number, to: number): RunStepFiles[] => { asked.push([from, to]); return steps.slice(from, to); };
    const source = stepsInBatches(steps.length, stepsAt, 2);
    expect((await source.next()).value?.step).toBe(1);
    expect(asked).toEqual([[0, 2]]);
    const rest: number[] = [];
    for await (const s of source) rest.push(s.step!);
    expect(rest).toEqual([2, 3]);
    expect(asked).toEqual([[0, 2], [2, 3]]);
    const fromBatches = await summarizeSteps(stepsInBatches(steps.length, async (from, to) => steps.slice(from, to), 2), 1e9, () => false, () => undefined);
    expect(fromBatches).toEqual(await summarizeSteps(steps, 1e9, () => false, () => undefined));
  });
});
