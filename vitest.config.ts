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
    // The default summary, then the slowest tests and files (tests/slowest-reporter.ts; SLOWEST_TESTS=N).
    reporters: ['default', './tests/slowest-reporter.ts'],
  },
});
