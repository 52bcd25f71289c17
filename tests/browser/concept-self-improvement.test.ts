import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { foreignRequests, launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');

describe('Concepts: self-improvement and brittleness', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('self-improvement shows the CLI comparison, then trains GRPO, PlanPO and self-improvement in a worker and evaluates them on both splits', async () => {
    const { page, requests, errors } = await openPage(lab, `${baseUrl}?backend=wasm#concepts/self-improvement`);
    const shipped = page.getByRole('region', { name: 'Comparison by the CLI' });
    await shipped.getByTestId('exp-provenance').waitFor({ timeout: 60_000 });
    expect(await shipped.getByTestId('exp-provenance').innerText()).toMatch(/experiment self-improvement .* at commit [0-9a-f]{7}/);
    expect(await shipped.innerText()).toContain('Self-improvement');

    const run = page.getByRole('region', { name: 'Run it in this browser' });
    await run.getByLabel('Seeds').fill('1');
    await run.getByLabel('Iterations').fill('1');
    await run.getByRole('button', { name: 'Run the comparison' }).click();
    await run.getByRole('progressbar', { name: 'Self-improvement progress' }).waitFor();
    const report = page.getByRole('region', { name: 'Comparison in this browser' });
    await report.waitFor({ timeout: 200_000 });
    const evalTable = report.locator('table[data-table="evaluation"]');
    const rows = await evalTable.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split('\t')[0])).toEqual(['GRPO', 'PlanPO', 'Self-improvement']);
    for (const r of rows) expect(r).toMatch(/\d+\.\d\t\d+\.\d\t/); // seen and unseen success, as numbers
    expect(errors).toEqual([]);
    expect(foreignRequests(requests, baseUrl)).toEqual([]);
  });

  it('brittleness lists seen vs unseen rows from every concept with a split, with a figure', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}#concepts/brittleness`);
    const table = page.locator('table[data-table="brittleness"]');
    await table.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelectorAll('table[data-table="brittleness"] tbody tr').length >= 9);
    const text = await table.innerText();
    for (const concept of ['best-of-n', 'self-improvement', 'ood (experiments)']) expect(text).toContain(concept);
    expect(text).toMatch(/trained policy \(\d+ iterations\), best-of-1\t\d+\.\d %/);
    expect(await page.locator('.concept figure svg[role="img"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
