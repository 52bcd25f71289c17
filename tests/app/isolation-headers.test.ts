/**
 * The COOP/COEP pair is the same everywhere it is declared: the dev and preview servers
 * (vite.config.ts), the static-host file shipped in the build (public/_headers), and the recipe in
 * docs/benchmarks.md.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import config, { ISOLATION_HEADERS } from '../../vite.config';

const lines = Object.entries(ISOLATION_HEADERS).map(([k, v]) => `${k}: ${v}`);

describe('cross-origin isolation headers', () => {
  it('are same-origin COOP and require-corp COEP', () => {
    expect(ISOLATION_HEADERS).toEqual({ 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' });
  });

  it('the dev and preview servers send them', () => {
    const c = config as { server?: { headers?: Record<string, string> }; preview?: { headers?: Record<string, string> } };
    expect(c.server?.headers).toMatchObject(ISOLATION_HEADERS);
    expect(c.preview?.headers).toMatchObject(ISOLATION_HEADERS);
  });

  it('public/_headers sends them for every path', () => {
    const text = readFileSync('public/_headers', 'utf8');
    expect(text).toMatch(/^\/\*$/m);
    for (const line of lines) expect(text).toContain(`  ${line}`);
  });

  it('the static-host recipe in docs/benchmarks.md names both', () => {
    const doc = readFileSync('docs/benchmarks.md', 'utf8');
    for (const line of lines) expect(doc).toContain(line);
  });
});
