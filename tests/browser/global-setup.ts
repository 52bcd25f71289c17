import type { TestProject } from 'vitest/node';
import { resolve } from 'node:path';
import { TEST_RUN_ENV } from './browser';
import { serveStatic } from './static-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Once per run: serve dist/ under a sub-path, and tell the test workers (through TEST_RUN_ENV, which they inherit)
 * that this is the test run: each worker process then launches one Chromium of each kind its files ask for
 * and every file shares it (launchChromium in browser.ts).
 */
export default async function setup(project: TestProject) {
  const server = await serveStatic(resolve('dist'), '/classroom/rollout-lab/');
  project.provide('baseUrl', server.url);
  process.env[TEST_RUN_ENV] = '1';
  return () => server.close();
}
