// `npm run test:browser`: build the production site (unless dist/ was built from these very
// inputs), then run the real-Chromium tests against it. Arguments go to vitest (a file, -t NAME).
// `--build-only`: only the build (npm test runs it beside the typecheck and the lint, whose two
// processes leave a core idle towards their end).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findTestChromium, INSTALL_HINT } from './chromium.mjs';

const buildOnly = process.argv[2] === '--build-only';
if (process.env.SKIP_BROWSER_TESTS === '1') {
  console.log('Browser tests SKIPPED (SKIP_BROWSER_TESTS=1). CI never sets this.');
  process.exit(0);
}
const chromium = buildOnly ? null : findTestChromium();
if (!chromium && !buildOnly) {
  console.error(`Browser tests cannot run: no Chromium found.\n${INSTALL_HINT}`);
  process.exit(1);
}

/** What the build reads from this repository: sources, static files and the build's own settings. */
const BUILD_INPUTS = ['src', 'workers', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];
const STAMP = join('dist', '.build-inputs');

/** One hash over every input file's path and bytes (about 13 MB; well under a second). */
function inputsHash() {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else {
      hash.update(`${path}\0`).update(readFileSync(path)).update('\0');
    }
  };
  BUILD_INPUTS.forEach(visit);
  return hash.digest('hex');
}

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: chromium ? { ...process.env, CHROMIUM_PATH: chromium } : process.env }).status ?? 1;
const who = buildOnly ? 'Browser tests (build only)' : `Browser tests: Chromium at ${chromium}`;
const hash = inputsHash();
const current = process.env.BROWSER_TEST_BUILD !== '1' && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash;
let status = 0;
if (current) {
  console.log(`${who}; dist/ is built from the current sources (BROWSER_TEST_BUILD=1 rebuilds).`);
} else {
  console.log(`${who}; building the production site…`);
  status = run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (status === 0) writeFileSync(STAMP, hash);
}
if (status === 0 && !buildOnly) status = run('npx', ['vitest', 'run', '--config', 'vitest.browser.config.ts', ...process.argv.slice(2)]);
process.exit(status);
