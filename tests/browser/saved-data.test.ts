import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, type LabBrowser } from './browser';
import { SMALL, waitForIteration, waitForStatus } from './lab-page';
import { stepTimes, waitForSaved } from './persist-page';
import { withDeclaredSize } from '../core/train/zip-declared-size';
import { DB_VERSION } from '../../src/app/persist/db';

const baseUrl = inject('baseUrl');
const LINK = `${baseUrl}?backend=wasm&${SMALL}`;
const SHOTS = process.env.PERSIST_SHOTS;

/** A new tab in `context` at `url`, with page errors recorded; the lab has rendered when it returns. */
async function tab(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  await page.goto(url);
  await page.getByRole('button', { name: 'Step', exact: true }).waitFor();
  return { page, errors };
}

type Rows = Record<string, Array<{ key: IDBValidKey; value: unknown }>>;

/** Every row of the lab database (run in a page of the origin that holds no connection to it). */
function dumpDb(page: Page): Promise<{ version: number; rows: Rows }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const req = indexedDB.open('rollout-lab');
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error);
    });
    const rows: Record<string, Array<{ key: IDBValidKey; value: unknown }>> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      const tx = db.transaction(name);
      rows[name] = await new Promise((ok) => {
        const out: Array<{ key: IDBValidKey; value: unknown }> = [];
        tx.objectStore(name).openCursor().onsuccess = (e) => {
          const cursor = (e.target as IDBRequest<IDBCursorWithValue | null>).result;
          if (!cursor) return ok(out);
          out.push({ key: cursor.primaryKey, value: cursor.value });
          cursor.continue();
        };
      });
    }
    const version = db.version;
    db.close();
    return { version, rows };
  });
}

/** Replace the database by a version-1 one, as the code before the upgrade steps wrote it. */
function writeV1Db(page: Page, rows: Rows): Promise<void> {
  return page.evaluate(async (arg: unknown) => {
    const data = arg as Record<string, Array<{ key: IDBValidKey; value: unknown }>>;
    await new Promise((ok, fail) => {
      const del = indexedDB.deleteDatabase('rollout-lab');
      del.onsuccess = ok;
      del.onerror = () => fail(del.error);
      del.onblocked = () => fail(new Error('delete blocked'));
    });
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const req = indexedDB.open('rollout-lab', 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore('labs', { keyPath: 'id' });
        for (const s of ['metrics', 'divergence', 'reports', 'checkpoints']) req.result.createObjectStore(s);
      };
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error);
    });
    const v1Stores = Object.keys(data).filter((name) => db.objectStoreNames.contains(name)); // later versions' stores are not there yet
    const tx = db.transaction(v1Stores, 'readwrite');
    for (const name of v1Stores) {
      const list = data[name];
      for (const { key, value } of list) {
        if (name === 'labs') tx.objectStore(name).put(value);
        else tx.objectStore(name).put(value, key);
      }
    }
    await new Promise((ok, fail) => {
      tx.oncomplete = ok;
      tx.onerror = () => fail(tx.error);
    });
    db.close();
  }, rows as unknown);
}

type StoredCheckpoint = { iteration: number; optimizer: { iterations: number; accBeta1?: number; accBeta2?: number } };

describe('what the lab reads back from storage', () => {
  let lab: LabBrowser;
  let context: BrowserContext;
  let runFile: string;
  let saved: { version: number; rows: Rows };

  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
    context = await lab.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await tab(context, LINK);
    await stepTimes(page, 2, 0, (k) => waitForIteration(page, k));
    await waitForSaved(page, 2);
    runFile = join(await mkdtemp(join(tmpdir(), 'rollout-lab-')), 'planpo.rlrun');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PlanPO run' }).click()]);
    await download.saveAs(runFile);
    await page.goto(`${baseUrl}robots.txt`); // same origin, no lab code: the app's connection closes
    saved = await dumpDb(page);
    await page.close();
  });
  afterAll(() => lab?.close());

  it('a database written at version 1 opens in this version: the lab comes back, its checkpoints upgraded, the later stores added', async () => {
    expect(saved.version).toBe(DB_VERSION);
    const live = saved.rows.checkpoints.map((r) => (r.value as StoredCheckpoint).optimizer);
    expect(live.every((o) => typeof o.accBeta1 === 'number' && typeof o.accBeta2 === 'number')).toBe(true);
    const v1 = { ...saved.rows, checkpoints: saved.rows.checkpoints.map(({ key, value }) => {
      const cp = value as StoredCheckpoint;
      const { accBeta1: _a, accBeta2: _b, ...optimizer } = cp.optimizer; // v1 did not store the running products
      return { key, value: { ...cp, optimizer } };
    }) };
    const page = await context.newPage();
    await page.goto(`${baseUrl}robots.txt`);
    await writeV1Db(page, v1);
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Step', exact: true }).waitFor();
    const lines = await waitForStatus(page, 'paused');
    expect(lines.map((l) => [l.estimator, l.iteration])).toEqual([['grpo', 2], ['planpo', 2]]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'v1-database-restored.png'), fullPage: true });
    await page.goto(`${baseUrl}robots.txt`);
    const upgraded = await dumpDb(page);
    expect(upgraded.version).toBe(DB_VERSION);
    expect(upgraded.rows.refusedFiles).toEqual([]); // every later step ran too (v3: the refused files' store)
    expect(upgraded.rows.lastImport).toEqual([]); // v4: the kept import's store
    // the upgrade step replays the products the live optimizer held, bit for bit
    expect(upgraded.rows.checkpoints.map((r) => (r.value as StoredCheckpoint).optimizer)).toEqual(live.map((o) => expect.objectContaining(o)));
    await page.close();
  });

  it('a saved lab that names an environment that does not exist is set aside: a new tab opens the newest readable lab and lists it as not openable', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}robots.txt`);
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((ok) => { const r = indexedDB.open('rollout-lab'); r.onsuccess = () => ok(r.result); });
      const tx = db.transaction('labs', 'readwrite');
      const store = tx.objectStore('labs');
      const labs = await new Promise<Array<{ id: string; name: string; updatedAt: number; config: { run: { env: string } } }>>((ok) => { const r = store.getAll(); r.onsuccess = () => ok(r.result); });
      const bad = structuredClone(labs[0]);
      Object.assign(bad, { id: 'bogus-lab', name: 'From a newer version', updatedAt: Date.now() + 60_000 });
      bad.config.run.env = 'bogus-v9';
      store.put(bad);
      await new Promise((ok) => (tx.oncomplete = ok));
      db.close();
    });
    await page.close();
    const { page: fresh, errors } = await tab(context, baseUrl);
    const item = fresh.locator('[data-testid="saved-lab"][data-unreadable="true"]');
    await item.waitFor();
    expect(await item.innerText()).toContain('could not be opened: saved lab: config.run.env: expected one of household-v0');
    expect(await item.innerText()).toContain('got "bogus-v9"');
    expect(await fresh.getByTestId('fault-notices').innerText()).toContain('The saved lab "From a newer version" could not be opened');
    const lines = await waitForStatus(fresh, 'paused'); // the lab saved before it
    expect(lines.map((l) => [l.estimator, l.iteration])).toEqual([['grpo', 2], ['planpo', 2]]);
    if (SHOTS) await fresh.screenshot({ path: join(SHOTS, 'unreadable-lab.png'), fullPage: true });
    expect(errors).toEqual([]);
    await fresh.close();
  });

  it('a run file whose config names an environment that does not exist is refused with its reason and never saved', async () => {
    const entries = unzipSync(new Uint8Array(await readFile(runFile)));
    const header = JSON.parse(strFromU8(entries['run.json']));
    header.config.env = 'bogus-v9';
    const bogus = runFile.replace('planpo.rlrun', 'bogus.rlrun');
    await writeFile(bogus, zipSync({ ...entries, 'run.json': strToU8(JSON.stringify(header)) }));
    const { page, errors } = await tab(context, `${baseUrl}?backend=wasm`);
    const before = await page.getByTestId('saved-lab').count();
    await page.getByLabel('Open a run file').setInputFiles(bogus);
    const alert = page.getByRole('alert').filter({ hasText: 'bogus.rlrun' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^bogus\.rlrun: run file run\.json: config\.env: expected one of household-v0.*, got "bogus-v9"$/);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'refused-run-file.png'), fullPage: true });
    await page.close();
    const next = await tab(context, baseUrl);
    await next.page.getByTestId('saved-lab').first().waitFor();
    expect(await next.page.getByTestId('saved-lab').count()).toBe(before);
    expect([...errors, ...next.errors]).toEqual([]);
    await next.page.close();
  });

  it('a run file opened in the lab shows the parameters it trains with', async () => {
    const entries = unzipSync(new Uint8Array(await readFile(runFile)));
    const header = JSON.parse(strFromU8(entries['run.json']));
    expect(header.format).toBe('rollout-lab.run.v2');
    expect(header.checkpoint.optimizer.accBeta2).toBeGreaterThan(0);
    header.config.estimatorParams = { stats: 'turn-weighted' }; // what the worker resumes with
    header.checkpoint.config.estimatorParams = { stats: 'turn-weighted' };
    const own = runFile.replace('planpo.rlrun', 'turn-weighted.rlrun');
    await writeFile(own, zipSync({ ...entries, 'run.json': strToU8(JSON.stringify(header)) }));
    const { page, errors } = await tab(context, `${baseUrl}?backend=wasm`);
    await page.getByLabel('Open a run file').setInputFiles(own);
    const lines = await waitForStatus(page, 'paused');
    expect(lines.map((l) => [l.estimator, l.iteration])).toEqual([['planpo', 2]]);
    await page.locator('summary', { hasText: 'More settings' }).click();
    const params = page.getByRole('group', { name: 'PlanPO parameters' });
    expect(await params.getByLabel(/statistics/).first().inputValue()).toBe('turn-weighted');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'opened-run-file.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a run file with an extra entry that declares 1 GB is refused with its reason, off the page\'s thread, and never saved', async () => {
    const entries = unzipSync(new Uint8Array(await readFile(runFile)));
    const big = runFile.replace('planpo.rlrun', 'huge-entry.rlrun');
    await writeFile(big, withDeclaredSize(zipSync({ ...entries, 'extra.bin': new Uint8Array(4096) }), 'extra.bin', 1024 ** 3));
    const { page, errors } = await tab(context, `${baseUrl}?backend=wasm`);
    const before = await page.getByTestId('saved-lab').count();
    await page.evaluate(() => {
      const w = window as unknown as { longest: number };
      w.longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
      }).observe({ type: 'longtask' });
    });
    await page.getByLabel('Open a run file').setInputFiles(big);
    const alert = page.getByRole('alert').filter({ hasText: 'huge-entry.rlrun' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^huge-entry\.rlrun: run file refused: its entries declare \d+ MiB unpacked \(extra\.bin: 1024 MiB\); a run file may unpack to at most 512 MiB$/);
    const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
    console.log(`1 GB entry: longest main-thread task while opening it ${longest.toFixed(0)} ms`);
    // a loose bound (the load here is heavy): the page once froze 4.2 s inflating the entry on its own thread
    expect(longest).toBeLessThan(1_000);
    expect(await page.getByTestId('saved-lab').count()).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });
});
