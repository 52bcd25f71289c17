// Finds the Chromium that browser tests drive (playwright-core never downloads one).
import { existsSync } from 'node:fs';

export const INSTALL_HINT =
  'Browser tests need Chromium. On Debian/Ubuntu: `sudo apt-get install chromium chromium-headless-shell` (gives ' +
  '/usr/bin/chromium and /usr/bin/chromium-headless-shell), or point CHROMIUM_PATH at a Chromium/Chrome binary. ' +
  'To skip them knowingly: SKIP_BROWSER_TESTS=1 npm test.';

/** Chromium's headless shell (Debian's chromium-headless-shell): the same Blink and V8 without the browser's UI layer. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The full Chromium: what the measuring scripts, the benches and the screenshots drive. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

/**
 * The Chromium the test run drives (tests/browser/run.mjs, global-setup.ts): `CHROMIUM_PATH` when set, else the
 * headless shell when installed, else the full Chromium. The shell renders and runs scripts as Chromium does, and
 * a test page costs less processor time in it (tests/browser/README.md, "The headless shell").
 */
export function findTestChromium() {
  if (process.env.CHROMIUM_PATH) return findChromium();
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium();
}

/** Whether `path` is a headless shell, which is headless by itself and takes no `--headless=` mode. */
export function isHeadlessShell(path) {
  return /headless[-_]shell/.test(path);
}
