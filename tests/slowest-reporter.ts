/**
 * A vitest reporter that prints, after the run, the slowest tests and the slowest files, so a test
 * that grows slow is seen in every `npm test` log. It adds to the default reporter, it does not
 * replace it (see vitest.config.ts and vitest.browser.config.ts).
 *
 * `SLOWEST_TESTS=N` changes how many tests are listed (default 15; 0 prints nothing); a `count`
 * option in the config wins over it.
 * A file's time is its tests' and hooks' time plus its import (collect) time, which for the CLI and
 * tfjs files is a large part of the cost.
 */
import type { Reporter, TestModule } from 'vitest/node';

export interface Timed {
  name: string;
  ms: number;
}

/** The `count` largest entries, largest first (ties keep their input order). */
export function slowest(entries: readonly Timed[], count: number): Timed[] {
  return [...entries].sort((a, b) => b.ms - a.ms).slice(0, Math.max(0, count));
}

/** One table: rank, seconds with one decimal, share of `totalMs`, name. */
export function formatTable(title: string, rows: readonly Timed[], totalMs: number): string[] {
  const lines = [title];
  rows.forEach((row, i) => {
    const seconds = (row.ms / 1000).toFixed(1).padStart(6);
    const share = totalMs > 0 ? `${((100 * row.ms) / totalMs).toFixed(1).padStart(4)} %` : '';
    lines.push(`${String(i + 1).padStart(3)}. ${seconds} s ${share}  ${row.name}`);
  });
  return lines;
}

function countFromEnv(): number {
  const raw = process.env.SLOWEST_TESTS;
  const n = raw === undefined || raw === '' ? 15 : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 15;
}

export default class SlowestReporter implements Reporter {
  private readonly count: number;

  /** vitest passes the options given as `['./tests/slowest-reporter.ts', { count: 25 }]`. */
  constructor(options: { count?: number } = {}) {
    this.count = options.count ?? countFromEnv();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (this.count === 0 || testModules.length === 0) return;
    const tests: Timed[] = [];
    const files: Timed[] = [];
    for (const module of testModules) {
      const diagnostic = module.diagnostic();
      files.push({ name: module.moduleId.replace(`${process.cwd()}/`, ''), ms: diagnostic.duration + diagnostic.collectDuration });
      for (const test of module.children.allTests()) {
        const ms = test.diagnostic()?.duration;
        if (ms !== undefined) tests.push({ name: `${test.module.relativeModuleId} > ${test.fullName}`, ms });
      }
    }
    const testTotal = tests.reduce((sum, t) => sum + t.ms, 0);
    const fileTotal = files.reduce((sum, f) => sum + f.ms, 0);
    const lines = [
      '',
      ...formatTable(`Slowest ${Math.min(this.count, tests.length)} of ${tests.length} tests (share of ${(testTotal / 1000).toFixed(1)} s summed test time):`, slowest(tests, this.count), testTotal),
      '',
      ...formatTable(`Slowest ${Math.min(5, files.length)} of ${files.length} files (tests + hooks + import):`, slowest(files, 5), fileTotal),
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
}
