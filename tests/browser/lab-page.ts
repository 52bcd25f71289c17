import type { Browser, Page } from 'playwright-core';

/** A small configuration for browser tests: 4 trajectories, 2 tasks, short episodes, a tiny policy. */
export const SMALL = 'groupSize=4&tasksPerIteration=2&maxTurns=6&envSize=4&hidden=32&estimators=grpo,planpo';

export interface RunLine {
  estimator: string;
  iteration: number;
  status: string;
  backend: string;
  fingerprint: string;
  metricsFingerprint: string;
}

export async function runLines(page: Page): Promise<RunLine[]> {
  return page.getByTestId('run-status').evaluateAll((els) => els.map((e) => ({
    estimator: e.getAttribute('data-estimator') ?? '',
    iteration: Number(e.getAttribute('data-iteration')),
    status: e.getAttribute('data-status') ?? '',
    backend: e.getAttribute('data-backend') ?? '',
    fingerprint: e.getAttribute('data-fingerprint') ?? '',
    metricsFingerprint: e.getAttribute('data-metrics-fingerprint') ?? '',
  })));
}

/** Wait until every run has completed at least `k` iterations (and there are `runs` of them). */
export async function waitForIteration(page: Page, k: number, runs = 2, timeout = 180_000): Promise<RunLine[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const lines = await runLines(page);
    if (lines.length === runs && lines.every((l) => l.iteration >= k)) return lines;
    const failed = lines.find((l) => l.status === 'failed');
    if (failed) throw new Error(`run ${failed.estimator} failed: ${await page.getByTestId('run-status').allInnerTexts()}`);
    if (Date.now() > deadline) throw new Error(`iteration ${k} not reached: ${JSON.stringify(lines)}`);
    await page.waitForTimeout(250);
  }
}

/** Wait until every run reports `status`. */
export async function waitForStatus(page: Page, status: string, timeout = 60_000): Promise<RunLine[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const lines = await runLines(page);
    if (lines.length > 0 && lines.every((l) => l.status === status)) return lines;
    if (Date.now() > deadline) throw new Error(`runs not ${status}: ${JSON.stringify(lines)}`);
    await page.waitForTimeout(100);
  }
}

/** Per trajectory of the shown group: its label, outcome, turn count and responses. */
export async function groupSnapshot(page: Page): Promise<string[]> {
  const group = page.getByRole('region', { name: 'Rollout group' });
  await group.locator('li.turn').first().waitFor(); // the group view renders deferred
  return group.getByRole('article').evaluateAll((els) => els.map((e) => [
    e.getAttribute('aria-label'), e.getAttribute('data-success'), e.getAttribute('data-turns'),
    [...e.querySelectorAll('.turn .response')].map((r) => r.textContent).join(' / '),
  ].join(' | ')));
}

/** The lab at `url` in a fresh 1280×720 context (service worker blocked), Train pressed: what the measuring scripts watch. */
export async function trainingLab(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'Train', exact: true }).click();
  return page;
}

/** "grpo 12, planpo 11": each run's iteration now. */
export const runIterations = async (page: Page): Promise<string> =>
  (await runLines(page)).map((l) => `${l.estimator} ${l.iteration}`).join(', ');

/**
 * The panels of a `.curve-grid` (training curves, the import overview), each as [top within the grid, panel width,
 * plot width]: a panel is as wide as its plot, so the columns the view laid out hold; a long title once widened its
 * panel and pushed the next one to a new row.
 */
export async function curvePanels(page: Page, grid: string): Promise<Array<[top: number, width: number, plot: number]>> {
  return page.locator(grid).evaluate((el) => [...el.children].map((c) => {
    const box = c.getBoundingClientRect();
    return [Math.round(box.top - el.getBoundingClientRect().top), Math.round(box.width), Number(c.querySelector('svg')?.getAttribute('width'))] as [number, number, number];
  }));
}

/** Whether the panels sit in full rows of equal width: every panel exactly as wide as its plot, every row but the last as full as the first. */
export function regularRows(panels: ReadonlyArray<readonly [number, number, number]>): boolean {
  const perRow = panels.filter(([top]) => top === panels[0]?.[0]).length;
  const rows = new Set(panels.map(([top]) => top)).size;
  return panels.length > 0 && panels.every(([, width, plot]) => width === plot) && rows === Math.ceil(panels.length / perRow);
}
