import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BAD_LINKS } from '../app/bad-links';
import { launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');

// Every link of the sample is checked through the parser and the link writer the page calls
// (tests/app/bad-links.test.ts); the page opens one of each kind: a value the backend choice reads,
// two messages in one alert, a 12,000-character value, a malformed escape.
const IN_PAGE = BAD_LINKS.filter((link) => link.inPage);

describe('bad share links in the page', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('name every bad value on load, before anything runs, and leave a corrected short link in the address bar', async () => {
    expect(IN_PAGE.length).toBeGreaterThanOrEqual(4);
    for (const { query, shown, corrected } of IN_PAGE) {
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

