/**
 * What an entry's declared `requires` means for a group: the plain sentence a consumer shows when
 * the group lacks an input the estimator cannot run without (EMPG: the turns' token entropies).
 */
import type { AdvantageEstimator, RequiredInput, RolloutGroup } from './types';

const WHAT: Record<RequiredInput, { field: 'entropies'; text: string }> = {
  entropies: { field: 'entropies', text: "each turn's token entropy (rollouts.v1 turns[].info.entropy)" },
};

/** null when the group has every input `entry` requires; else why it cannot be scored by it. */
export function unmetRequirement(entry: Pick<AdvantageEstimator<object>, 'label' | 'requires'>, group: RolloutGroup): string | null {
  for (const need of entry.requires ?? []) {
    const { field, text } = WHAT[need];
    const i = group.trajectories.findIndex((t) => t[field] === undefined);
    if (i >= 0) return `${entry.label} needs ${text}; trajectory ${i} has none, so this log cannot be scored by ${entry.label}`;
  }
  return null;
}
