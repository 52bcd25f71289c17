/**
 * "Successful but circuitous": which successes in a rollout group took the long way, and where.
 * Works on rollouts.v1 records (plus the trainer's `oracle_turns`); pure, no DOM.
 *
 * A success is circuitous when T_i > T* + slack (T* = the oracle's shortest plan) or when it is
 * longer than the group's quickest success. Without an oracle (imported groups) the group's
 * quickest success is the reference and the slack applies to it: T_i > T_min + slack.
 * Independently of success, turns are marked where the
 * agent arrives again at a place it already visited (from `turns[].info.location`, or `go to X`
 * commands when the environment reports no location), repeats its previous command, or sends a
 * command that changes nothing.
 */
import type { RolloutTrajectoryV1 } from '../../core/io/rollouts-v1';
import { getEnv, isEnvId } from '../../core/env/registry';

export type CircuitousRecord = Pick<RolloutTrajectoryV1, 'turns' | 'outcome'> & { oracle_turns?: number; env?: { name: string } };

export type TurnMarkKind = 'revisit' | 'repeat' | 'no-effect';

export interface TurnMark {
  t: number;
  kind: TurnMarkKind;
  /** Short words for the turn, e.g. `back at countertop 1 (3rd visit)`. */
  text: string;
}

export interface Verdict {
  success: boolean;
  numTurns: number;
  oracleTurns: number | null;
  /** T of the group's quickest success (null: no success in the group). */
  groupShortest: number | null;
  /** What "circuitous" was measured against: the oracle's T* (+ slack), or the group's quickest success (+ slack). */
  reference: 'oracle' | 'group-shortest';
  circuitous: boolean;
  /** Why it is flagged, one rule per entry (empty unless circuitous). */
  reasons: string[];
  /** The whole story in words: "succeeded in 14 turns; the shortest plan takes 5; revisited …". */
  summary: string;
  marks: TurnMark[];
  /** Arrivals beyond the first, per place. */
  revisits: Record<string, number>;
}

export interface CircuitousOptions {
  /** Turns a success may exceed T* by before it counts as circuitous. */
  slack: number;
}

/** ALFWorld's no-op text: used for records of environments this app does not know (imports). */
const ALFWORLD_NO_OP = 'Nothing happens.';

/** The record's environment's declared no-op feedback (null: it has none). */
export function noOpFeedbackOf(record: CircuitousRecord): string | null {
  const name = record.env?.name;
  return name !== undefined && isEnvId(name) ? getEnv(name).noOpFeedback : ALFWORLD_NO_OP;
}
const WORDS = ['never', 'once', 'twice', 'three times', 'four times', 'five times', 'six times', 'seven times', 'eight times', 'nine times', 'ten times'];

export function countWord(n: number): string {
  return n < WORDS.length ? WORDS[n] : `${n} times`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** Where the agent is after each turn (null: unknown / no place). */
export function locationsOf(record: CircuitousRecord): Array<string | null> {
  const noOp = noOpFeedbackOf(record);
  const reported = record.turns.some((turn) => turn.info !== undefined && 'location' in turn.info);
  let here: string | null = null;
  return record.turns.map((turn) => {
    if (reported) {
      const loc = turn.info?.location;
      here = typeof loc === 'string' ? loc : null;
    } else {
      const go = /^go to (.+)$/.exec(turn.action?.trim() ?? '');
      if (go && (noOp === null || turn.feedback !== noOp)) here = go[1];
    }
    return here;
  });
}

/** Revisit, repeat and no-effect marks, in turn order. */
export function turnMarks(record: CircuitousRecord): { marks: TurnMark[]; revisits: Record<string, number> } {
  const noOp = noOpFeedbackOf(record);
  const marks: TurnMark[] = [];
  const visits = new Map<string, number>();
  const revisits: Record<string, number> = {};
  const places = locationsOf(record);
  record.turns.forEach((turn, t) => {
    const place = places[t];
    if (place !== null && place !== (t > 0 ? places[t - 1] : null)) {
      const n = (visits.get(place) ?? 0) + 1;
      visits.set(place, n);
      if (n > 1) {
        revisits[place] = n - 1;
        marks.push({ t: turn.t, kind: 'revisit', text: `back at ${place} (${ordinal(n)} visit)` });
      }
    }
    const previous = t > 0 ? record.turns[t - 1].action : null;
    if (turn.action && turn.action === previous) marks.push({ t: turn.t, kind: 'repeat', text: `repeats "${turn.action}"` });
    if ((noOp !== null && turn.feedback === noOp) || turn.action_admissible === false) {
      marks.push({ t: turn.t, kind: 'no-effect', text: 'this command changed nothing' });
    }
  });
  return { marks, revisits };
}

function detourWords(revisits: Record<string, number>, marks: TurnMark[]): string[] {
  const out: string[] = [];
  const places = Object.entries(revisits).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (places.length > 0) {
    const named = places.slice(0, 2).map(([place, n]) => `${place} ${countWord(n)}`);
    const rest = places.length - 2;
    const more = rest > 0 ? ` (and ${rest} more place${rest === 1 ? '' : 's'})` : '';
    out.push(`revisited ${named.join(' and ')}${more}`);
  }
  const repeats = marks.filter((m) => m.kind === 'repeat').length;
  if (repeats > 0) out.push(`repeated its previous command ${countWord(repeats)}`);
  const noops = marks.filter((m) => m.kind === 'no-effect').length;
  if (noops > 0) out.push(`${noops} command${noops === 1 ? '' : 's'} changed nothing`);
  return out;
}

function verdictOf(record: CircuitousRecord, groupShortest: number | null, options: CircuitousOptions): Verdict {
  const success = record.outcome.success;
  const numTurns = record.turns.length;
  const oracleTurns = typeof record.oracle_turns === 'number' ? record.oracle_turns : null;
  const { marks, revisits } = turnMarks(record);
  const reasons: string[] = [];
  if (success && oracleTurns !== null && numTurns > oracleTurns + options.slack) {
    reasons.push(`T = ${numTurns} is more than T* + slack = ${oracleTurns} + ${options.slack}`);
  }
  if (success && oracleTurns !== null && groupShortest !== null && numTurns > groupShortest) {
    reasons.push(`longer than the group's quickest success (${groupShortest} turns)`);
  }
  if (success && oracleTurns === null && groupShortest !== null && numTurns > groupShortest + options.slack) {
    reasons.push(`T = ${numTurns} is more than the group's quickest success + slack = ${groupShortest} + ${options.slack}`);
  }
  const parts = [success ? `succeeded in ${numTurns} turns` : `failed after ${numTurns} turns`];
  if (oracleTurns !== null) parts.push(`the shortest plan takes ${oracleTurns}`);
  if (success && groupShortest !== null && groupShortest < numTurns && groupShortest !== oracleTurns) {
    parts.push(`the group's quickest success took ${groupShortest}`);
  }
  parts.push(...detourWords(revisits, marks));
  return {
    success, numTurns, oracleTurns, groupShortest, reference: oracleTurns === null ? 'group-shortest' : 'oracle', circuitous: reasons.length > 0, reasons,
    summary: parts.join('; '), marks, revisits,
  };
}

/**
 * Verdicts per group (the group array, read-only) and slack: the group view, the divergence scatters and the tour
 * analyse the same group once between them, and get the same array back.
 */
const analyzed = new WeakMap<readonly CircuitousRecord[], Map<number, Verdict[]>>();

/** One verdict per trajectory of the group, in the group's order. */
export function analyzeGroup(records: readonly CircuitousRecord[], options: CircuitousOptions): Verdict[] {
  let bySlack = analyzed.get(records);
  if (!bySlack) analyzed.set(records, (bySlack = new Map()));
  let verdicts = bySlack.get(options.slack);
  if (!verdicts) {
    const successes = records.filter((r) => r.outcome.success).map((r) => r.turns.length);
    const groupShortest = successes.length > 0 ? Math.min(...successes) : null;
    bySlack.set(options.slack, (verdicts = records.map((r) => verdictOf(r, groupShortest, options))));
  }
  return verdicts;
}
