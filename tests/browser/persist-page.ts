import type { Page } from 'playwright-core';
import type { IterationMetrics } from '../../src/core/train/metrics';

/** Metrics of every saved iteration of run `runIndex` of the tab's current lab, read from IndexedDB. */
export async function savedMetrics(page: Page, runIndex: number): Promise<IterationMetrics[]> {
  return page.evaluate(async (index) => {
    const labId = sessionStorage.getItem('rollout-lab.current-lab');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('rollout-lab');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const get = <T,>(store: string, query: IDBValidKey | IDBKeyRange) => new Promise<T>((resolve, reject) => {
      const req = db.transaction(store).objectStore(store).getAll(query);
      req.onsuccess = () => resolve(req.result as T);
      req.onerror = () => reject(req.error);
    });
    const [lab] = await get<Array<{ runs: Array<{ id: string }> }>>('labs', labId!);
    const runId = lab.runs[index].id;
    const rows = await get<IterationMetrics[]>('metrics', IDBKeyRange.bound([labId, runId, 0], [labId, runId, Infinity]));
    db.close();
    return rows;
  }, runIndex);
}

/** Drop what differs between two equal runs: timings, throughput, the tensor count. */
export function stableMetrics(rows: IterationMetrics[]): Array<Record<string, unknown>> {
  return rows.map(({ timing: _t, tokensPerSecond: _s, numTensors: _n, ...rest }) => rest);
}

/** Wait until the Runs panel shows the current lab saved at iteration `k` or later. */
export async function waitForSaved(page: Page, k: number, timeout = 60_000): Promise<void> {
  await page.locator(`[data-testid="saved-lab"][aria-current="true"]`).first().waitFor({ timeout });
  await page.waitForFunction((want) => {
    const el = document.querySelector('[data-testid="saved-lab"][aria-current="true"]');
    return el !== null && Number(el.getAttribute('data-iteration')) >= want;
  }, k, { timeout });
}

/** Press Step `n` times, waiting for each iteration. */
export async function stepTimes(page: Page, n: number, from: number, wait: (k: number) => Promise<unknown>): Promise<void> {
  for (let k = from + 1; k <= from + n; k++) {
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await wait(k);
  }
}
