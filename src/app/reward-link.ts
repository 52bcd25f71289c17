/**
 * The reward's parameters in a share link: `reward.<linkKey>=<value>` for each parameter the run
 * sets (e.g. `reward=loop-penalty&reward.loopPenalty=0.2`), validated against the entry's declared
 * schema. A key that is not a parameter of the link's reward is named and ignored.
 */
import { getReward, isRewardId, validateRewardParams } from '../core/reward/registry';
import type { RunConfig } from '../core/train/config';

export const REWARD_PARAM_PREFIX = 'reward.';

/** The reward params a query carries (valid ones only); problems name the link key. */
export function parseRewardParams(query: ReadonlyMap<string, string>, reward: string, problems: string[]): Record<string, unknown> {
  const specs = isRewardId(reward) ? getReward(reward).params : [];
  const raw: Record<string, unknown> = {};
  for (const [key, value] of query) {
    if (!key.startsWith(REWARD_PARAM_PREFIX)) continue;
    const spec = specs.find((p) => `${REWARD_PARAM_PREFIX}${p.linkKey}` === key);
    if (!spec) problems.push(`${key}: not a parameter of reward ${reward} (its parameters: ${specs.map((p) => p.linkKey).join(', ') || 'none'}); ignored`);
    else raw[spec.key] = value;
  }
  const checked = validateRewardParams(reward, raw);
  problems.push(...checked.problems.map((p) => `${REWARD_PARAM_PREFIX}${p}`));
  return checked.params;
}

/** Writes the run's reward parameters (those it sets) as `reward.<linkKey>`. */
export function writeRewardParams(params: URLSearchParams, run: Pick<RunConfig, 'reward' | 'rewardParams'>): void {
  if (!isRewardId(run.reward)) return;
  for (const spec of getReward(run.reward).params) {
    if (Object.prototype.hasOwnProperty.call(run.rewardParams ?? {}, spec.key)) {
      params.set(`${REWARD_PARAM_PREFIX}${spec.linkKey}`, String(run.rewardParams[spec.key]));
    }
  }
}
