/**
 * Not a test. What V8 keeps compiling while the lab trains: launches Chromium with V8's
 * `--trace-opt --trace-deopt` (their lines go to the browser's stdout), serves a build, opens the
 * lab with two runs, presses Train, and from `from-s` (default 15) to `from-s + for-s` (default 25)
 * seconds after the press counts, per function, the optimizing compilations (Maglev and TurboFan,
 * with the milliseconds V8 reports for each) and the deoptimizations (with their reason). In steady
 * training nothing should need compiling again; a function listed there is in a deoptimization loop.
 *
 *   npx vite build --minify false --outDir /tmp/dist-plain   # readable function names
 *   npx tsx tests/browser/measure-jit.ts /tmp/dist-plain [from-s] [for-s]
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { TWO_RUNS_QUERY } from '../../bench/browser-lab';
import { chromiumLaunchOptions } from './browser';
import { runIterations, trainingLab } from './lab-page';
import { serveStatic } from './static-server';

interface Tally { count: number; ms: number }

function add(map: Map<string, Tally>, key: string, ms: number): void {
  const t = map.get(key) ?? { count: 0, ms: 0 };
  map.set(key, { count: t.count + 1, ms: t.ms + ms });
}

function print(title: string, map: Map<string, Tally>, withMs: boolean): void {
  const rows = [...map].sort((a, b) => (withMs ? b[1].ms - a[1].ms : b[1].count - a[1].count));
  const total = rows.reduce((sum, [, t]) => ({ count: sum.count + t.count, ms: sum.ms + t.ms }), { count: 0, ms: 0 });
  console.log(`${title}: ${total.count}${withMs ? `, ${total.ms.toFixed(0)} ms of compiling` : ''}`);
  for (const [key, t] of rows.slice(0, 15)) console.log(`  ${String(t.count).padStart(5)}${withMs ? `  ${t.ms.toFixed(0).padStart(6)} ms` : ''}  ${key}`);
}

async function main(): Promise<void> {
  const dist = resolve(process.argv[2] ?? 'dist');
  const from = Number(process.argv[3] ?? 15);
  const span = Number(process.argv[4] ?? 25);
  const server = await serveStatic(dist, '/classroom/rollout-lab/');
  const options = chromiumLaunchOptions({ webgpu: false });
  options.args.push('--js-flags=--trace-opt --trace-deopt');
  const browserServer = await chromium.launchServer(options);
  const compiled = new Map<string, Tally>();
  const deoptimized = new Map<string, Tally>();
  let counting = false;
  let pending = '';
  const onText = (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    if (!counting) return;
    for (const line of lines) {
      const fn = /<JSFunction ([^ >]*)/.exec(line)?.[1] ?? '?';
      const name = fn === '(sfi' ? '(anonymous)' : fn;
      const done = /completed compiling .*\(target ([A-Z_]+)\) - took [\d.]+, ([\d.]+), [\d.]+ ms/.exec(line);
      if (done) add(compiled, `${name} (${done[1]})`, Number(done[2]));
      const bailout = /bailout \(kind: [^,]+, reason: ([^)]*)\)/.exec(line);
      if (bailout && line.includes('deoptimizing')) add(deoptimized, `${name}: ${bailout[1]}`, 0);
    }
  };
  browserServer.process().stdout?.on('data', onText);
  browserServer.process().stderr?.on('data', onText);
  const browser = await chromium.connect(browserServer.wsEndpoint());
  try {
    const page = await trainingLab(browser, `${server.url}?backend=wasm&${TWO_RUNS_QUERY}`);
    await page.waitForTimeout(from * 1000);
    counting = true;
    await page.waitForTimeout(span * 1000);
    counting = false;
    const iterations = await runIterations(page);
    console.log(`${dist}: from ${from} s to ${from + span} s after Train (iterations at the end: ${iterations})`);
    print('optimizing compilations', compiled, true);
    print('deoptimizations', deoptimized, false);
  } finally {
    await browser.close();
    await browserServer.close();
    await server.close();
  }
}

void main();
