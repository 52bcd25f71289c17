/**
 * The environment registry (house style §2): the only way code picks an environment, so the UI
 * picker, URL schema, CLI and contract tests all enumerate the same list.
 */
import { householdEnv } from './household/index';
import { scienceEnv } from './science/index';
import { shopEnv } from './shop/index';
import type { BaseEnvState, TextEnv } from './types';

export const ENVIRONMENTS = {
  'household-v0': householdEnv,
  'shop-v0': shopEnv,
  'science-v0': scienceEnv,
} as const;

export type EnvId = keyof typeof ENVIRONMENTS;

export const ENV_IDS = Object.keys(ENVIRONMENTS) as EnvId[];

/** Adds an environment at run time (tests only; see registerEstimator); returns its remover. */
export function registerEnv(env: TextEnv<BaseEnvState>): () => void {
  if (isEnvId(env.id)) throw new Error(`environment '${env.id}' is already registered`);
  const table = ENVIRONMENTS as unknown as Record<string, TextEnv<BaseEnvState>>;
  const ids = ENV_IDS as string[];
  table[env.id] = env;
  ids.push(env.id);
  return () => {
    delete table[env.id];
    ids.splice(ids.indexOf(env.id), 1);
  };
}

export function isEnvId(id: string): id is EnvId {
  return Object.prototype.hasOwnProperty.call(ENVIRONMENTS, id);
}

/** The environment with this id; throws an error that lists the valid ids. */
export function getEnv(id: string): TextEnv<BaseEnvState> {
  if (!isEnvId(id)) throw new RangeError(`unknown environment "${id}"; valid ids: ${ENV_IDS.join(', ')}`);
  return ENVIRONMENTS[id] as unknown as TextEnv<BaseEnvState>;
}
