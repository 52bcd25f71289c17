/**
 * The policy's weights by name and shape, without tfjs: what checkpoints, run files and saved labs
 * read on the page's main thread (which loads no tfjs). model.ts re-exports all of it.
 */
import { COPY_KINDS, decoderWidth, LOOKAHEAD_KINDS, type FeatureDims } from './features';

export interface ModelDims extends FeatureDims {
  hidden: number;
}

export const WEIGHT_NAMES = [
  'encW', 'encB', 'decW', 'decB', 'hidW', 'hidB', 'outW', 'outB', 'gateW', 'lookW', 'valW', 'valB', 'critW', 'critB',
] as const;
/** The critic's weights: trained only by the value loss, never read by π. */
export const CRITIC_WEIGHTS: readonly WeightName[] = ['critW', 'critB', 'valW', 'valB'];
export type WeightName = (typeof WEIGHT_NAMES)[number];

/** Weights as plain data (checkpoints, init). */
export interface WeightData {
  shape: number[];
  data: Float32Array;
}
export type WeightsData = Record<WeightName, WeightData>;

export function weightShapes(d: ModelDims): Record<WeightName, number[]> {
  const D = d.hidden;
  const V = d.vocabSize;
  return {
    encW: [d.hashBuckets, D], encB: [D],
    decW: [decoderWidth(d), D], decB: [D],
    hidW: [D, D], hidB: [D],
    outW: [D, V], outB: [V],
    gateW: [D, COPY_KINDS],
    lookW: [D, LOOKAHEAD_KINDS],
    valW: [D, 1], valB: [1],
    critW: [d.hashBuckets, D], critB: [D],
  };
}

export function parameterCount(d: ModelDims): number {
  return Object.values(weightShapes(d)).reduce((s, shape) => s + shape.reduce((a, b) => a * b, 1), 0);
}

