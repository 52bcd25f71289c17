// `npm run test:browser`: build the production site, then run the real-Chromium tests against it.
import { spawnSync } from 'node:child_process';
import { findChromium, INSTALL_HINT } from './chromium.mjs';

if (process.env.SKIP_BROWSER_TESTS === '1') {
  console.log('Browser tests SKIPPED (SKIP_BROWSER_TESTS=1). CI never sets this.');
  process.exit(0);
}
const chromium = findChromium();
if (!chromium) {
  console.error(`Browser tests cannot run: no Chromium found.\n${INSTALL_HINT}`);
  process.exit(1);
}
console.log(`Browser tests: Chromium at ${chromium}; building the production site…`);
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } }).status ?? 1;
let status = run('npx', ['vite', 'build', '--logLevel', 'warn']);
if (status === 0) status = run('npx', ['vitest', 'run', '--config', 'vitest.browser.config.ts', ...process.argv.slice(2)]);
process.exit(status);
