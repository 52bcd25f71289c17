import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { findChromium, findTestChromium, INSTALL_HINT, isHeadlessShell } from './chromium.mjs';

export interface LabBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export interface ChromiumKind {
  /** Adds --enable-unsafe-webgpu, which exposes the SwiftShader adapter. */
  webgpu: boolean;
}

/**
 * Set by global-setup.ts for the test run (test workers are started after it and inherit it): launchChromium then
 * drives the test run's Chromiums (below) instead of launching one per call.
 */
export const TEST_RUN_ENV = 'ROLLOUT_LAB_BROWSER_TEST_RUN';

/**
 * V8 flags for the test run's Chromiums (launchChromium under global-setup.ts), not for the measuring scripts or the
 * benches: no optimizing tier above Maglev (`--max-opt=2`). A test page lives seconds; TurboFan's
 * compilations of the bundle and the trainer code (in V8's background threads) cost more than they
 * return in that time. Measured on a one-Step training test (science-preset.test.ts, twice each,
 * interleaved): 13.4 and 13.1 processor seconds of Chromium with TurboFan, 11.0 and 11.2 without;
 * with Sparkplug only (`--max-opt=1`) the trainers ran slower and it cost 12.5 and 15.2.
 * `CHROMIUM_EXTRA_ARGS='--js-flags=…'` replaces it (the last `--js-flags` wins).
 */
export const TEST_JS_FLAGS = '--js-flags=--max-opt=2';

/**
 * Debian's Chromium, headless, quiet, without a sandbox (the tests run as root in CI). `testRun`: the test run's
 * Chromiums (launchChromium), which drive the headless shell where it is installed (findTestChromium) and
 * run V8 with TEST_JS_FLAGS; the measuring scripts and the benches drive the full Chromium with V8's defaults.
 */
export function chromiumLaunchOptions(kind: ChromiumKind, testRun = false) {
  const executablePath = testRun ? findTestChromium() : findChromium();
  if (!executablePath) throw new Error(INSTALL_HINT);
  const args = [
    ...(isHeadlessShell(executablePath) ? [] : ['--headless=new']),
    '--no-sandbox',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    ...(kind.webgpu ? ['--enable-unsafe-webgpu'] : []),
    ...(testRun ? [TEST_JS_FLAGS] : []),
    // Extra switches for measuring the suite's cost (tests/cpu-time.mjs), space-separated.
    ...(process.env.CHROMIUM_EXTRA_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  return { executablePath, args, headless: true, timeout: 60_000 };
}

/** The test run's Chromiums in this test worker process: one of each kind, launched when a file first asks for it. */
const testRunChromiums = new Map<string, Promise<Browser>>();

function testRunChromium(kind: ChromiumKind): Promise<Browser> {
  const key = kind.webgpu ? 'webgpu' : 'plain';
  let launched = testRunChromiums.get(key);
  if (!launched) {
    launched = chromium.launch(chromiumLaunchOptions(kind, true)).then((browser) => {
      blockServiceWorkersByDefault(browser);
      return browser;
    });
    testRunChromiums.set(key, launched);
  }
  return launched;
}

/**
 * A Chromium for one test file. Under `npm run test:browser` every file of a test worker process shares the one
 * Chromium of its kind that the process launched for the first file that asked (plain, or with WebGPU), so a file
 * pays for neither a browser start nor a connection, and the test code drives it in process, with no protocol hop
 * through another process. Playwright closes it when the worker process exits. Elsewhere (take-screenshots.ts)
 * this launches a Chromium of its own.
 *
 * Either way every `newContext()` is a fresh, incognito-like profile: its own IndexedDB, storage,
 * cookies and cache, so tests stay independent. `close()` closes the contexts this file opened
 * (and the browser, when it launched one): files in one worker run one after another, so the contexts
 * opened since a file began are that file's.
 */
export async function launchChromium(kind: ChromiumKind): Promise<LabBrowser> {
  if (process.env[TEST_RUN_ENV]) {
    const browser = await testRunChromium(kind);
    const before = new Set(browser.contexts());
    return { browser, close: async () => { await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close())); } };
  }
  const browser = await chromium.launch(chromiumLaunchOptions(kind));
  blockServiceWorkersByDefault(browser);
  return { browser, close: () => browser.close() };
}

/**
 * Every context of a test file starts with service workers blocked unless it asks for them
 * (`serviceWorkers: 'allow'`, as offline.test.ts does). A fresh context is never controlled by the
 * worker on its first load, so the worker would only install and precache the whole site (≈ 8 MB)
 * in every context: measured with tests/browser/measure-page-load.ts, 5.2 processor seconds per
 * fresh page with it against 3.0 without. `browser.newPage()` goes through `newContext` too.
 */
function blockServiceWorkersByDefault(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ serviceWorkers: 'block', ...options });
}

/**
 * Open a page that records every request, so tests can assert nothing leaves our origin.
 * `beforeGoto` runs on the fresh page before it loads (e.g. a DevTools-protocol setting the first
 * load must already see).
 */
export async function openPage(lab: LabBrowser, url: string, beforeGoto?: (page: Page) => Promise<void>): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const context = await lab.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  context.on('weberror', (e) => errors.push(e.error().message));
  await beforeGoto?.(page);
  await page.goto(url);
  return { page, requests, errors };
}

export function foreignRequests(requests: string[], baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  return requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin);
}

/**
 * Where a download lies on this machine: saved (`saveAs`) into a fresh temp folder, which works whether the
 * Chromium was launched here or is driven over a remote connection (where `download.path()` is refused).
 */
export async function savedDownload(download: Download): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rollout-lab-download-'));
  const path = join(dir, download.suggestedFilename() || 'download');
  await download.saveAs(path);
  return path;
}
