/**
 * wasm threads: the test server sends COOP/COEP (as the dev and preview servers do), so the lab is
 * cross-origin isolated, the trainer worker runs the threaded-SIMD wasm binary for 2+ threads and the
 * status bar shows its thread count; without the headers it is one thread, and the status bar says why.
 * Determinism per thread count, measured: N threads replay bit for bit, and give the same numbers
 * as 1 thread and as the non-isolated single-threaded binary (one thread runs the project's matrix
 * product, src/core/policy/wasm-kernels.ts; N threads run XNNPACK's).
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserBenchResult } from '../../src/bench/bench-page';
import { launchChromium, openPage, type LabBrowser } from './browser';
import { serveStatic } from './static-server';

const baseUrl = inject('baseUrl');
// Default model size (hidden 128, 1024 buckets): its matmuls are big enough for XNNPACK to split them across threads.
const SMALL = { groupSize: 4, tasksPerIteration: 2, maxTurns: 6, envSize: 4 };
const VOLATILE = new Set(['timing', 'tokensPerSecond']);
const stable = (r: BrowserBenchResult) => r.metrics.map((m) => Object.fromEntries(Object.entries(m).filter(([k]) => !VOLATILE.has(k))));

async function statusOf(page: Page) {
  const badge = page.getByTestId('backend');
  await badge.and(page.locator('[data-selftest-ok="true"]')).waitFor({ timeout: 120_000 });
  return { threads: await badge.getAttribute('data-threads'), isolated: await badge.getAttribute('data-isolated'), text: await badge.innerText() };
}

async function benchPage(lab: LabBrowser, url: string): Promise<Page> {
  const { page } = await openPage(lab, `${url}src/bench/bench.html`);
  page.setDefaultTimeout(0);
  await page.waitForFunction('typeof window.rolloutLabBench === "function"');
  return page;
}

const train = (page: Page, threads?: number) =>
  page.evaluate(`window.rolloutLabBench('wasm', 2, ${JSON.stringify(SMALL)}, ${threads ?? 'undefined'})`) as Promise<BrowserBenchResult>;

describe('wasm threads', () => {
  let lab: LabBrowser;
  let plain: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
    plain = await serveStatic(resolve('dist'), '/not-isolated/', { isolated: false });
  });
  afterAll(async () => {
    await lab?.close();
    await plain?.close();
  });

  it('the lab is cross-origin isolated and the status bar shows the wasm thread count in use', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?backend=wasm`);
    expect(await page.evaluate('crossOriginIsolated')).toBe(true);
    const cores = (await page.evaluate('navigator.hardwareConcurrency')) as number;
    const expected = Math.max(1, Math.min(8, Math.floor(cores / 2))); // tfjs's own default: half the logical cores
    const status = await statusOf(page);
    expect(status.isolated).toBe('true');
    expect(status.threads).toBe(String(expected));
    expect(status.text).toContain(`wasm · ${expected} ${expected === 1 ? 'thread' : 'threads'}`);
    expect(status.text).toContain(`matmul: ${expected === 1 ? 'Rollout Lab SIMD' : 'XNNPACK'}`); // one thread: the project's kernel
    expect(status.text).not.toContain('not cross-origin isolated');
    expect(errors).toEqual([]);
  });

  it('a link\'s threads=2 (the run setting) is the count the status bar shows; a page without isolation still runs 1', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?backend=wasm&threads=2`);
    const status = await statusOf(page);
    expect(status.threads).toBe('2');
    expect(status.text).toContain('wasm · 2 threads · matmul: XNNPACK'); // XNNPACK spreads products over its pool
    expect(errors).toEqual([]);
    const other = await openPage(lab, `${plain.url}?backend=wasm&threads=2`);
    expect((await statusOf(other.page)).threads).toBe('1');
  });

  it('without COOP/COEP the page is not isolated: one thread, and the status bar says so', async () => {
    const { page } = await openPage(lab, `${plain.url}?backend=wasm`);
    expect(await page.evaluate('crossOriginIsolated')).toBe(false);
    const status = await statusOf(page);
    expect(status.isolated).toBe('false');
    expect(status.threads).toBe('1');
    expect(status.text).toContain('1 thread (page not cross-origin isolated) · matmul: Rollout Lab SIMD');
  });

  it('N threads replay bit for bit and match 1 thread and the single-threaded binary', async () => {
    const page = await benchPage(lab, baseUrl);
    const cores = (await page.evaluate('navigator.hardwareConcurrency')) as number;
    const n = Math.max(2, Math.min(8, cores));
    const many = await train(page, n);
    expect(many.info).toMatchObject({ backend: 'wasm', threads: n, crossOriginIsolated: true, matMul: 'xnnpack' });
    expect(many.metrics.map((m) => m.iteration)).toEqual([1, 2]);
    expect(many.metrics.every((m) => Number.isFinite(m.loss) && m.tokens > 0)).toBe(true);
    expect(stable(await train(page, n))).toEqual(stable(many));
    const one = await train(page, 1);
    expect(one.info).toMatchObject({ threads: 1, matMul: 'rollout-lab' }); // the project's SIMD product, XNNPACK's floats
    expect(stable(one)).toEqual(stable(many));
    const single = await train(await benchPage(lab, plain.url));
    expect(single.info).toMatchObject({ threads: 1, crossOriginIsolated: false, matMul: 'rollout-lab' });
    expect(stable(single)).toEqual(stable(many));
  });
});
