import { describe, expect, it } from 'vitest';
import config from '../../vite.config';

describe('the preview server', () => {
  it('sends the Content-Security-Policy header: scripts and workers from self, wasm allowed, no inline scripts, no framing by others', () => {
    const headers = (config as { preview?: { headers?: Record<string, string> } }).preview?.headers ?? {};
    const policy = headers['Content-Security-Policy'] ?? '';
    const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directives['worker-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(policy.split(/[\s;]+/)).not.toContain("'unsafe-eval'");
    expect(directives['default-src']).toEqual(["'self'"]);
  });
});
