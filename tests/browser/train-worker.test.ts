import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserReplayResult } from '../../src/bench/bench-page';
import type { IterationMetrics } from '../../src/core/train/metrics';
import { launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');
// Small enough for the software WebGPU adapter, whose first iteration compiles every shader the
// training uses (≈ 120 pipelines, about 90 % of this test's time; a second iteration or a second run
// in the same worker reuses them). Both estimators' kernels are the same: the advantage is plain JS.
const TINY = { groupSize: 2, tasksPerIteration: 2, maxTurns: 4, envSize: 4, hidden: 16 };
// Timings vary; the tensor count is checked within each run (it may include the previous run's
// tensors until that run's disposal lands, which is bookkeeping, not training).
const VOLATILE = new Set(['timing', 'tokensPerSecond', 'numTensors']);
const stable = (metrics: IterationMetrics[]) =>
  metrics.map((m) => Object.fromEntries(Object.entries(m).filter(([k]) => !VOLATILE.has(k))));

// The one WebGPU training test of the suite (the lab's share link replaying bit for bit is tested
// on wasm in lab.test.ts, and the lab picking WebGPU from a link in backend.test.ts).
describe('the trainer worker on WebGPU', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: true });
  });
  afterAll(() => lab?.close());

  it('trains two iterations on webgpu, streams both reports to the page, and a second run from the same seed replays them bit for bit', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}src/bench/bench.html`);
    page.setDefaultTimeout(0);
    await page.waitForFunction('typeof window.rolloutLabReplay === "function"');
    const { info, runs } = await page.evaluate(`window.rolloutLabReplay('webgpu', 2, ${JSON.stringify(TINY)}, 2)`) as BrowserReplayResult;
    expect(info.backend).toBe('webgpu');
    expect(info.adapter?.architecture).toBe('swiftshader');
    const [first, second] = runs;
    expect(first.map((m) => m.iteration)).toEqual([1, 2]);
    expect(first.every((m) => m.backend.startsWith('webgpu'))).toBe(true);
    expect(first.every((m) => Number.isFinite(m.loss) && m.tokens > 0)).toBe(true);
    for (const run of runs) expect(run[1].numTensors).toBe(run[0].numTensors); // no tensor leak between iterations
    // Same seed, same backend, WEBGPU_MATMUL_PROGRAM_TYPE=3: identical metrics (timings aside).
    expect(stable(second)).toEqual(stable(first));
    expect(errors).toEqual([]);
  }, 600_000); // ≈ 120 shader compilations on the CPU: the first iteration alone took 296 s at load 25 here
});
