import type { TestProject } from 'vitest/node';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, SHARED_CHROMIUM_ENV } from './browser';
import { serveStatic } from './static-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Once per run: serve dist/ under a sub-path, and launch the two Chromiums every file shares
 * (plain and with WebGPU); files connect to them through launchChromium (browser.ts).
 */
export default async function setup(project: TestProject) {
  const server = await serveStatic(resolve('dist'), '/classroom/rollout-lab/');
  project.provide('baseUrl', server.url);
  const [plain, webgpu] = await Promise.all([
    chromium.launchServer(chromiumLaunchOptions({ webgpu: false }, true)),
    chromium.launchServer(chromiumLaunchOptions({ webgpu: true }, true)),
  ]);
  process.env[SHARED_CHROMIUM_ENV] = JSON.stringify({ plain: plain.wsEndpoint(), webgpu: webgpu.wsEndpoint() });
  return async () => {
    await Promise.all([plain.close(), webgpu.close(), server.close()]);
  };
}
