/**
 * Linking verl-agent's stock rows into trajectories (the reconstruction described in verl-agent.ts):
 * the row type, duplicate filter, predecessor matching and the continuation of leaves whose last
 * successor was dropped as a duplicate.
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
  parent: VerlRow | null;
  children: VerlRow[];
  taken: boolean;
  /** Exact copies of this row that were dropped (padding, or a twin trajectory's identical turn). */
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
    parent: null,
    children: [],
    taken: false,
    copies: 0,
  };
}

export const sep = '\u0001';
const offerKey = (r: VerlRow) => [r.step, r.prompt.task, r.prompt.stepCount, r.prompt.observation, r.projection.envAction].join(sep);
const askKey = (r: VerlRow) => [r.step, r.prompt.task, r.prompt.stepCount - 1, r.prompt.last!.observation, r.prompt.last!.action].join(sep);

function rank(child: VerlRow, cand: VerlRow): number {
  let score = 0;
  if (cand.episodeReward === child.episodeReward) score += 8;
  if (child.prompt.prevText === null || child.prompt.prevText === cand.prompt.lastText) score += 4;
  if (!cand.taken) score += 2;
  if (cand.line < child.line) score += 1;
  return score;
}

/** Links every row at step ≥ 1 to its predecessor; returns the rows that found none. */
export function linkRows(rows: readonly VerlRow[]): VerlRow[] {
  const offers = new Map<string, VerlRow[]>();
  for (const r of rows) {
    if (r.prompt.task === null || r.prompt.observation === null) continue;
    const key = offerKey(r);
    const list = offers.get(key);
    if (list) list.push(r);
    else offers.set(key, [r]);
  }
  const orphans: VerlRow[] = [];
  for (const child of rows) {
    if (child.prompt.stepCount === 0) continue;
    const candidates = child.prompt.last ? offers.get(askKey(child)) : undefined;
    if (!candidates) {
      orphans.push(child);
      continue;
    }
    let best = candidates[0];
    let bestRank = -1;
    for (const cand of candidates) {
      const r = rank(child, cand);
      // Among equals, the nearest candidate above the child wins.
      if (r > bestRank || (r === bestRank && cand.line < child.line && cand.line > best.line)) {
        best = cand;
        bestRank = r;
      }
    }
    best.taken = true;
    child.parent = best;
    best.children.push(child);
  }
  return orphans;
}

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

/**
 * The row one step later that continues `leaf` although it was linked elsewhere: same key, reward
 * and earlier record, and it had an exact copy dropped (so the leaf's own successor may have been
 * that copy).
 */
function successorOf(leaf: VerlRow, asks: ReadonlyMap<string, VerlRow[]>): VerlRow | undefined {
  return asks
    .get(offerKey(leaf))
    ?.find((c) => c.copies > 0 && c.parent !== leaf && c.episodeReward === leaf.episodeReward && (c.prompt.prevText === null || c.prompt.prevText === leaf.prompt.lastText));
}

/** Rows at step ≥ 1 by the predecessor key they ask for. */
function asksIndex(rows: readonly VerlRow[]): Map<string, VerlRow[]> {
  const asks = new Map<string, VerlRow[]>();
  for (const r of rows) {
    if (r.prompt.stepCount === 0 || !r.prompt.last) continue;
    const key = askKey(r);
    const list = asks.get(key);
    if (list) list.push(r);
    else asks.set(key, [r]);
  }
  return asks;
}

export interface Assembled {
  /** Root → leaf rows of every trajectory, grouped by root in file order. */
  paths: VerlRow[][];
  /** Trajectories that continue through a row first linked to another trajectory. */
  continued: number;
  /** Rows that begin several trajectories (their copies were dropped as duplicates). */
  shared: number;
}

/**
 * Trajectories from linked rows (`rows` all reach a step-0 root). A row with several successors
 * (its exact copy was dropped as a duplicate) starts one path per successor. A leaf that some row
 * one step later continues (same key, reward and earlier record, but linked elsewhere) is not a true
 * end: its own successor was dropped as a duplicate. Such a leaf takes over one of those extra
 * paths (replacing the cloned prefix), or else continues along the successor's first chain.
 */
export function assemblePaths(rows: readonly VerlRow[]): Assembled {
  const asks = asksIndex(rows);
  const paths: VerlRow[][] = [];
  const clones = new Map<VerlRow, number[]>();
  const pathOf = (leaf: VerlRow): VerlRow[] => {
    const path: VerlRow[] = [];
    for (let p: VerlRow | null = leaf; p; p = p.parent) path.push(p);
    return path.reverse();
  };
  const leaves = rows.filter((r) => r.children.length === 0);
  for (const leaf of leaves) {
    const path = pathOf(leaf);
    path.forEach((node, k) => {
      const parent = path[k - 1];
      if (parent && parent.children.length > 1 && parent.children[0] !== node) {
        const list = clones.get(parent);
        if (list) list.push(paths.length);
        else clones.set(node, [paths.length]);
      }
    });
    paths.push(path);
  }
  let continued = 0;
  const dropped = new Set<number>();
  leaves.forEach((leaf, i) => {
    const next = successorOf(leaf, asks);
    if (!next) return;
    continued++;
    const own = paths[i];
    const taken = clones.get(next)?.shift();
    if (taken !== undefined) {
      paths[taken] = [...own, ...paths[taken].slice(next.prompt.stepCount)];
      dropped.add(i);
      return;
    }
    for (let p: VerlRow | undefined = next; p; p = p.children[0]) own.push(p);
  });
  const shared = rows.filter((r) => r.children.length > 1).length;
  const kept = paths.filter((_, i) => !dropped.has(i));
  const rootOrder = new Map(rows.map((r, i) => [r, i]));
  kept.sort((a, b) => rootOrder.get(a[0])! - rootOrder.get(b[0])!);
  return { paths: kept, continued, shared };
}
