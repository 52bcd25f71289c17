import { describe, expect, it } from 'vitest';
import config from '../../vite.config';

describe('the preview server', () => {
  it('sends the Content-Security-Policy header: scripts and workers from self, wasm allowed, no inline scripts, framing allowed for embeds', () => {
    const headers = (config as { preview?: { headers?: Record<string, string> } }).preview?.headers ?? {};
    const policy = headers['Content-Security-Policy'] ?? '';
    const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    // blob: only for the wasm backend's pthreads (workers it starts from blob: URLs of its own code)
    expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'blob:']);
    expect(directives['worker-src']).toEqual(["'self'", 'blob:']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toBeUndefined(); // embed=1 class links are framed by other sites
    expect(policy.split(/[\s;]+/)).not.toContain("'unsafe-eval'");
    expect(directives['default-src']).toEqual(["'self'"]);
  });
});
