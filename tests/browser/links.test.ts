import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');

/** Bad links and, for each, the messages the page must show (a pattern per message) and what the corrected link holds. */
const SAMPLE: Array<{ query: string; shown: RegExp[]; corrected: Record<string, string> }> = [
  { query: '?seed=2&backend=webgl', shown: [/backend: unknown "webgl".*using auto/], corrected: { seed: '2', backend: 'auto' } },
  { query: '?seed=3&seed=4&groupSize=2', shown: [/seed: given 2 times \("3", "4"\); using the first, "3"/], corrected: { seed: '3', groupSize: '2' } },
  { query: '?v=7&estimator=rloo&seed=5', shown: [/v: unknown link version "7"/, /"estimator": not a link setting \(did you mean estimators\?\)/], corrected: { v: '1', seed: '5' } },
  { query: '?estimators=grpo,planpo,rloo,ppo,gigpo', shown: [/estimators: 5 given, at most 4.*using grpo, planpo, rloo, ppo/], corrected: { estimators: 'grpo,planpo,rloo,ppo' } },
  { query: '?env=shop-v0&envSize=3&groupSize=0', shown: [/envSize: 3 is outside shop-v0's size range/, /groupSize: expected an integer in 1\.\.64, got 0/], corrected: { env: 'shop-v0', envSize: 'default', groupSize: '8' } },
  { query: `?seed=${'9'.repeat(12_000)}&hidden=16`, shown: [/seed: .*… \(12,000 characters\)/], corrected: { seed: '1', hidden: '16' } },
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
});
