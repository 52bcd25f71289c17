import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');

/** Top and bottom of the first element matching `selector`, in viewport pixels (null when missing or not shown). */
async function place(where: Page | Frame, selector: string): Promise<{ top: number; bottom: number } | null> {
  return where.evaluate((sel) => {
    const el = [...document.querySelectorAll(sel)].find((e) => e.getBoundingClientRect().height > 0);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  }, selector);
}

/** The element starts inside the first screen with at least `min` px of it showing. */
function onFirstScreen(p: { top: number; bottom: number } | null, height: number, min = 60): boolean {
  return p !== null && p.top >= 0 && Math.min(p.bottom, height) - p.top >= min;
}

const CARD = '.trajectory';
const CHART = '.divergence .chart svg[role="group"]';
/** hide= choices that move the lesson up or down (none, the configuration, the control and note rows, all that leave the group and the chart). */
const HIDES = ['', 'config', 'controls,notes',
  'config,presets,estimators,advanced,backend,step,reset,copy-link,shortcuts,example,curves,equations,controls,notes'];

async function open(browser: Browser, url: string, viewport: { width: number; height: number }, touch = false): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors };
}

describe('the lesson on the first screen', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('presentation=1 at 1280×720 and at 853×480: a trajectory card and the divergence chart start on the first screen for every hide= the dialog offers', async () => {
    // One page for both sizes: each hide= link is opened at one size and then resized to the other, the
    // opening size alternating, so each size is checked both as the size a link opens at and after a resize.
    const sizes = [{ width: 1280, height: 720 }, { width: 853, height: 480 }];
    const { page, errors } = await open(lab.browser, 'about:blank', sizes[0]);
    for (const [i, hide] of HIDES.entries()) {
      const order = i % 2 === 0 ? sizes : [...sizes].reverse();
      await page.setViewportSize(order[0]);
      await page.goto(`${baseUrl}?presentation=1${hide ? `&hide=${hide}` : ''}#lab`);
      await page.locator(CARD).first().waitFor();
      await page.locator(CHART).first().waitFor();
      for (const viewport of order) {
        await page.setViewportSize(viewport);
        const at = `${viewport.width}×${viewport.height} hide=${hide}`;
        await expect.poll(async () => onFirstScreen(await place(page, CARD), viewport.height), { message: `card ${at}` }).toBe(true);
        await expect.poll(async () => onFirstScreen(await place(page, CHART), viewport.height), { message: `chart ${at}` }).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `overflow ${at}`).toBe(true);
        const status = await place(page, '.status-bar');
        expect(status!.bottom - status!.top, `status bar ${at}`).toBeLessThan(50); // one line
      }
    }
    expect(await page.locator('.group-section .empty').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('each embed= part fills a 960×540 iframe with that part first; controls and notes hide', async () => {
    // The course page below is served by page.route, which never sees a request a service worker
    // answers: the framed lab's worker stays blocked, as in every test context (launchChromium's default).
    const { page, errors } = await open(lab.browser, 'about:blank', { width: 1000, height: 600 });
    // a course page on the lab's own (secure) origin that frames the lab
    const host = `${baseUrl}embed-host.html`;
    let frameSrc = '';
    await page.route(host, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>course</title><iframe title="lab" src="${frameSrc}" width="960" height="540" style="border:0"></iframe>` }));
    const first: Record<string, string> = { group: CARD, curves: '.training-curves [data-panel]', scatter: CHART, equation: '.equation-card', tour: '[role="dialog"].tour' };
    for (const [part, selector] of Object.entries(first)) {
      frameSrc = `${baseUrl}?embed=${part}&hide=controls,notes#lab`;
      await page.goto(host);
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      await frame.locator(selector).first().waitFor();
      // the part is placed first once the frame's layout settles (fonts, equation fits): polled, as in the test above
      await expect.poll(async () => onFirstScreen(await place(frame, selector), 540), { message: part, timeout: 15_000 }).toBe(true);
      expect(await frame.locator('header.app-header').count(), part).toBe(0);
      expect(await frame.locator('#train-button').isVisible(), part).toBe(false);
      expect(await frame.getByTestId('recorded-note').isVisible(), part).toBe(false);
      expect(await frame.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), part).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('a class link on a 390×844 phone shows a group card on the first screen, and no control is under 24 px (Train 44 px)', async () => {
    const { page, errors } = await open(lab.browser, `${baseUrl}?recorded=classroom#lab`, { width: 390, height: 844 }, true);
    await page.locator(CARD).first().waitFor();
    expect(onFirstScreen(await place(page, CARD), 844)).toBe(true);
    const small = await page.evaluate(() => [...document.querySelectorAll('button, select, input, summary, a[href], textarea')]
      .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; })
      .filter((e) => !e.classList.contains('skip-link'))
      .map((e) => ({ what: `${e.tagName} ${(e.textContent ?? '').trim().slice(0, 30) || e.getAttribute('aria-label') || e.id}`, h: e.getBoundingClientRect().height, w: e.getBoundingClientRect().width }))
      .filter((c) => c.h < 24 || c.w < 24));
    expect(small).toEqual([]);
    const train = await page.locator('#train-button').boundingBox();
    expect(train!.height).toBeGreaterThanOrEqual(44);
    const hoverLine = page.locator('.scatter .hover-line').first();
    // below the fold its section is not rendered (content-visibility: auto) and has no innerText until scrolled to
    await hoverLine.scrollIntoViewIfNeeded();
    await expect.poll(() => hoverLine.innerText()).toMatch(/^Tap a point/);
    expect(errors).toEqual([]);
  });
});
