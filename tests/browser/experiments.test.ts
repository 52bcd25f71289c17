import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cliInProcess } from '../cli/in-process';
import { foreignRequests, launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');

/**
 * The same tiny ood experiment through the CLI (in this process through runCli, Node, wasm);
 * resolves with its evaluation table's rows.
 */
async function cliEvaluationRows(): Promise<string[][]> {
  const out = mkdtempSync(join(tmpdir(), 'rollout-lab-ood-'));
  try {
    const run = await cliInProcess(['experiment', 'ood', '--size', 'reduced', '--seeds', '1', '--iterations', '2', '--backend', 'wasm', '--out', out]);
    if (run.code !== 0) throw new Error(`experiment ood exited ${run.code}: ${run.stderr}`);
    const report = readFileSync(join(out, 'report.md'), 'utf8');
    const section = report.slice(report.indexOf('### Seen vs unseen tasks')).split('\n### ')[0];
    const body = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Arm') && !l.startsWith('| ---'));
    return body.map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe('Experiments page', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('shows the shipped CLI results with their command, commit and date, then runs a tiny reduced ood experiment (training and seen/unseen evaluation) in workers with an advancing progress bar; its evaluation (the worker’s evaluate call) equals the CLI’s', async () => {
    const { page, requests, errors } = await openPage(lab, `${baseUrl}?backend=wasm#experiments`);
    await page.getByRole('link', { name: 'Experiments' }).and(page.locator('[aria-current="page"]')).waitFor();

    // (1) shipped results, fetched by relative URL from the sub-path
    const shipped = page.getByRole('region', { name: 'Shipped results' });
    const finalTable = shipped.locator('table[data-table="final"]');
    await finalTable.waitFor({ timeout: 60_000 });
    expect(await finalTable.locator('tbody tr').count()).toBeGreaterThan(1);
    expect(await finalTable.innerText()).toContain('PlanPO');
    expect(await shipped.getByTestId('exp-provenance').innerText()).toMatch(/Produced by npm run -s cli -- experiment main .* at commit [0-9a-f]{7}.* on \d{4}-\d\d-\d\dT/);
    expect(await shipped.locator('figure svg[role="img"]').count()).toBeGreaterThan(0);
    expect(requests.some((u) => u.includes('/classroom/rollout-lab/experiments/index.json'))).toBe(true);

    // (2) a tiny reduced experiment in workers
    await page.getByLabel('Experiment', { exact: true }).selectOption('ood');
    await page.getByLabel('Seeds').fill('1');
    await page.getByLabel('Iterations').fill('2');
    await page.getByRole('button', { name: 'Run experiment' }).click();
    const bar = page.getByRole('progressbar', { name: 'Experiment progress' });
    await bar.waitFor();
    const seen = new Set<string>();
    const deadline = Date.now() + 200_000;
    while (Date.now() < deadline) {
      seen.add((await bar.getAttribute('data-done-units')) ?? '');
      if ((await page.getByTestId('exp-progress-text').innerText()).includes('finished')) break;
      await page.waitForTimeout(100);
    }
    expect(await page.getByTestId('exp-progress-text').innerText()).toMatch(/100% · 2\/2 runs .* finished/);
    expect(await bar.evaluate((el) => (el as HTMLProgressElement).value)).toBe(1);
    const units = [...seen].filter(Boolean).map(Number);
    expect(units.some((u) => u > 0 && u < 12)).toBe(true); // an intermediate value: the bar advanced, it did not jump
    const local = page.getByRole('region', { name: 'Results of this browser run' });
    const evaluation = local.locator('table[data-table="evaluation"]');
    await evaluation.waitFor();
    const rows = await evaluation.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2); // GRPO and PlanPO, each with a seen and an unseen success rate
    for (const row of rows) expect(row.split('\t').slice(4, 6).every((cell) => /^\d+\.\d$/.test(cell.trim()))).toBe(true);
    // the worker's evaluate call gives the CLI's numbers: training success, seen, unseen and gap per arm
    // (run after the page's run: in this process it would hold up the polling of the progress bar)
    expect(rows.map((row) => row.split('\t').map((c) => c.trim()))).toEqual(await cliEvaluationRows());
    expect(await local.getByTestId('exp-provenance').innerText()).toContain('in-app: ood at the reduced size (1 seed, 2 iterations');
    expect(foreignRequests(requests, baseUrl)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
