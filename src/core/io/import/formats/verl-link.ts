/**
 * verl-agent's stock rows as the reconstruction sees them (verl-agent.ts, verl-flow.ts): the row
 * type and the filter that finds identical rows, which are counted, never silently dropped.
 */
import { isObject } from '../../rollouts-v1';
import { fnv1a, isFiniteNumber, roundReward } from './common';
import { parseVerlPrompt, projectVerlAction, type Projection, type VerlPrompt } from './verl-prompt';

/** One turn-sample of the dump. */
export interface VerlRow {
  line: number;
  input: string;
  output: string;
  score: number;
  step: number;
  prompt: VerlPrompt;
  projection: Projection;
  /** score + 0.1 when the row was badly formatted: the trajectory's R(τ). */
  episodeReward: number;
  /**
   * Identical copies of this row after the first: padding (verl-agent's `adjust_batch` copies random
   * rows) or members that wrote the same turn; verl-flow.ts tells which.
   */
  copies: number;
}

export function isVerlRow(x: unknown): x is { input: string; output: string; score: number; step?: number } {
  return isObject(x) && typeof x.input === 'string' && typeof x.output === 'string' && isFiniteNumber(x.score);
}

export function makeVerlRow(value: { input: string; output: string; score: number; step?: number }, line: number): VerlRow {
  const prompt = parseVerlPrompt(value.input);
  const projection = projectVerlAction(value.output, prompt.env);
  return {
    line,
    input: value.input,
    output: value.output,
    score: value.score,
    step: typeof value.step === 'number' ? value.step : 0,
    prompt,
    projection,
    episodeReward: roundReward(value.score + (projection.valid ? 0 : 0.1)),
    copies: 0,
  };
}

/** Joins key parts (a character no prompt contains). */
export const sep = '\u0001';

type RowValue = { input: string; output: string; score: number; step?: unknown };

/** Finds exact duplicate rows (same input, output, score and step) in linear time. */
export class DuplicateFilter<T> {
  private seen = new Map<string, Array<{ value: RowValue; item: T }>>();
  dropped = 0;

  private static key(v: RowValue): string {
    return `${fnv1a(v.output)}${fnv1a(v.input)}${v.input.length}:${v.score}:${String(v.step)}`;
  }

  /** The item kept for an identical earlier row (the drop is counted), or undefined. */
  find(value: RowValue): T | undefined {
    const twin = this.seen.get(DuplicateFilter.key(value))?.find(({ value: r }) => r.input === value.input && r.output === value.output && r.score === value.score && r.step === value.step);
    if (twin) this.dropped++;
    return twin?.item;
  }

  add(value: RowValue, item: T): void {
    const key = DuplicateFilter.key(value);
    const list = this.seen.get(key);
    if (list) list.push({ value, item });
    else this.seen.set(key, [{ value, item }]);
  }
}

