/**
 * Memory a run needs, estimated before anything is allocated, so a size that cannot fit is refused
 * up front with a number instead of failing after a minute with wasm's "Aborted()".
 *
 *   tensors ≈ 4 B × |θ| × 5      θ, π_ref (frozen copy), Adam m and v, one gradient per variable
 *   activations ≈ 4 B × R × P × (4·D + W_dec + V·(3 + J + K)) × 3
 *                                one gradient chunk of R rows (G·B·T_max / miniBatches, at most
 *                                UPDATE_CHUNK_ROWS) at P positions: hidden layers, logits and the
 *                                lookahead/copy terms (dense on GPU backends), kept for the backward
 *                                pass (× 3: forward, kept, gradients)
 *
 * Both are upper bounds (T_max turns per trajectory); the budget per run is conservative:
 * `RUN_MEMORY_BUDGET` bytes per worker on wasm/cpu (wasm32 heaps stop well short of 4 GiB and
 * one run aborted at 1.36 GB of tensors), a little more on webgpu where tensors live on the GPU.
 */
import { getEnv } from '../env/registry';
import { COPY_KINDS, decoderWidth, LOOKAHEAD_KINDS } from '../policy/features';
import { parameterCount } from '../policy/model';
import { createVocabulary, type VocabularySpec } from '../policy/vocabulary';
import type { RunConfig } from './config';
import { formatBytes } from './memory-format';
import { envVocabulary, maxPositions } from './trainer';
import { UPDATE_CHUNK_ROWS } from './update';

const GiB = 1024 ** 3;
export const RUN_MEMORY_BUDGET: Record<string, number> = { wasm: 1.25 * GiB, cpu: 1.25 * GiB, webgpu: 2 * GiB };

export interface MemoryEstimate {
  parameters: number;
  tensorBytes: number;
  activationBytes: number;
  totalBytes: number;
}

export function estimateRunMemory(config: RunConfig, vocabulary?: VocabularySpec): MemoryEstimate {
  const V = createVocabulary(vocabulary ?? envVocabulary(config.env)).size;
  const D = config.hidden;
  const P = maxPositions(config);
  const dims = { hidden: D, hashBuckets: config.hashBuckets, vocabSize: V, maxPositions: P };
  const parameters = parameterCount(dims);
  const turns = config.maxTurns ?? getEnv(config.env).maxTurns;
  const rows = Math.min(UPDATE_CHUNK_ROWS, Math.ceil((config.groupSize * config.tasksPerIteration * turns) / config.miniBatches));
  const perPosition = 4 * D + decoderWidth(dims) + V * (3 + LOOKAHEAD_KINDS + COPY_KINDS);
  const tensorBytes = 4 * parameters * 5;
  const activationBytes = 4 * rows * P * perPosition * 3;
  return { parameters, tensorBytes, activationBytes, totalBytes: tensorBytes + activationBytes };
}

/** A plain refusal when the run would not fit on `backend`, else null. */
export function memoryRefusal(config: RunConfig, backend: string, vocabulary?: VocabularySpec): string | null {
  const budget = RUN_MEMORY_BUDGET[backend] ?? RUN_MEMORY_BUDGET.wasm;
  const m = estimateRunMemory(config, vocabulary);
  if (m.totalBytes <= budget) return null;
  return `too large for this browser: hidden ${config.hidden} × hashBuckets ${config.hashBuckets} needs about `
    + `${formatBytes(m.totalBytes)} per run (${(m.parameters / 1e6).toFixed(1)} M parameters: ${formatBytes(m.tensorBytes)} `
    + `of weights, reference copy and Adam state, ${formatBytes(m.activationBytes)} of activations), more than the `
    + `${formatBytes(budget)} a ${backend} worker can hold. Lower hidden or hashBuckets.`;
}
