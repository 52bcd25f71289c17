/**
 * The one way code picks a reward function: a literal, typed registry (house style §2). Every
 * estimator trains on whichever entry `RunConfig.reward` names; the default is the environment's
 * verifiable outcome. Pickers, CLI flags (`--reward`, each param's `cliFlag`), share-link keys
 * (`reward`, `reward.<linkKey>`) and the contract tests iterate over `REWARDS`.
 *
 *   getReward('loop-penalty').turnRewards(episode, { ...defaults, loopPenalty: 0.2 })
 */
import type { ParamValue } from '../params/spec';
import { validateParams } from '../params/validate';
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

/**
 * The params of reward `id` a user supplied (JSON, link or flags), checked against its declared
 * schema (core/params): the valid overrides and one problem per rejected key, naming it and what
 * is used instead.
 */
export function validateRewardParams(id: string, raw: Record<string, unknown>): { params: Record<string, ParamValue>; problems: string[] } {
  if (!isRewardId(id)) return { params: {}, problems: Object.keys(raw).length > 0 ? [`unknown reward "${id}"; parameters ignored`] : [] };
  return validateParams(getReward(id).params, raw, { owner: `reward ${id}` }) as { params: Record<string, ParamValue>; problems: string[] };
}

/** Declared defaults ⊕ overrides: the params object `turnRewards` gets. */
export function rewardParams(id: string, overrides: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const entry = getReward(id);
  const out: Record<string, unknown> = {};
  for (const p of entry.params) out[p.key] = p.default;
  return Object.assign(out, overrides);
}
