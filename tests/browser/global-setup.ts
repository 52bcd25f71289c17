import type { TestProject } from 'vitest/node';
import { resolve } from 'node:path';
import { serveStatic } from './static-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await serveStatic(resolve('dist'), '/classroom/rollout-lab/');
  project.provide('baseUrl', server.url);
  return () => server.close();
}
