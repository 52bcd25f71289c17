/**
 * rollouts.v1 records → the estimators' `RolloutGroup`s, one per `group_id`.
 *
 * Field mapping (TrajectorySummary ← rollouts.v1):
 *   success            ← outcome.success
 *   reward  R(τ_i)     ← outcome.episode_reward (the sum of step rewards: 10 or 0 on verl-agent's
 *                        ALFWorld scale; whatever scale the file uses is kept as is)
 *   numTurns  T_i      ← outcome.num_turns, which must equal turns.length
 *   numTokens L_{i,t}  ← turns[t].response_tokens
 *   turnRewards        ← turns[t].reward
 *   anchorObservations ← turns[t].observation
 *   actionValid        ← turns[t].format_valid (only when some turn sets it; a missing value = valid)
 *   entropies H_{i,t}  ← turns[t].info.entropy, the turn's mean token entropy (only when EVERY turn has
 *                        a finite number ≥ 0 there; otherwise absent, and EMPG says it cannot score it)
 *
 * Choices a reader could get wrong:
 * - A missing `response_tokens` is an error for that trajectory by default: guessing L would
 *   silently change PlanPO's A^S. `missingTokens: 'whitespace'` opts into counting the
 *   whitespace-separated words of `response` instead (an empty response counts as 1).
 *   `'later'` puts 1 there as a placeholder, for a caller that fills the real counts in before the
 *   summary is scored (the import session with deferred token estimates).
 * - L_{i,t} must be ≥ 1 (it divides R^S); T_i must be ≥ 1.
 * - `outcome.num_turns ≠ turns.length` is an error: the estimators use T_i both as the paper's
 *   divisor and as the number of responses, so a "valid turns only" count cannot be represented.
 * - A trajectory that fails is left out of its group and reported; the rest of the group is still
 *   scored (with one member fewer), as is a group whose other lines failed to parse.
 * - A repeated traj_id within a group is reported and the later copy left out.
 */
import type { RolloutGroup, TrajectorySummary } from '../advantage/types';
import type { LocatedRecord } from './read-rollouts';
import type { RolloutTrajectoryV1 } from './rollouts-v1';

export type MissingTokens = 'error' | 'whitespace' | 'later';

export interface ToGroupOptions {
  /** What to do when turns[].response_tokens is missing (default 'error'). */
  missingTokens?: MissingTokens;
}

export interface ConvertedGroup {
  groupId: string;
  /** The records behind `group.trajectories`, same order (input order). */
  members: LocatedRecord[];
  group: RolloutGroup;
}

export interface ConversionError {
  line: number;
  index?: number;
  groupId: string;
  trajId: string;
  message: string;
}

export type SummaryResult = { ok: true; summary: TrajectorySummary } | { ok: false; message: string };

/** Whitespace-separated words of a response, at least 1. */
export function whitespaceTokenCount(response: string): number {
  return Math.max(1, response.split(/\s+/).filter((w) => w.length > 0).length);
}

function tokenCounts(record: RolloutTrajectoryV1, missing: MissingTokens): { ok: true; counts: number[] } | { ok: false; message: string } {
  const absent = record.turns.flatMap((turn, t) => (turn.response_tokens === undefined ? [t] : []));
  if (absent.length > 0 && missing === 'error') {
    const list = absent.length > 5 ? `${absent.slice(0, 5).join(', ')}, … (${absent.length} turns)` : absent.join(', ');
    return { ok: false, message: `turns[].response_tokens (L_{i,t}) is missing for turn ${list}; add token counts to the export` };
  }
  const counts = record.turns.map((turn) => turn.response_tokens ?? (missing === 'later' ? 1 : whitespaceTokenCount(turn.response)));
  const zero = counts.findIndex((L) => L < 1);
  if (zero >= 0) return { ok: false, message: `turns[${zero}].response_tokens is 0; L_{i,t} must be ≥ 1 (it divides R^S)` };
  return { ok: true, counts };
}

/** One record as the estimators see it, or why it cannot be. */
export function toTrajectorySummary(record: RolloutTrajectoryV1, options: ToGroupOptions = {}): SummaryResult {
  const { outcome, turns } = record;
  if (turns.length === 0) return { ok: false, message: 'has no turns; T_i must be ≥ 1' };
  if (outcome.num_turns !== turns.length) {
    return { ok: false, message: `outcome.num_turns is ${outcome.num_turns} but there are ${turns.length} turns; they must agree (T_i)` };
  }
  const tokens = tokenCounts(record, options.missingTokens ?? 'error');
  if (!tokens.ok) return tokens;
  const summary: TrajectorySummary = {
    success: outcome.success,
    reward: outcome.episode_reward,
    numTurns: outcome.num_turns,
    numTokens: tokens.counts,
    turnRewards: turns.map((turn) => turn.reward),
    anchorObservations: turns.map((turn) => turn.observation),
  };
  if (turns.some((turn) => turn.format_valid !== undefined)) {
    summary.actionValid = turns.map((turn) => turn.format_valid ?? true);
  }
  const entropies = turns.map((turn) => turn.info?.entropy);
  if (entropies.every((h): h is number => typeof h === 'number' && Number.isFinite(h) && h >= 0)) summary.entropies = entropies;
  return { ok: true, summary };
}

/**
 * Where outcome.success and episode_reward R disagree, both ways: a failure with R > 0, or a
 * success with R ≤ 0. Such a record is scored as given (the file may mean it), so this is a warning
 * for the reader, worded the same in the CLI and the lab; null when they agree.
 */
export function outcomeDisagreement(outcome: { success: boolean; episode_reward: number }): string | null {
  const { success, episode_reward: reward } = outcome;
  if (!success && reward > 0) return `outcome.success is false but episode_reward is ${reward} > 0; scored as given (success-conditioned estimators treat it as a failure)`;
  if (success && reward <= 0) return `outcome.success is true but episode_reward is ${reward} ≤ 0; scored as given (success-conditioned estimators treat it as a success, reward-based ones see no reward)`;
  return null;
}

/**
 * One note for a whole file (the lab's import summary, `convert`): how many records' success and
 * reward disagree each way, and the first one's warning; null when none do.
 */
export function outcomeDisagreementNote(records: readonly RolloutTrajectoryV1[]): string | null {
  let successes = 0;
  let failures = 0;
  let first: string | null = null;
  for (const record of records) {
    const message = outcomeDisagreement(record.outcome);
    if (message === null) continue;
    if (record.outcome.success) successes++;
    else failures++;
    first ??= `traj "${record.traj_id}" of group "${record.group_id}": ${message}`;
  }
  if (first === null) return null;
  const n = successes + failures;
  return `${n} ${n === 1 ? 'trajectory has' : 'trajectories have'} outcome.success and episode_reward that disagree (${successes} success${successes === 1 ? '' : 'es'} with R ≤ 0, ${failures} failure${failures === 1 ? '' : 's'} with R > 0); the first, ${first}`;
}

/** Groups records by group_id (first-appearance order) and converts each member. */
export function toRolloutGroups(
  records: readonly LocatedRecord[],
  options: ToGroupOptions = {},
): { groups: ConvertedGroup[]; errors: ConversionError[]; warnings: ConversionError[] } {
  const byId = new Map<string, ConvertedGroup>();
  const seen = new Map<string, Map<string, LocatedRecord>>(); // group → traj_id → first copy: O(1) per record
  const errors: ConversionError[] = [];
  const warnings: ConversionError[] = [];
  for (const located of records) {
    const { group_id: groupId, traj_id: trajId } = located.record;
    const fail = (message: string) => errors.push({ line: located.line, index: located.index, groupId, trajId, message });
    let entry = byId.get(groupId);
    let ids = seen.get(groupId);
    if (entry === undefined || ids === undefined) {
      entry = { groupId, members: [], group: { trajectories: [] } };
      ids = new Map();
      byId.set(groupId, entry);
      seen.set(groupId, ids);
    }
    const earlier = ids.get(trajId);
    if (earlier !== undefined) {
      fail(`duplicate traj_id "${trajId}" in group "${groupId}" (first on line ${earlier.line}); this copy is skipped`);
      continue;
    }
    const converted = toTrajectorySummary(located.record, options);
    if (!converted.ok) {
      fail(converted.message);
      continue;
    }
    ids.set(trajId, located);
    const disagreement = outcomeDisagreement(located.record.outcome);
    if (disagreement !== null) warnings.push({ line: located.line, index: located.index, groupId, trajId, message: disagreement });
    entry.members.push(located);
    entry.group.trajectories.push(converted.summary);
  }
  const groups = [...byId.values()].filter((g) => g.members.length > 0);
  return { groups, errors, warnings };
}
