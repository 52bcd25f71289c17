import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { headlineSentence, runSearchStudy, searchHeadlines } from '../../src/core/search';
import { BROWSER_CONFIG, browserStudy } from '../../src/ui/concepts/best-of-n/browser-config';
import { foreignRequests, launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');

describe('Concepts: test-time search vs training', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('shows the CLI study with its command, then runs the same tiny study in a worker; its headline numbers equal the same study run in Node (wasm)', async () => {
    const { page, requests, errors } = await openPage(lab, `${baseUrl}?backend=wasm#concepts/best-of-n`);
    const shipped = page.getByRole('region', { name: 'Measured by the CLI' });
    await shipped.getByTestId('concept-provenance').waitFor({ timeout: 60_000 });
    expect(await shipped.getByTestId('concept-provenance').innerText()).toMatch(/npm run -s cli -- best-of-n .*at commit [0-9a-f]{7}/);
    expect(await shipped.locator('figure svg[role="img"]').count()).toBe(3);
    expect(await shipped.locator('.concept-headlines li').first().innerText()).toMatch(/^seen tasks: best-of-16 with the initial policy \d/);

    const fromNode = (async () => {
      await tf.setBackend('wasm');
      const results = await runSearchStudy(BROWSER_CONFIG, browserStudy(4, 2, 2), { provenance: { command: '', commit: null, date: '', backend: 'wasm' } });
      return searchHeadlines(results).map(headlineSentence);
    })();
    fromNode.catch(() => undefined);

    const run = page.getByRole('region', { name: 'Run it in this browser' });
    await run.getByLabel('Samples per task (n)').fill('4');
    await run.getByLabel('Tasks per split').fill('2');
    await run.getByLabel('Training iterations').fill('2');
    await run.getByRole('button', { name: 'Run best-of-N' }).click();
    const bar = run.getByRole('progressbar', { name: 'Best-of-N progress' });
    await bar.waitFor();
    const seen = new Set<string>();
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      seen.add((await bar.getAttribute('data-done')) ?? '');
      if ((await run.getByTestId('concept-progress-text').innerText()).includes('finished')) break;
      await page.waitForTimeout(100);
    }
    expect(await run.getByTestId('concept-progress-text').innerText()).toContain('6 / 6 · finished');
    expect(seen.size).toBeGreaterThan(2); // it advanced through the events, not straight to the end
    const figures = run.locator('.concept-figures[data-source="this browser"]');
    expect(await figures.locator('figure svg[role="img"]').count()).toBe(3);
    const headlines = await figures.locator('.concept-headlines li').allInnerTexts();
    expect(headlines).toEqual(await fromNode);
    expect(errors).toEqual([]);
    expect(foreignRequests(requests, baseUrl)).toEqual([]);
  });
});
