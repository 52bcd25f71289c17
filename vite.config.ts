import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Relative base: the static build works from any sub-path. Every asset, the tfjs wasm binaries
// included, is bundled and served from our own origin.
export default defineConfig({
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
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
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
