import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeRunFile } from '../../src/core/train/run-file';
import { launchChromium, openPage, savedDownload, type LabBrowser } from './browser';
import { SMALL, waitForIteration } from './lab-page';

const baseUrl = inject('baseUrl');
/** Set KEEP_EXPORTS=DIR to keep every downloaded file there (to look at the PNGs). */
const keep = process.env.KEEP_EXPORTS;

async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  await button.waitFor();
  // Known issue: on the lab's curve panels a click right after the previous download sometimes starts none
  // (a re-render race, not yet found); the test clicks once more in that case, and a second miss fails it.
  let [file] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }).catch(() => null), button.click()]);
  if (!file) [file] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), button.click()]);
  const path = await savedDownload(file);
  const name = file.suggestedFilename();
  if (keep) {
    mkdirSync(keep, { recursive: true });
    copyFileSync(path, join(keep, name));
  }
  return { name, bytes: readFileSync(path) };
}

interface SvgFacts { ok: boolean; root: string; title: string; texts: string[]; width: number; height: number; shapes: number }

/** Parse the SVG text with the page's XML parser (a malformed file gives ok: false). */
function parseSvg(page: Page, text: string): Promise<SvgFacts> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      ok: doc.getElementsByTagName('parsererror').length === 0,
      root: root.localName,
      title: root.querySelector(':scope > title')?.textContent ?? '',
      texts: [...root.querySelectorAll('text')].map((t) => {
        const lines = [...t.querySelectorAll('tspan')].map((line) => line.textContent ?? '');
        return (lines.length > 0 ? lines.join(' ') : t.textContent ?? '').trim();
      }),
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      shapes: root.querySelectorAll('path, circle, rect, line').length,
    };
  }, text);
}

interface PngFacts { width: number; height: number; colours: number; inked: number }

/** Decode the PNG in the page (createImageBitmap) and count its distinct colours and non-background pixels. */
function decodePng(page: Page, bytes: Buffer): Promise<PngFacts> {
  return page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([data], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const colours = new Set<number>();
    let inked = 0;
    const bg = [px[0], px[1], px[2]];
    for (let i = 0; i < px.length; i += 4) {
      colours.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
      if (Math.abs(px[i] - bg[0]) + Math.abs(px[i + 1] - bg[1]) + Math.abs(px[i + 2] - bg[2]) > 60) inked++;
    }
    return { width: bitmap.width, height: bitmap.height, colours: colours.size, inked: inked / (px.length / 4) };
  }, bytes.toString('base64'));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Downloads one figure's SVG and PNG and checks both; returns the SVG's facts. */
async function checkChart(page: Page, figure: Locator, title: string, legend: string[], kind: string): Promise<SvgFacts> {
  const svgFile = await download(page, figure.getByRole('button', { name: `Download ${title} as SVG`, exact: true }));
  expect(svgFile.name, title).toMatch(/^[a-z0-9-]+\.svg$/);
  const svg = await parseSvg(page, svgFile.bytes.toString('utf8'));
  expect(svg.ok, `${title}: well-formed XML`).toBe(true);
  expect(svg.root).toBe('svg');
  if (kind !== 'experiment') expect(svg.title, title).toBe(title);
  expect(svg.texts.join(' | '), title).toContain(title);
  for (const label of legend) expect(svg.texts, `${title}: legend "${label}"`).toContain(label);
  expect(svg.texts.filter((t) => /^-?[\d.]+%?$/.test(t)).length, `${title}: tick labels`).toBeGreaterThanOrEqual(3);
  expect(svg.shapes, title).toBeGreaterThan(4);

  const pngFile = await download(page, figure.getByRole('button', { name: `Download ${title} as PNG`, exact: true }));
  expect(pngFile.name).toBe(svgFile.name.replace(/\.svg$/, '.png'));
  expect([...pngFile.bytes.subarray(0, 8)], `${title}: PNG signature`).toEqual(PNG_SIGNATURE);
  const png = await decodePng(page, pngFile.bytes);
  expect([png.width, png.height], `${title}: 2× the SVG`).toEqual([Math.round(svg.width * 2), Math.round(svg.height * 2)]);
  expect(png.width).toBeGreaterThan(300);
  expect(png.colours, `${title}: colours`).toBeGreaterThan(16);
  expect(png.inked, `${title}: drawn pixels`).toBeGreaterThan(0.01);
  expect(png.inked, `${title}: not a solid block`).toBeLessThan(0.6);
  return svg;
}

/** A fresh lab page (tiny config, wasm) after `k` presses of Step. */
async function openSteppedLab(lab: LabBrowser, k: number): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(lab, `${baseUrl}?backend=wasm&${SMALL}`);
  const step = page.getByRole('button', { name: 'Step', exact: true });
  for (let i = 1; i <= k; i++) {
    await step.click();
    await waitForIteration(page, i);
  }
  return { page, errors };
}

describe('exports', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('every lab chart downloads a valid SVG and PNG', async () => {
    const { page, errors } = await openSteppedLab(lab, 2);
    // the charts sit below the fold, where they keep what they last drew (useWhileVisible): go to them, as a user does to download
    await page.getByRole('region', { name: 'Training curves' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByRole('figure', { name: 'Success rate' }).locator('path.smooth').count(), { timeout: 30_000 }).toBe(2);
    await page.getByRole('region', { name: 'Advantage divergence' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('divergence-point').count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // training curves: every panel
    const curves = page.getByRole('region', { name: 'Training curves' });
    const panels = curves.getByRole('figure');
    const titles = await panels.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(titles.length).toBeGreaterThanOrEqual(7);
    for (const title of titles) {
      const svg = await checkChart(page, curves.getByRole('figure', { name: title, exact: true }), title, ['GRPO', 'PlanPO'], 'curve');
      expect(svg.texts.filter((t) => t.startsWith('iteration'))).toEqual(['iteration k']); // one x title, the chart's own
    }

    // divergence scatters and bands
    const divergence = page.getByRole('region', { name: 'Advantage divergence' });
    const figures = await divergence.getByRole('figure').evaluateAll((els) => els.map((e) => ({ title: e.getAttribute('aria-label') ?? '', kind: e.classList.contains('bands') ? 'bands' : 'scatter' })));
    expect(figures.map((f) => f.kind).sort()).toEqual(['bands', 'scatter', 'scatter']);
    for (const f of figures) {
      const legend = f.kind === 'bands' ? ['median', '25–75%', '10–90%'] : ['success', 'circuitous success', 'failure', 'y = x'];
      await checkChart(page, divergence.getByRole('figure', { name: f.title, exact: true }), f.title, legend, f.kind);
    }

    expect(errors).toEqual([]);
  });

  it('metrics download as CSV and JSON, a run file decodes with its checkpoint, and one exported while training is one consistent moment (checkpoint, metrics and reports of the same iteration)', async () => {
    // a page of its own, so no page here makes more than two dozen downloads
    const { page, errors } = await openSteppedLab(lab, 2);
    // metrics
    const csv = await download(page, page.getByRole('button', { name: 'Download GRPO metrics as CSV' }));
    expect(csv.name).toMatch(/^grpo-household-v0-seed\d+-metrics\.csv$/);
    const lines = csv.bytes.toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const header = lines[0].split(',');
    expect(header.slice(0, 2)).toEqual(['estimator', 'iteration']);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['1', '2']);
    expect(lines[1].split(',')).toHaveLength(header.length);
    const json = await download(page, page.getByRole('button', { name: 'Download PlanPO metrics as JSON' }));
    const parsed = JSON.parse(json.bytes.toString('utf8'));
    expect(parsed).toMatchObject({ format: 'rollout-lab.metrics.v1', estimator: 'planpo', config: { estimator: 'planpo', groupSize: 4 } });
    expect(parsed.metrics.map((m: { iteration: number }) => m.iteration)).toEqual([1, 2]);

    // the whole run
    const file = await download(page, page.getByRole('button', { name: 'Export PlanPO run' }));
    expect(file.name).toMatch(/^planpo-household-v0-seed\d+-it2\.rlrun$/);
    const run = decodeRunFile(new Uint8Array(file.bytes));
    expect(run.config).toMatchObject({ estimator: 'planpo', groupSize: 4, tasksPerIteration: 2, hidden: 32 });
    expect(run.lab).toMatchObject({ estimators: ['grpo', 'planpo'], backend: 'wasm' });
    expect(run.metrics.map((m) => m.iteration)).toEqual([1, 2]);
    expect(run.reports.map((r) => r.iteration)).toEqual([1, 2]);
    expect(run.reports[0].groups).toHaveLength(2);
    const cp = run.checkpoint!;
    expect(cp.iteration).toBe(2);
    expect(cp.config.estimator).toBe('planpo');
    expect(cp.weights.outW.data.length).toBe(cp.weights.outW.shape[0] * cp.weights.outW.shape[1]);
    expect(cp.optimizer.iterations).toBeGreaterThan(0);
    expect(cp.optimizer.moments.length).toBeGreaterThanOrEqual(20); // m and v of each trained weight (the value head trains only with a critic)
    await page.getByRole('status').filter({ hasText: 'Saved PlanPO at iteration 2' }).waitFor();

    // a run file exported while training: one consistent moment
    await page.getByRole('button', { name: 'Train', exact: true }).click();
    await waitForIteration(page, 3);
    const live = decodeRunFile(new Uint8Array((await download(page, page.getByRole('button', { name: 'Export GRPO run' }))).bytes));
    const k = live.checkpoint!.iteration;
    expect(k).toBeGreaterThanOrEqual(2);
    expect(live.metrics.map((m) => m.iteration)).toEqual(Array.from({ length: k }, (_, i) => i + 1));
    expect(live.reports.at(-1)!.iteration).toBe(k);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    expect(errors).toEqual([]);
  });

  it('the experiments page charts download as SVG and PNG', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?backend=wasm#experiments`);
    const shipped = page.getByRole('region', { name: 'Shipped results' });
    const figure = shipped.locator('figure.exp-chart').first();
    await figure.waitFor({ timeout: 60_000 });
    const title = (await figure.locator('svg').getAttribute('aria-label'))!;
    const legend = await figure.locator('svg > g > text').allTextContents();
    await checkChart(page, figure, title, legend.slice(0, 2), 'experiment');
    expect(errors).toEqual([]);
  });
});
