import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, openPage, type LabBrowser } from './browser';
import { SMALL, waitForIteration } from './lab-page';

const baseUrl = inject('baseUrl');

/** Records CSP violations (the event carries the blocked directive) and console errors from the first script on. */
async function watchPolicy(page: Page): Promise<{ violations: () => Promise<string[]>; consoleErrors: string[] }> {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`));
  });
  return { violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), consoleErrors };
}

describe('the Content-Security-Policy', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('the built page carries a strict policy, and one training iteration on wasm (with KaTeX equations) breaks none of it', async () => {
    const { page, errors } = await openPage(lab, 'about:blank');
    const policy = await watchPolicy(page);
    await page.goto(`${baseUrl}?backend=wasm&${SMALL}`);
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(meta).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(meta).toContain("worker-src 'self'");
    expect(await page.locator('script:not([src])').count()).toBe(0); // no inline scripts in the page
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    const lines = await waitForIteration(page, 1);
    expect(lines.every((l) => l.backend.startsWith('wasm'))).toBe(true);
    await page.getByRole('button', { name: 'Show a worked example' }).click().catch(() => {});
    await page.locator('.katex').first().waitFor();
    expect(await policy.violations()).toEqual([]);
    expect(policy.consoleErrors.filter((e) => /Content.Security.Policy|Refused to/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('an injected inline script and an inline event handler are blocked', async () => {
    const { page } = await openPage(lab, 'about:blank');
    const policy = await watchPolicy(page);
    await page.goto(`${baseUrl}?backend=cpu`);
    await page.locator('#root *').first().waitFor();
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: boolean; handler?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.appendChild(script);
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.handler = true');
      img.src = 'data:,broken';
      document.body.appendChild(img);
      await new Promise((r) => setTimeout(r, 300));
      return { injected: w.injected === true, handler: w.handler === true };
    });
    expect(ran).toEqual({ injected: false, handler: false });
    const violations = await policy.violations();
    expect(violations.filter((v) => v.startsWith('script-src')).length).toBeGreaterThanOrEqual(2);
  });
});
