import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');

/** Bad links and, for each, the messages the page must show (a pattern per message) and what the corrected link holds. */
const SAMPLE: Array<{ query: string; shown: RegExp[]; corrected: Record<string, string | null> }> = [
  { query: '?seed=2&backend=webgl', shown: [/backend: unknown "webgl".*using auto/], corrected: { seed: '2', backend: 'auto' } },
  { query: '?seed=3&seed=4&groupSize=2', shown: [/seed: given 2 times \("3", "4"\); using the first, "3"/], corrected: { seed: '3', groupSize: '2' } },
  { query: '?v=7&estimator=rloo&seed=5', shown: [/v: unknown link version "7"/, /"estimator": not a link setting \(did you mean estimators\?\)/], corrected: { v: '1', seed: '5' } },
  { query: '?estimators=grpo,planpo,rloo,ppo,gigpo', shown: [/estimators: 5 given, at most 4.*using grpo, planpo, rloo, ppo/], corrected: { estimators: 'grpo,planpo,rloo,ppo' } },
  { query: '?env=shop-v0&envSize=3&groupSize=0', shown: [/envSize: 3 is outside shop-v0's size range/, /groupSize: expected an integer in 1\.\.64, got 0/], corrected: { env: 'shop-v0', envSize: 'default', groupSize: '8' } },
  { query: `?seed=${'9'.repeat(12_000)}&hidden=16`, shown: [/seed: .*… \(12,000 characters\)/], corrected: { seed: '1', hidden: '16' } },
  // a malformed escape (tfjs-core decodes the page's query at import: this was a white page)
  { query: '?groupSize=3&x=%ZZ', shown: [/"x": not a valid URL escape, ignored/], corrected: { groupSize: '3', x: null } },
  { query: '?groupSize=2&seed=%E0%A4%A', shown: [/"seed": not a valid URL escape, ignored/], corrected: { groupSize: '2', seed: '1' } },
  // α is PlanPO's own parameter: an older link's alphaInit= that disagrees with planpo.alphaInit is named
  {
    query: '?estimators=grpo,planpo&alphaInit=0.1&planpo.alphaInit=0.3',
    shown: [/alphaInit = 0\.1 conflicts with planpo\.alphaInit = 0\.3: using planpo\.alphaInit = 0\.3/],
    corrected: { 'planpo.alphaInit': '0.3', alphaInit: null },
  },
];

describe('bad share links in the page', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('name every bad value on load, before anything runs, and leave a corrected short link in the address bar', async () => {
    for (const { query, shown, corrected } of SAMPLE) {
      const { page, errors } = await openPage(lab, `${baseUrl}${query}`);
      const alert = page.getByTestId('link-problems');
      await alert.waitFor();
      const text = await alert.innerText();
      for (const pattern of shown) expect(text, query.slice(0, 80)).toMatch(pattern);
      expect(await page.getByRole('button', { name: 'Train', exact: true }).isVisible()).toBe(true); // nothing started
      const url = new URL(page.url());
      expect(url.href.length).toBeLessThan(8 * 1024);
      for (const [key, value] of Object.entries(corrected)) expect(url.searchParams.get(key), `${key} after ${query.slice(0, 60)}`).toBe(value);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('?x=%ZZ alone opens the lab (it was a white page: tfjs-core decodes the query at import) and names the escape', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?x=%ZZ`);
    const alert = page.getByTestId('link-problems');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/"x": not a valid URL escape, ignored/);
    expect(await page.getByRole('complementary', { name: 'Configuration' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Seed').inputValue()).toBe('1');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a link whose alphaInit= and planpo.alphaInit= disagree shows the conflict and the value the PlanPO run trains with', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?estimators=grpo,planpo&alphaInit=0.1&planpo.alphaInit=0.3`);
    await page.getByTestId('link-problems').waitFor();
    await page.getByText('More settings').click();
    const planpo = page.getByRole('group', { name: 'PlanPO parameters' });
    expect(await planpo.getByLabel('α_init', { exact: true }).inputValue()).toBe('0.3');
    expect(await page.getByRole('group', { name: 'GRPO parameters' }).getByLabel('α_init').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

