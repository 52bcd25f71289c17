/**
 * The one way code picks a reward function: a literal, typed registry (house style §2). Every
 * estimator trains on whichever entry `RunConfig.reward` names; the default is the environment's
 * verifiable outcome. Pickers, CLI flags (`--reward`, each param's `cliFlag`), share-link keys
 * (`reward`, `reward.<linkKey>`) and the contract tests iterate over `REWARDS`.
 *
 *   getReward('loop-penalty').turnRewards(episode, { ...defaults, loopPenalty: 0.2 })
 */
import type { ParamValue } from '../advantage/spec';
import { checkParam, describeParam } from '../advantage/params';
import { keywordProxyReward } from './keyword-proxy';
import { loopPenaltyReward } from './loop-penalty';
import { outcomeReward } from './outcome';
import type { RewardFunction } from './types';

export type AnyRewardFunction = RewardFunction<object>;

export const REWARDS = {
  outcome: outcomeReward,
  'loop-penalty': loopPenaltyReward,
  'keyword-proxy': keywordProxyReward,
} as const satisfies Record<string, AnyRewardFunction>;

export type RewardId = keyof typeof REWARDS;
export const REWARD_IDS = Object.keys(REWARDS) as RewardId[];
export const DEFAULT_REWARD: RewardId = 'outcome';

export function isRewardId(id: string): id is RewardId {
  return Object.prototype.hasOwnProperty.call(REWARDS, id);
}

/** The entry for `id`; an unknown id throws an error listing the valid ones. */
export function getReward(id: string): AnyRewardFunction {
  if (!isRewardId(id)) throw new Error(`unknown reward '${id}'; known: ${REWARD_IDS.join(', ')}`);
  return REWARDS[id] as AnyRewardFunction;
}

const show = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v));

/**
 * The params of reward `id` a user supplied (JSON, link or flags), checked against its declared
 * schema: the valid overrides and one problem per rejected key, naming it and what is used instead.
 */
export function validateRewardParams(id: string, raw: Record<string, unknown>): { params: Record<string, ParamValue>; problems: string[] } {
  const params: Record<string, ParamValue> = {};
  const problems: string[] = [];
  if (!isRewardId(id)) {
    if (Object.keys(raw).length > 0) problems.push(`unknown reward "${id}"; parameters ignored`);
    return { params, problems };
  }
  const entry = getReward(id);
  for (const [key, value] of Object.entries(raw)) {
    const spec = entry.params.find((p) => p.key === key);
    if (!spec) {
      problems.push(`${key}: not a parameter of reward ${id} (its parameters: ${entry.params.map((p) => p.key).join(', ') || 'none'}); ignored`);
      continue;
    }
    const ok = checkParam(spec, value);
    if (ok === undefined) problems.push(`${key}: expected ${describeParam(spec)}, got ${show(value)}; using ${show(spec.default)}`);
    else params[key] = ok;
  }
  return { params, problems };
}

/** Declared defaults ⊕ overrides: the params object `turnRewards` gets. */
export function rewardParams(id: string, overrides: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const entry = getReward(id);
  const out: Record<string, unknown> = {};
  for (const p of entry.params) out[p.key] = p.default;
  return Object.assign(out, overrides);
}
