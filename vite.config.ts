import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';

/**
 * The page's Content-Security-Policy. Scripts only from our origin, plus 'wasm-unsafe-eval' for the
 * tfjs wasm backend (WebAssembly.instantiate); workers from our origin; no inline scripts. Styles
 * allow 'unsafe-inline' because KaTeX writes style attributes into its HTML and the series palette
 * installs a generated stylesheet; fonts and images from our origin (data: for the small assets the
 * build inlines, blob: for exported pictures). The build injects it as a meta tag (vite.config.ts),
 * and the preview server also sends it as a header, with the directives a meta tag cannot carry.
 * tests/browser/csp.test.ts trains under it and checks that an injected inline script is blocked.
 * blob: in script-src and worker-src is for wasm threads only: tfjs-backend-wasm starts its pthreads
 * as workers from blob: URLs that its own code creates (never from page content).
 */
const CSP_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self' 'wasm-unsafe-eval' blob:",
  'worker-src': "'self' blob:",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
};

/**
 * Directives that only work as a header (a meta tag ignores them, with a console warning). No
 * frame-ancestors: class links with embed=1 are meant to be framed by course pages on other sites.
 */
const HEADER_ONLY: Record<string, string> = {};

const join = (d: Record<string, string>) => Object.entries(d).map(([k, v]) => `${k} ${v}`).join('; ');

/** The policy for the `<meta http-equiv="Content-Security-Policy">` tag. */
const CSP_META = join(CSP_DIRECTIVES);
/** The policy for the Content-Security-Policy response header. */
const CSP_HEADER = join({ ...CSP_DIRECTIVES, ...HEADER_ONLY });

/** The Content-Security-Policy as the first tag of every built page (not in dev: HMR injects inline scripts). */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP_META }, injectTo: 'head-prepend' }],
  };
}

/**
 * Cross-origin isolation (SharedArrayBuffer, hence wasm threads in the trainer worker). The dev and
 * preview servers and the browser tests' static server send these; static hosts need them too
 * (docs/benchmarks.md, "wasm threads", has the recipe). Every asset is same-origin, so
 * require-corp blocks nothing.
 */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * tfjs-backend-wasm starts its pthreads from `wasmFactoryThreadedSimd.toString()`. Minified, that
 * function refers to names outside itself and every pthread throws, so `setBackend('wasm')` never
 * resolves on an isolated page (tfjs-notes.md, pitfall 6). This puts the factory's original source
 * (from the package) in place of the toString() call; the rest of the bundle stays minified.
 */
function wasmThreadsFactorySource(): Plugin {
  const glue = createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm-threaded-simd.js');
  return {
    name: 'wasm-threads-factory-source',
    apply: 'build',
    transform(code, id) {
      if (!/tfjs-backend-wasm[\\/]dist[\\/]backend_wasm\.js/.test(id)) return null;
      const call = 'wasmFactoryThreadedSimd.toString()';
      const text = readFileSync(glue, 'utf8');
      const start = text.indexOf('function(WasmBackendModuleThreadedSimd)');
      const end = text.lastIndexOf('\n);\n})();');
      if (!code.includes(call) || start < 0 || end < start) this.error(`tfjs-backend-wasm changed: cannot keep the threaded factory's source (${id})`);
      return { code: code.replace(call, JSON.stringify(text.slice(start, end))), map: null };
    },
  };
}

/**
 * Offline after the first visit (vite-plugin-pwa, generating a Workbox service worker). The first
 * visit precaches what the lab's first screen needs: the page, its scripts and styles, the trainer
 * worker, the tfjs wasm binaries, KaTeX's woff2 fonts, the icons and the recorded classroom runs
 * (about 8 MB; `dist/sw.js` lists them). What only other views or buttons use is cached the first
 * time it is fetched: the import worker and the other hashed assets (cache-first: a hashed name never
 * changes), shipped experiment results, samples and the recorded run files behind "Continue"
 * (stale-while-revalidate). registerType 'prompt': a new build waits until the reader presses
 * "Reload" in the update prompt (src/app/pwa.ts), so a lesson is never reloaded under a student.
 * The service worker caches whole responses, headers included, so the COOP/COEP headers the wasm
 * threads need come back with the cached page; tests/browser/offline.test.ts trains offline.
 */
const pwa = () => VitePWA({
  registerType: 'prompt',
  injectRegister: null, // src/app/pwa.ts registers it (no inline script: the CSP forbids one)
  includeAssets: ['favicon.svg', 'icons/*.png', 'icons/*.svg', 'recorded/*.gz'],
  manifest: {
    name: 'Rollout Lab',
    short_name: 'Rollout Lab',
    description: 'Watch GRPO and PlanPO train a small policy on text environments, in your browser.',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0072b2',
    icons: [
      { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['index.html', 'assets/*.{js,css,wasm,woff2}'],
    // Not on the lab's first screen: cached when first used (runtimeCaching below). The benchmark page is never cached.
    globIgnores: ['**/import.worker-*', '**/concepts.worker-*', '**/run-file.worker-*', '**/bench-*', 'src/**'],
    navigateFallback: 'index.html',
    // Only the app's own address (its folder or index.html, with any query) is answered with the
    // cached page; any other page of the origin (robots.txt, a course page framing the lab, the
    // benchmark page) goes to the network as usual.
    navigateFallbackAllowlist: [/\/(index\.html)?(\?.*)?$/],
    navigateFallbackDenylist: [/bench\.html$/],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.includes('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'rollout-lab-assets', expiration: { maxEntries: 200 } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/(recorded|samples|experiments|schemas)\//.test(url.pathname),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'rollout-lab-data', expiration: { maxEntries: 100 } },
      },
    ],
  },
});

// Relative base: the static build works from any sub-path. Every asset, the tfjs wasm binaries
// included, is bundled and served from our own origin.
export default defineConfig({
  base: './',
  plugins: [react(), contentSecurityPolicy(), pwa()],
  worker: { format: 'es', plugins: () => [wasmThreadsFactorySource()] }, // worker bundles take only these plugins
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    // Shipped results files are fetched, and the CSP's connect-src 'self' refuses data: URLs: never inline a .json.
    assetsInlineLimit: (file: string) => (file.endsWith('.json') ? false : undefined),
    // The lab, plus the benchmark page that `npm run bench` drives (also usable by hand).
    rollupOptions: { input: { main: 'index.html', bench: 'src/bench/bench.html' } },
  },
  optimizeDeps: {
    // Worker-only dependencies, listed so the dev server does not reload mid-session when it finds them.
    include: [
      '@tensorflow/tfjs-core', '@tensorflow/tfjs-core/dist/register_all_gradients', '@tensorflow/tfjs-backend-cpu',
      '@tensorflow/tfjs-backend-webgpu', '@tensorflow/tfjs-backend-wasm', 'comlink',
    ],
  },
  server: { host: '127.0.0.1', headers: ISOLATION_HEADERS },
  preview: { host: '127.0.0.1', headers: { 'Content-Security-Policy': CSP_HEADER, ...ISOLATION_HEADERS } },
});
