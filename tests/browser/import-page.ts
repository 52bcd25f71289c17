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
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, x: 200, y: 200, data });
  await cdp.detach();
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
