import { chromium, type Browser, type Page } from 'playwright-core';
import { findChromium, INSTALL_HINT } from './chromium.mjs';

export interface LabBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Launch Debian's Chromium headless with a fresh profile (Playwright creates a new user-data-dir per
 * launch); `webgpu: true` adds --enable-unsafe-webgpu, which exposes the SwiftShader adapter.
 */
export async function launchChromium(options: { webgpu: boolean }): Promise<LabBrowser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(INSTALL_HINT);
  const args = [
    '--headless=new',
    '--no-sandbox',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    ...(options.webgpu ? ['--enable-unsafe-webgpu'] : []),
  ];
  const browser = await chromium.launch({ executablePath, args, headless: true, timeout: 60_000 });
  return {
    browser,
    close: () => browser.close(),
  };
}

/** Open a page that records every request, so tests can assert nothing leaves our origin. */
export async function openPage(lab: LabBrowser, url: string): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const context = await lab.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  context.on('weberror', (e) => errors.push(e.error().message));
  await page.goto(url);
  return { page, requests, errors };
}

export function foreignRequests(requests: string[], baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  return requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin);
}
