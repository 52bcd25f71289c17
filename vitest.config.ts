import { defineConfig } from 'vitest/config';

// Unit tests run in Node (src/core, chart layouts, stores). Browser tests have their own config.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/browser/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['tests/setup-tf-node.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module cache per worker, not one per file: a fresh process for every file cost about
    // 1.2 s of CPU each (Node, the vitest runtime and tfjs loaded again), a third of the suite's CPU
    // time. Tests therefore must not rely on a fresh module state: set the tf backend you need,
    // reset stores you fill. `npx vitest run --isolate` brings the old behaviour back to find a
    // leak between files.
    isolate: false,
    // Two workers on the two-core machine: tests are CPU-bound, and vitest's default (cores - 1)
    // left one core to the mostly idle main process.
    maxWorkers: 2,
    // The default summary, then the slowest tests and files (tests/slowest-reporter.ts; SLOWEST_TESTS=N).
    reporters: ['default', './tests/slowest-reporter.ts'],
  },
});
