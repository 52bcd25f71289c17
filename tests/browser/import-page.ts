import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Open `path` through the real file chooser of "Open rollouts…". */
export async function openByChooser(page: Page, path: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Open rollouts…' }).click()]);
  await chooser.setFiles(path);
}

/** Drop `path` onto the page body: a real DataTransfer holding a real File, dragover then drop. */
export async function dropFile(page: Page, path: string, name: string): Promise<void> {
  const base64 = readFileSync(path).toString('base64');
  await page.evaluate(({ base64, name }) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], name));
    const target = document.querySelector('main') ?? document.body;
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }
  }, { base64, name });
}

/**
 * Drag the folder (or files) at `paths` on this machine onto the page and drop it, as a person
 * dragging it from a file manager: Chromium's own drag input (CDP `Input.dispatchDragEvent` with the
 * paths as drag data), so the page's drop handler sees a directory entry
 * (`DataTransferItem.webkitGetAsEntry`) whose files Chromium reads from disk. A synthetic
 * DataTransfer cannot hold a directory.
 */
export async function dropPaths(page: Page, paths: string[]): Promise<void> {
  // Input reaches a page only once it has painted: on a loaded machine the load event can come well before the first
  // frame, and a drag dispatched then is dropped without a trace. Wait for the view and two frames first.
  await page.getByRole('button', { name: 'Open folder…' }).waitFor();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, x: 200, y: 200, data });
  await cdp.detach();
}

/**
 * Copy a folder into the page's origin-private file system as `name/…` (each of `paths` fetched
 * from `url` + path, at the page's origin, and streamed into a file), then make the page's
 * `showDirectoryPicker` answer that folder's handle. Headless Chromium cannot drive the native
 * dialog, so only the dialog is replaced: the handle is a real `FileSystemDirectoryHandle`, and
 * listing it and reading its files are the browser's own, as after a real pick.
 */
export async function pickerAnswersPrivateFolder(page: Page, name: string, url: string, paths: readonly string[]): Promise<void> {
  // a script text, not a function: tsx names the functions it compiles with a helper the page does not have
  await page.evaluate(`(async (name, url, paths) => {
    const top = await (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true });
    const queue = [...paths];
    await Promise.all([0, 1, 2, 3].map(async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const parts = path.split('/');
        let dir = top;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const response = await fetch(url + parts.map(encodeURIComponent).join('/'));
        if (!response.ok || !response.body) throw new Error(path + ': ' + response.status);
        await response.body.pipeTo(await (await dir.getFileHandle(parts[parts.length - 1], { create: true })).createWritable());
      }
    }));
    window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(name);
  })(${JSON.stringify(name)}, ${JSON.stringify(url)}, ${JSON.stringify(paths)})`);
}

export interface SummaryLine {
  trajectories: number;
  groups: number;
  problems: number;
  adapter: string;
}

/** Wait for the import summary of `fileName` and read its counts. */
export async function waitForSummary(page: Page, fileName: string, timeout = 30_000): Promise<SummaryLine> {
  const summary = page.getByTestId('import-summary');
  await summary.getByRole('heading', { name: fileName, exact: true }).waitFor({ timeout });
  return {
    trajectories: Number(await summary.getAttribute('data-trajectories')),
    groups: Number(await summary.getAttribute('data-groups')),
    problems: Number(await summary.getAttribute('data-problems')),
    adapter: await summary.getByTestId('import-adapter').innerText(),
  };
}

/** Per trajectory card of the shown imported group: the accessible label of its advantage bars. */
export async function advantageLabels(page: Page): Promise<string[]> {
  const group = page.getByRole('region', { name: 'Imported group' });
  await group.locator('li.turn').first().waitFor();
  return group.locator('.traj-adv svg').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

/** Pick the first group with at least two successes and one failure (PlanPO's A^S then differs from 0); returns its option label. */
export async function pickMixedGroup(page: Page): Promise<string> {
  const picker = page.getByLabel(/^Group \(/);
  const isMixed = (l: string) => { const m = /(\d+)\/(\d+) ✓$/.exec(l); return m !== null && Number(m[1]) >= 2 && Number(m[1]) < Number(m[2]); };
  await expect.poll(async () => (await picker.locator('option').allInnerTexts()).some(isMixed), { timeout: 15_000 }).toBe(true);
  const labels = await picker.locator('option').allInnerTexts();
  const label = labels.find(isMixed);
  if (!label) throw new Error(`no mixed group among ${labels.join(' | ')}`);
  await picker.selectOption({ label });
  // The previous group's cards stay on screen until the worker answers: wait until the cards shown are a mixed
  // group's (GRPO positive for ≥ 2 successes, negative for a failure).
  const successes = Number(/(\d+)\/(\d+) ✓$/.exec(label)![1]);
  await expect.poll(async () => {
    const grpo = (await advantageLabels(page)).map((l) => Number(/GRPO (-?[\d.]+)/.exec(l)?.[1] ?? NaN));
    return grpo.filter((a) => a > 0).length === successes && grpo.some((a) => a < 0);
  }, { timeout: 15_000 }).toBe(true);
  return label;
}
