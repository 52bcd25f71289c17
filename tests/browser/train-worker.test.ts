import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserBenchResult } from '../../src/bench/bench-page';
import { launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');
// Small enough for the software WebGPU adapter (its first iteration compiles every shader).
const TINY = { groupSize: 2, tasksPerIteration: 2, maxTurns: 4, envSize: 4, hidden: 16 };
const VOLATILE = new Set(['timing', 'tokensPerSecond']);
const stable = (r: BrowserBenchResult) =>
  r.metrics.map((m) => Object.fromEntries(Object.entries(m).filter(([k]) => !VOLATILE.has(k))));

describe('the trainer worker on WebGPU', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: true });
  });
  afterAll(() => lab?.close());

  it('trains two iterations on webgpu, streams both reports to the page, and replays them bit for bit', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}src/bench/bench.html`);
    page.setDefaultTimeout(0);
    await page.waitForFunction('typeof window.rolloutLabBench === "function"');
    const run = () => page.evaluate(`window.rolloutLabBench('webgpu', 2, ${JSON.stringify(TINY)})`) as Promise<BrowserBenchResult>;
    const first = await run();
    expect(first.info.backend).toBe('webgpu');
    expect(first.info.adapter?.architecture).toBe('swiftshader');
    expect(first.metrics.map((m) => m.iteration)).toEqual([1, 2]);
    expect(first.metrics.every((m) => m.backend.startsWith('webgpu'))).toBe(true);
    expect(first.metrics.every((m) => Number.isFinite(m.loss) && m.tokens > 0)).toBe(true);
    expect(first.metrics[1].numTensors).toBe(first.metrics[0].numTensors); // no tensor leak between iterations
    // Same seed, same backend, WEBGPU_MATMUL_PROGRAM_TYPE=3: identical metrics (timings aside).
    const second = await run();
    expect(stable(second)).toEqual(stable(first));
    expect(errors).toEqual([]);
  });
});
