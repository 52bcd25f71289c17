/**
 * Node-only tfjs setup for the CLI and benchmarks: `cpu` (pure JS) or `wasm` (fastest in Node;
 * it loads its .wasm from node_modules by itself). tfjs-node does not install here.
 *
 * src/core imports only `@tensorflow/tfjs-core`, which has no kernels and no gradients. In Node the
 * gradients come from `@tensorflow/tfjs` (its CJS bundle registers all of them and the cpu backend in
 * tfjs-core's global registries); `@tensorflow/tfjs-core/dist/register_all_gradients`, which the
 * worker uses, fails under Node ESM (ERR_UNSUPPORTED_DIR_IMPORT on its extensionless imports).
 *
 * Both load on the first `useNodeBackend` call, not with this module: a command that never trains (convert,
 * summary, advantages, env, schema, samples) starts without them. Every command that runs tfjs code calls
 * `useNodeBackend` before it does. Loading every command with tfjs took about 82 MB of heap and 4.0 s for
 * `--help`; without tfjs 45 MB and 1.6 s (2026-12-05, this machine).
 *
 * On wasm the project's matrix product and segment sum replace tfjs-wasm's (src/core/policy/wasm-kernels.ts;
 * same floats); `ROLLOUT_LAB_TFJS_KERNELS=1` keeps tfjs's own, for comparisons.
 */
import { installWasmKernels } from '../core/policy/wasm-kernels';

export const NODE_BACKENDS = ['cpu', 'wasm'] as const;
export type NodeBackend = (typeof NODE_BACKENDS)[number];

/** Activates `name` and returns the backend actually in use (throws if it did not activate). */
export async function useNodeBackend(name: NodeBackend): Promise<string> {
  const tf = await import('@tensorflow/tfjs');
  await import('@tensorflow/tfjs-backend-wasm');
  const ok = await tf.setBackend(name);
  await tf.ready();
  if (!ok || tf.getBackend() !== name) throw new Error(`tfjs backend "${name}" did not activate (active: ${tf.getBackend()})`);
  if (name === 'wasm' && process.env.ROLLOUT_LAB_TFJS_KERNELS !== '1') await installWasmKernels();
  return tf.getBackend();
}
