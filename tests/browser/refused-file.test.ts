import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, savedDownload, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.PERSIST_SHOTS;
const REASON = /^could not be opened: run file run\.json: config\.env: expected one of household-v0.*, got "bogus-v9"$/;

/** A new tab in `context` at `url`, with page errors recorded; the lab has rendered when it returns. */
async function tab(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.getByRole('button', { name: 'Step', exact: true }).waitFor();
  return { page, errors };
}

/** The names in the refused files' store, and how many labs are saved (from a page of the origin). */
function stored(page: Page): Promise<{ refused: string[]; labs: number }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open('rollout-lab');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    const refused = await new Promise<string[]>((ok) => {
      const r = db.transaction('refusedFiles').objectStore('refusedFiles').getAll();
      r.onsuccess = () => ok(r.result.map((x: { name: string }) => x.name));
    });
    const labs = await new Promise<number>((ok) => {
      const r = db.transaction('labs').objectStore('labs').count();
      r.onsuccess = () => ok(r.result);
    });
    db.close();
    return { refused, labs };
  });
}

describe('a run file the lab refuses', () => {
  let lab: LabBrowser;
  let context: BrowserContext;
  let bogus: string;

  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
    context = await lab.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // a real run file (the classroom's recorded PlanPO run) whose config names an environment that does not exist
    const entries = unzipSync(new Uint8Array(await readFile(new URL('../../public/recorded/classroom.planpo.rlrun', import.meta.url))));
    const header = JSON.parse(strFromU8(entries['run.json']));
    header.config.env = 'bogus-v9';
    bogus = join(await mkdtemp(join(tmpdir(), 'rollout-lab-')), 'bogus.rlrun');
    await writeFile(bogus, zipSync({ ...entries, 'run.json': strToU8(JSON.stringify(header)) }));
  });
  afterAll(() => lab?.close());

  it('is refused with its reason, never saved as a lab, and every later tab opens the lab and lists it as not openable; Export gives the same bytes back and Delete removes it', async () => {
    const first = await tab(context, `${baseUrl}?backend=wasm`);
    await first.page.getByLabel('Open a run file').setInputFiles(bogus);
    const alert = first.page.getByRole('alert').filter({ hasText: 'bogus.rlrun' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^bogus\.rlrun: run file run\.json: config\.env: expected one of household-v0.*, got "bogus-v9"$/);
    const notice = first.page.getByTestId('fault-notices');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('The run file "bogus.rlrun" could not be opened (run file run.json: config.env:');
    expect(await notice.innerText()).toContain('It was not saved as a lab; the file is kept in Saved runs, where you can export or delete it.');
    await first.page.getByTestId('refused-file').waitFor();
    if (SHOTS) await first.page.screenshot({ path: join(SHOTS, 'refused-run-file-kept.png'), fullPage: true });
    await first.page.close();

    // a new tab at the bare address: the lab renders and lists the file, kept, never opened
    const { page, errors } = await tab(context, baseUrl);
    const item = page.getByTestId('refused-file');
    await item.waitFor();
    expect(await item.locator('.run-name').innerText()).toBe('bogus.rlrun');
    expect(await item.locator('.run-meta.error').innerText()).toMatch(REASON);
    expect(await page.getByTestId('saved-lab').count()).toBe(0);
    expect(await stored(page)).toEqual({ refused: ['bogus.rlrun'], labs: 0 });
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'refused-run-file-listed.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export bogus.rlrun' }).click()]);
    expect(download.suggestedFilename()).toBe('bogus.rlrun');
    const exported = await readFile(await savedDownload(download));
    expect(exported.equals(await readFile(bogus))).toBe(true);

    await page.getByRole('button', { name: 'Delete bogus.rlrun' }).click();
    await item.waitFor({ state: 'detached' });
    expect(await stored(page)).toEqual({ refused: [], labs: 0 });
    expect(errors).toEqual([]);
    expect(first.errors).toEqual([]);
    await page.close();
  });
});
