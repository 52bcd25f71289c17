// Finds the Chromium that browser tests drive (playwright-core never downloads one).
import { existsSync } from 'node:fs';

export const INSTALL_HINT =
  'Browser tests need Chromium. On Debian/Ubuntu: `sudo apt-get install chromium` (gives /usr/bin/chromium), ' +
  'or point CHROMIUM_PATH at a Chromium/Chrome binary. To skip them knowingly: SKIP_BROWSER_TESTS=1 npm test.';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}
