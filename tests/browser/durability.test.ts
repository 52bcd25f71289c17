import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, savedDownload, type LabBrowser } from './browser';
import { runLines, SMALL, waitForIteration, waitForStatus } from './lab-page';

const baseUrl = inject('baseUrl');
/** Long enough that no run finishes during a test; the tests stop them. */
const TRAINING = `${baseUrl}?backend=wasm&${SMALL}&iterations=500`;
const SHOTS = process.env.PERSIST_SHOTS;
/** How long a wait for a status may take on a machine shared by many jobs (training waits for every save). */
const UNDER_LOAD = 180_000;

interface Tab { page: Page; errors: string[] }

/** A tab of `context` at `url` with page errors recorded and leave-page questions answered "leave". */
async function tab(context: BrowserContext, url: string): Promise<Tab> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  await page.goto(url);
  await page.getByRole('button', { name: 'Step', exact: true }).waitFor();
  return { page, errors };
}

const iterations = async (page: Page) => (await runLines(page)).map((l) => l.iteration);

/** Train until every run has shown iteration `k`. */
async function trainTo(page: Page, k: number): Promise<void> {
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  await waitForIteration(page, k);
  // A save has been acknowledged, so what the test checks below ("never below what was said saved") is not empty.
  await expect.poll(() => savedNow(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
}

/** When the page goes away, keep the iterations it showed last (localStorage outlives it). */
function recordShownOnPagehide(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.addEventListener('pagehide', () => {
      const shown = [...document.querySelectorAll('[data-testid="run-status"]')].map((e) => Number(e.getAttribute('data-iteration')));
      localStorage.setItem('test.shown', JSON.stringify(shown));
      localStorage.setItem('test.saved', document.querySelector('[data-testid="saved-through"]')?.textContent ?? '');
    });
  });
}

/** The iteration the page's "Saved through iteration k" line named (0 when it named none). */
const savedNumber = (text: string | null) => Number(/Saved through iteration (\d+)/.exec(text ?? '')?.[1] ?? 0);
const savedAtPagehide = async (page: Page) => savedNumber(await page.evaluate(() => localStorage.getItem('test.saved')));
const savedNow = async (page: Page) => savedNumber(await page.evaluate(() => document.querySelector('[data-testid="saved-through"]')?.textContent ?? null));

/** Iterations each run lost: shown before the event minus reopened after it. */
const lost = (shown: number[], restored: number[]) => shown.map((k, i) => k - restored[i]);

/**
 * What these tests hold the lab to: a run never reopens below what the page said was saved, and
 * loses at most one shown iteration. Neither depends on timing: the worker reports iteration k + 1
 * only once iteration k is committed (back-pressure, src/app/persist/pacing.ts), however slow the
 * machine is.
 */
function expectAtMostOneLost(shown: number[], restored: number[], saved: number): void {
  expect(restored.length).toBeGreaterThan(0);
  expect(restored.length).toBe(shown.length);
  for (const k of restored) expect(k).toBeGreaterThanOrEqual(saved);
  for (const n of lost(shown, restored)) expect(n).toBeLessThanOrEqual(1);
}

async function shownAtPagehide(page: Page): Promise<number[]> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('test.shown'))) ?? 'null') as number[];
}

/** A new tab at the bare address (no link, no tab state): it reopens the newest saved lab, paused. */
async function reopened(context: BrowserContext): Promise<Tab & { restored: number[] }> {
  const t = await tab(context, baseUrl);
  const lines = await waitForStatus(t.page, 'paused', UNDER_LOAD);
  return { ...t, restored: lines.map((l) => l.iteration) };
}

/** Marks the page once its "saving stopped" notice shows, however briefly (read with `sawSavingStopped`). */
function watchSavingStopped(page: Page): Promise<void> {
  return page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="saving-stopped"]')) document.body.dataset.sawSavingStopped = 'true';
    }).observe(document.body, { childList: true, subtree: true });
  });
}
const sawSavingStopped = (page: Page) => page.evaluate(() => document.body.dataset.sawSavingStopped);

/** Each lab's checkpoint iterations as stored (from a page of the origin). */
function storedCheckpoints(page: Page): Promise<Array<Record<string, number>>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open('rollout-lab');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    const labs = await new Promise<Array<{ checkpointIterations: Record<string, number> }>>((ok) => {
      const r = db.transaction('labs').objectStore('labs').getAll();
      r.onsuccess = () => ok(r.result);
    });
    db.close();
    return labs.map((l) => l.checkpointIterations);
  });
}

describe('durability: what a reload, a closed tab, a crash or a deleted database loses', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());
  /** Every context a test opened, closed after it even when it failed (a page left training slows the next test). */
  const contexts: BrowserContext[] = [];
  const newContext = async (options?: Parameters<LabBrowser['browser']['newContext']>[0]): Promise<BrowserContext> => {
    const context = await lab.browser.newContext(options);
    contexts.push(context);
    return context;
  };
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });

  it('a reload, a closed tab and a renderer crash mid-training each lose at most the iteration in progress; a new tab reopens the runs', async () => {
    // One lab through the three events in turn: each reopened lab trains on from where it reopened.
    const context = await newContext();
    const { page, errors } = await tab(context, TRAINING);
    await trainTo(page, 3);
    await recordShownOnPagehide(page);
    await page.reload();
    const restored = (await waitForStatus(page, 'paused', UNDER_LOAD)).map((l) => l.iteration);
    const shown = await shownAtPagehide(page);
    const saved = await savedAtPagehide(page);
    console.log(`reload: shown ${shown}, said saved through ${saved}, reopened at ${restored}, lost ${lost(shown, restored)}`);
    expectAtMostOneLost(shown, restored, saved);

    await trainTo(page, Math.max(...restored) + 2);
    const shownBeforeClose = await iterations(page); // an iteration that ends between this and the close counts as not lost
    const savedBeforeClose = await savedNow(page);
    await page.close();
    const afterClose = await reopened(context);
    console.log(`tab close: shown ${shownBeforeClose}, said saved through ${savedBeforeClose}, reopened at ${afterClose.restored}, lost ${lost(shownBeforeClose, afterClose.restored)}`);
    expectAtMostOneLost(shownBeforeClose, afterClose.restored, savedBeforeClose);

    await trainTo(afterClose.page, Math.max(...afterClose.restored) + 2);
    const cdp = await context.newCDPSession(afterClose.page);
    const crashed = new Promise((ok) => afterClose.page.once('crash', ok));
    const shownBeforeCrash = await iterations(afterClose.page);
    const savedBeforeCrash = await savedNow(afterClose.page);
    void cdp.send('Page.crash').catch(() => undefined); // never answers: the renderer is gone
    await crashed;
    const afterCrash = await reopened(context);
    console.log(`crash: shown ${shownBeforeCrash}, said saved through ${savedBeforeCrash}, reopened at ${afterCrash.restored}, lost ${lost(shownBeforeCrash, afterCrash.restored)}`);
    expectAtMostOneLost(shownBeforeCrash, afterCrash.restored, savedBeforeCrash);
    expect([...errors, ...afterClose.errors, ...afterCrash.errors]).toEqual([]);
  });

  it('when the tab that trains closes, the second tab takes over from the newest saved iteration', async () => {
    const context = await newContext();
    const a = await tab(context, TRAINING);
    await trainTo(a.page, 2);
    const b = await tab(context, baseUrl);
    await b.page.getByTestId('read-only').waitFor({ timeout: 120_000 }); // the training tab holds most of the processor
    await waitForIteration(a.page, 4);
    const shown = await iterations(a.page); // an iteration that ends between this and the close counts as not lost
    const saved = await savedNow(a.page);
    await a.page.close();
    await b.page.getByTestId('fault-notices').filter({ hasText: 'The other tab let go of these runs' }).waitFor({ timeout: 120_000 });
    await b.page.getByTestId('read-only').waitFor({ state: 'detached' });
    const taken = (await waitForStatus(b.page, 'paused', UNDER_LOAD)).map((l) => l.iteration);
    console.log(`hand-over: shown ${shown}, said saved through ${saved}, taken over at ${taken}, lost ${lost(shown, taken)}`);
    expectAtMostOneLost(shown, taken, saved);
    expect(b.errors).toEqual([]);
  });

  it('a run that finishes has its final checkpoint saved before "finished" shows, and reopens there after a crash', async () => {
    const context = await newContext();
    const { page } = await tab(context, `${baseUrl}?backend=wasm&${SMALL}&iterations=4`);
    await page.getByRole('button', { name: 'Train', exact: true }).click();
    await waitForStatus(page, 'finished', UNDER_LOAD);
    expect(await storedCheckpoints(page)).toEqual([{ 'run-1-grpo': 4, 'run-2-planpo': 4 }]); // read the moment "finished" shows
    expect(await page.getByTestId('saved-through').innerText()).toBe('Saved through iteration 4');
    const crashed = new Promise((ok) => page.once('crash', ok));
    void (await context.newCDPSession(page)).send('Page.crash').catch(() => undefined);
    await crashed;
    const next = await reopened(context);
    expect(next.restored).toEqual([4, 4]);
  });

  it('a database deleted from another tab while training: the delete is not blocked, saving stopping is announced, and saving starts again', async () => {
    const context = await newContext();
    const { page, errors } = await tab(context, TRAINING);
    await watchSavingStopped(page);
    await trainTo(page, 2);
    const other = await context.newPage();
    await other.goto(`${baseUrl}robots.txt`);
    const outcome = await other.evaluate(() => new Promise<string>((ok) => {
      const del = indexedDB.deleteDatabase('rollout-lab');
      del.onsuccess = () => ok('deleted');
      del.onerror = () => ok(`error ${String(del.error)}`);
      del.onblocked = () => ok('blocked');
    }));
    expect(outcome).toBe('deleted');
    await page.getByTestId('fault-notices').filter({ hasText: 'The saved runs were deleted from this browser while these runs were open' }).waitFor({ timeout: 60_000 });
    expect(await sawSavingStopped(page)).toBe('true');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'database-deleted.png'), fullPage: true });
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const paused = (await waitForStatus(page, 'paused', UNDER_LOAD)).map((l) => l.iteration);
    await page.getByTestId('saving-stopped').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('saved-through').innerText(), { timeout: UNDER_LOAD }).toBe(`Saved through iteration ${Math.min(...paused)}`);
    await page.close();
    const next = await reopened(context);
    expect(next.restored).toEqual(paused);
    expect([...errors, ...next.errors]).toEqual([]);
  });

  it('after the database was deleted, the page\'s rewrite of its newest checkpoints never replaces a newer one stored meanwhile', async () => {
    // 1 s after the database goes away the page writes the newest checkpoints it saved again. While
    // training, a worker can commit a newer checkpoint of its run first (it writes itself, and
    // IndexedDB commits whichever transaction began first); the run then paused there reopened one
    // iteration back. Here another tab stores the newer checkpoint, so the order is certain.
    const context = await newContext();
    const { page, errors } = await tab(context, `${baseUrl}?backend=wasm&${SMALL}`);
    const step = page.getByRole('button', { name: 'Step', exact: true });
    for (const k of [1, 2]) {
      await step.click();
      await waitForIteration(page, k);
    }
    await expect.poll(() => storedCheckpoints(page), { timeout: UNDER_LOAD }).toEqual([{ 'run-1-grpo': 2, 'run-2-planpo': 2 }]);
    await watchSavingStopped(page);
    const other = await context.newPage();
    await other.goto(`${baseUrl}robots.txt`);
    // The database deleted and made again at once with the same stores, holding the lab with PlanPO's
    // checkpoint moved on to iteration 5 (the one GRPO's stays at 2).
    const outcome = await other.evaluate(async () => {
      const done = (r: IDBRequest | IDBTransaction) => new Promise((ok, fail) => {
        if (r instanceof IDBTransaction) [r.oncomplete, r.onerror] = [ok, () => fail(r.error)];
        else [r.onsuccess, r.onerror] = [() => ok(r.result), () => fail(r.error)];
      });
      const old = (await done(indexedDB.open('rollout-lab'))) as IDBDatabase;
      const stores = [...old.objectStoreNames].map((name) => {
        const s = old.transaction(name).objectStore(name);
        return { name, keyPath: s.keyPath, autoIncrement: s.autoIncrement };
      });
      const read = old.transaction(['labs', 'checkpoints']);
      const [lab] = (await done(read.objectStore('labs').getAll())) as Array<{ id: string; checkpointIterations: Record<string, number> }>;
      const planpo = (await done(read.objectStore('checkpoints').get([lab.id, 'run-2-planpo']))) as { iteration: number };
      await done(read);
      const version = old.version;
      old.close();
      const del = indexedDB.deleteDatabase('rollout-lab');
      const deleted = await new Promise((ok) => [del.onsuccess, del.onblocked] = [() => ok('deleted'), () => ok('blocked')]);
      const open = indexedDB.open('rollout-lab', version);
      open.onupgradeneeded = () => stores.forEach((s) => open.result.createObjectStore(s.name, { keyPath: s.keyPath, autoIncrement: s.autoIncrement }));
      const db = (await done(open)) as IDBDatabase;
      const write = db.transaction(['labs', 'checkpoints'], 'readwrite');
      write.objectStore('labs').put({ ...lab, checkpointIterations: { ...lab.checkpointIterations, 'run-2-planpo': 5 } });
      write.objectStore('checkpoints').put({ ...planpo, iteration: 5 }, [lab.id, 'run-2-planpo']);
      await done(write);
      db.close();
      return deleted;
    });
    expect(outcome).toBe('deleted');
    await expect.poll(() => sawSavingStopped(page), { timeout: 60_000 }).toBe('true');
    await page.getByTestId('saving-stopped').waitFor({ state: 'detached', timeout: UNDER_LOAD }); // the rewrite committed
    expect(await storedCheckpoints(other)).toEqual([{ 'run-1-grpo': 2, 'run-2-planpo': 5 }]);
    expect(await page.getByTestId('saved-through').innerText()).toBe('Saved through iteration 2');
    expect(errors).toEqual([]);
  });

  it('saved state that fails validation never blanks the page: listed with Export and Delete, and ?safe=1 restores nothing', async () => {
    const context = await newContext({ acceptDownloads: true });
    const first = await tab(context, `${baseUrl}?backend=wasm&${SMALL}`);
    await first.page.getByRole('button', { name: 'Step', exact: true }).click();
    await waitForIteration(first.page, 1);
    await first.page.getByTestId('saved-through').filter({ hasText: 'Saved through iteration 1' }).waitFor();
    // "Saved through" shows the smallest saved iteration of the runs saved so far: wait until every run's
    // checkpoint is stored before the page closes (a write not started by then never happens).
    await expect.poll(() => storedCheckpoints(first.page), { timeout: UNDER_LOAD }).toEqual([{ 'run-1-grpo': 1, 'run-2-planpo': 1 }]);
    // The lab's page is closed (not navigated: a page kept in the back/forward cache could still
    // finish a write).
    await first.page.close();
    const scrambler = await context.newPage();
    await scrambler.goto(`${baseUrl}robots.txt`);
    await scrambler.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((ok) => { const r = indexedDB.open('rollout-lab'); r.onsuccess = () => ok(r.result); });
      const get = <T,>(req: IDBRequest<T>) => new Promise<T>((ok) => (req.onsuccess = () => ok(req.result)));
      for (let tries = 0; ; tries++) {
        const read = db.transaction(['labs', 'checkpoints']);
        const [labs, checkpoints] = await Promise.all([get(read.objectStore('labs').getAll()), get(read.objectStore('checkpoints').count())]);
        const runs = (labs as Array<{ runs: unknown[] }>).reduce((n, l) => n + l.runs.length, 0);
        if (runs > 0 && checkpoints >= runs) break;
        if (tries > 100) throw new Error(`${checkpoints} checkpoints stored for ${runs} runs`);
        await new Promise((ok) => setTimeout(ok, 100));
      }
      const tx = db.transaction(['labs', 'checkpoints'], 'readwrite');
      tx.objectStore('labs').put({ id: 'broken', name: 'Scrambled record', updatedAt: Date.now() + 60_000, config: 42, runs: null });
      const cps = tx.objectStore('checkpoints');
      const cursor = cps.openCursor();
      cursor.onsuccess = () => { // every checkpoint of the good lab loses its weights (whichever the lab would reopen)
        const c = cursor.result;
        if (!c) return;
        c.update({ ...(c.value as object), weights: 'nonsense' });
        c.continue();
      };
      await new Promise((ok) => (tx.oncomplete = ok));
      db.close();
    });
    await scrambler.close();
    const { page, errors } = await tab(context, baseUrl);
    const unreadable = page.locator('[data-testid="saved-lab"][data-unreadable="true"]');
    await expect.poll(() => unreadable.count(), { timeout: 30_000 }).toBe(2);
    const scrambled = unreadable.filter({ hasText: 'Scrambled record' });
    expect(await scrambled.innerText()).toContain('could not be opened: saved lab: createdAt: must be a time');
    expect(await unreadable.filter({ hasNotText: 'Scrambled record' }).innerText()).toMatch(/could not be opened: saved lab: checkpoint of run-\d+-[a-z-]+: .*weights/);
    const [download] = await Promise.all([page.waitForEvent('download'), scrambled.getByRole('button', { name: 'Export Scrambled record' }).click()]);
    const exported = JSON.parse(await readFile(await savedDownload(download), 'utf8'));
    expect(exported.lab).toMatchObject({ id: 'broken', config: 42, runs: null });
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'unreadable-saved-state.png'), fullPage: true });
    await scrambled.getByRole('button', { name: 'Delete Scrambled record' }).click();
    await expect.poll(() => unreadable.count()).toBe(1);
    const safe = await tab(context, `${baseUrl}?safe=1`);
    await safe.page.getByTestId('fault-notices').filter({ hasText: 'Opened without saved runs (safe start): nothing was restored' }).waitFor();
    await safe.page.getByTestId('saved-lab').first().waitFor();
    expect(await safe.page.locator('[data-testid="saved-lab"][aria-current="true"]').count()).toBe(0);
    expect([...first.errors, ...errors, ...safe.errors]).toEqual([]);
  });
});
