import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.md': 'text/markdown; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Cross-origin isolation, as vite.config.ts's ISOLATION_HEADERS (dev and preview servers): browser
 * tests see an isolated page, so the trainer worker runs wasm with threads.
 */
const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

export interface StaticOptions {
  /** false: no COOP/COEP headers. */
  isolated?: boolean;
  /** Changes a file's bytes as served (its path under `root`, e.g. `sw.js`): a test's "new build". */
  rewrite?: (path: string, body: Buffer) => Buffer;
  /** Other folders served at the same origin: a sub-path of the prefix (`data/`) → its folder (a bench's generated files, fetched by the page). */
  mounts?: Record<string, string>;
}

/**
 * Serves `root` under a sub-path (e.g. /some/sub/path/), so tests prove the build's relative base.
 * Requests outside the prefix get 404. `isolated: false` leaves out the COOP/COEP headers.
 * `close()` also drops open keep-alive connections: after it, the site is unreachable.
 */
export async function serveStatic(root: string, prefix: string, options: StaticOptions = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const extra = options.isolated === false ? {} : ISOLATION;
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('outside the served prefix');
      return;
    }
    const rel = path.slice(prefix.length);
    const mount = Object.keys(options.mounts ?? {}).find((m) => rel.startsWith(m));
    const base = mount === undefined ? root : options.mounts![mount];
    let file = normalize(join(base, mount === undefined ? rel : rel.slice(mount.length)));
    if (!file.startsWith(normalize(base))) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const raw = await readFile(file);
      const body = options.rewrite ? options.rewrite(path.slice(prefix.length), raw) : raw;
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...extra }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
