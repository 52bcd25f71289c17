/**
 * The names of the loss settings (aggregation modes, KL types), without tfjs: configs, share links
 * and the UI validate against these lists without loading the tensor code.
 */

export type AggMode = 'token-mean' | 'seq-mean-token-sum' | 'seq-mean-token-mean' | 'seq-mean-token-sum-norm';

export const AGG_MODES: readonly AggMode[] = [
  'token-mean',
  'seq-mean-token-sum',
  'seq-mean-token-mean',
  'seq-mean-token-sum-norm',
];

export type KlType = 'k1' | 'abs' | 'k2' | 'k3';
/** verl's spellings: `kl` = k1, `mse` = k2, `low_var_kl` = k3. */
export type KlAlias = 'kl' | 'mse' | 'low_var_kl';
export type KlTypeName = KlType | KlAlias;

export const KL_TYPES: readonly KlType[] = ['k1', 'abs', 'k2', 'k3'];
export const KL_TYPE_NAMES: readonly KlTypeName[] = ['kl', 'k1', 'abs', 'mse', 'k2', 'low_var_kl', 'k3'];

const ALIASES: Record<KlTypeName, KlType> = {
  k1: 'k1',
  kl: 'k1',
  abs: 'abs',
  k2: 'k2',
  mse: 'k2',
  k3: 'k3',
  low_var_kl: 'k3',
};

/** Maps any of the 7 accepted names to its canonical KlType; throws on anything else (e.g. `full`). */
export function normalizeKlType(name: string): KlType {
  if (Object.prototype.hasOwnProperty.call(ALIASES, name)) return ALIASES[name as KlTypeName];
  throw new Error(`unknown KL type "${name}"; valid types: ${KL_TYPE_NAMES.join(', ')}`);
}
