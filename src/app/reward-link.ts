/**
 * The reward's parameters in a share link: `reward.<linkKey>=<value>` for each parameter the run
 * sets (e.g. `reward=loop-penalty&reward.loopPenalty=0.2`), read and written by the one link codec
 * (core/params/link.ts) against the entry's declared schema. A key that is not a parameter of the
 * link's reward is named and ignored.
 */
import { getReward, isRewardId } from '../core/reward/registry';
import { readLinkParams, writeLinkParams } from '../core/params/link';
import type { RunConfig } from '../core/train/config';

export const REWARD_PARAM_PREFIX = 'reward.';

/** The reward params a query carries (valid ones only); problems name the link key. */
export function parseRewardParams(query: ReadonlyMap<string, string>, reward: string, problems: string[]): Record<string, unknown> {
  const checked = readLinkParams(query, REWARD_PARAM_PREFIX, isRewardId(reward) ? getReward(reward).params : [], `reward ${reward}`);
  problems.push(...checked.problems);
  return checked.params;
}

/** Writes the run's reward parameters (those it sets) as `reward.<linkKey>`. */
export function writeRewardParams(params: URLSearchParams, run: Pick<RunConfig, 'reward' | 'rewardParams'>): void {
  if (isRewardId(run.reward)) writeLinkParams(params, REWARD_PARAM_PREFIX, getReward(run.reward).params, run.rewardParams ?? {});
}
