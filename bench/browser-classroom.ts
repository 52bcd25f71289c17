/**
 * How soon classroom mode shows something: ms from the page's arrival (its HTML received) to the
 * recorded runs' curves on screen, in headless Chromium against the built `dist/` (run
 * `npx vite build` first, or pass BENCH_BUILD=1). The target is 2 s; each load is a fresh profile,
 * so nothing is cached. A figure, not a test: tests/browser/classroom.test.ts checks what appears,
 * never how fast.
 *
 *   npx tsx bench/browser-classroom.ts [--loads 5]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, openPage } from '../tests/browser/browser';
import { serveStatic } from '../tests/browser/static-server';

export interface ClassroomLoadFigures {
  loads: number;
  /** ms from responseEnd to the first curve, per load, in load order. */
  ms: number[];
  medianMs: number;
  bestMs: number;
}

export async function benchClassroomLoad(loads: number): Promise<ClassroomLoadFigures> {
  const dist = resolve('dist');
  if (process.env.BENCH_BUILD === '1' || !existsSync(resolve(dist, 'index.html'))) {
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  const server = await serveStatic(dist, '/bench/');
  const lab = await launchChromium({ webgpu: false });
  const ms: number[] = [];
  try {
    for (let i = 0; i < loads; i++) {
      const { page } = await openPage(lab, `${server.url}#lab`);
      await page.locator('.training-curves [data-panel="turns"] path.smooth').first().waitFor({ timeout: 120_000 });
      ms.push(Math.round(await page.evaluate(() => performance.now() - (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd)));
      await page.context().close();
    }
  } finally {
    await lab.close();
    await server.close();
  }
  const sorted = [...ms].sort((a, b) => a - b);
  return { loads, ms, medianMs: sorted[Math.floor(sorted.length / 2)], bestMs: sorted[0] };
}

export function formatClassroomLoad(f: ClassroomLoadFigures): string {
  return `classroom lab, recorded curves on screen after the page arrived: median ${f.medianMs} ms, best ${f.bestMs} ms over ${f.loads} fresh loads (target 2,000 ms) [${f.ms.join(', ')}]`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--loads');
  const loads = i >= 0 ? Number(process.argv[i + 1]) : 5;
  benchClassroomLoad(loads).then((f) => {
    process.stdout.write((process.env.BENCH_JSON ? JSON.stringify(f) : formatClassroomLoad(f)) + '\n');
  }).catch((error) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
