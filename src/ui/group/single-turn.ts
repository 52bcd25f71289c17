/**
 * A single-turn group (T_i = 1 for every member: one completion each, the common GRPO case) as the
 * completions table shows it: per member the response, L (marked approximate when estimated), R,
 * the numeric reward fields the reader kept (whatever numbers are in the record's and the turn's
 * `info`, one level of nesting flattened as `a.b`), and, for each compared estimator whose
 * declared combination has two or more terms, each term's value and the order it puts the
 * successes in (rank 1 = highest). The order by L among the successes (shortest first) sits beside
 * them: PlanPO's α·A^S (R^S = R/L) ranks the shorter successes above the longer ones. Pure.
 */
import { lanesOf, type Lane, type ScoredRecord } from '../model/advantage-lanes';

export interface Completion {
  member: number;
  success: boolean;
  /** R(τ_i) */
  reward: number;
  /** L_{i,0} */
  length: number;
  lengthEstimated: boolean;
  response: string;
  /** Numeric reward fields by name (absent names: the member has no such field). */
  fields: Record<string, number>;
  /** Rank among the successes by L, shortest first (null for a failure). */
  lengthRank: number | null;
}

export interface TermRanking {
  key: string;
  estimator: string;
  /** e.g. `PlanPO α·A^S` */
  label: string;
  /** The term's value per member (its one response). */
  values: number[];
  /** Rank among the successes, highest value first (null for failures). */
  ranks: Array<number | null>;
}

export interface SingleTurnView {
  completions: Completion[];
  /** Reward field names, first-seen order. */
  fieldNames: string[];
  terms: TermRanking[];
}

export function isSingleTurn(group: readonly ScoredRecord[]): boolean {
  return group.length > 0 && group.every((r) => r.turns.length === 1);
}

const TIE = 1e-9;

/**
 * Competition ranks ("1, 1, 3") of `values` at the positions `included`, by `better` first;
 * null elsewhere.
 */
export function ranksAmong(values: readonly number[], included: readonly boolean[], order: 'high-first' | 'low-first'): Array<number | null> {
  const sign = order === 'high-first' ? -1 : 1;
  const chosen = values.map((_, k) => k).filter((k) => included[k]);
  return values.map((v, k) => {
    if (!included[k]) return null;
    return 1 + chosen.filter((j) => sign * (values[j] - v) < -TIE).length;
  });
}

function numericFields(source: unknown, prefix: string, out: Record<string, number>): void {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
  for (const [key, value] of Object.entries(source)) {
    if (prefix === '' && key === 'line') continue; // where the row sits in the file, not a value of the completion
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'number' && Number.isFinite(value)) out[name] = value;
    else if (prefix === '' && typeof value === 'object') numericFields(value, name, out);
  }
}

/** The numbers in the record's and its turn's `info` (the turn's win on a shared name), but the source line. */
export function rewardFields(record: ScoredRecord): Record<string, number> {
  const out: Record<string, number> = {};
  numericFields((record as { info?: unknown }).info, '', out);
  numericFields(record.turns[0]?.info, '', out);
  return out;
}

function termsOf(group: readonly ScoredRecord[], estimators: readonly string[], successes: boolean[]): TermRanking[] {
  const lanes: Lane[][] = group.map((r) => lanesOf(r, estimators).filter((l) => l.kind === 'part'));
  return (lanes[0] ?? []).map((lane, n) => {
    const values = lanes.map((ls) => ls[n]?.perTurn[0] ?? NaN);
    return { key: lane.key, estimator: lane.estimator, label: lane.label, values, ranks: ranksAmong(values, successes, 'high-first') };
  });
}

export function singleTurnView(group: readonly ScoredRecord[], estimators: readonly string[]): SingleTurnView {
  const successes = group.map((r) => r.outcome.success);
  const lengths = group.map((r) => r.turns[0].response_tokens ?? 0);
  const lengthRanks = ranksAmong(lengths, successes, 'low-first');
  const fieldNames: string[] = [];
  const completions = group.map((r, member): Completion => {
    const fields = rewardFields(r);
    for (const name of Object.keys(fields)) if (!fieldNames.includes(name)) fieldNames.push(name);
    return {
      member, success: r.outcome.success, reward: r.outcome.episode_reward, length: lengths[member],
      lengthEstimated: r.turns[0].response_tokens_estimated === true || r.estimated_tokens === true,
      response: r.turns[0].response, fields, lengthRank: lengthRanks[member],
    };
  });
  return { completions, fieldNames, terms: termsOf(group, estimators, successes) };
}
