/**
 * Stock verl-agent rows → trajectories, counting copies instead of dropping them (verl-agent.ts).
 *
 * What the dump's writer guarantees, and what this uses:
 * - Every trajectory writes one row per active step, and all its rows carry its episode reward
 *   (`score` is the episode reward broadcast to every step, −0.1 on a badly formatted turn), so a
 *   row's predecessor has the same R(τ).
 * - verl-agent's `adjust_batch` pads the batch by concatenating copies of random rows
 *   (`np.random.choice(bs, size_divisor − remainder, replace=False)`): a padding row is an exact copy
 *   of a real row. Two members that wrote the same turn also give identical rows, so a repeated row
 *   is either; it is never dropped up front.
 * - A group holds `env.rollout.n` trajectories, the same n for every group of a training step.
 *
 * Rows are linked to a *class* of predecessors: the rows at step k−1 with the same task, training
 * step, current observation, projected action, last history record and episode reward. Those are
 * exactly what a row at step k shows of its past (history length 2), so rows in one class are
 * interchangeable from their successors' point of view.
 *
 * Flow, bottom-up: a row's multiplicity m is the trajectories through it plus its padding copies.
 * A class with successors carries as many trajectories as its successors do (the copies above that
 * are padding); a class without successors is where trajectories end (all its copies count, unless
 * the class above holds fewer copies, in which case the surplus is padding). Top-down, each class
 * hands its trajectories to its successors; when a class holds trajectories with different pasts
 * and they continue differently, which past goes with which continuation cannot be told from the
 * file: that is reported as an ambiguity (every member's R(τ) is the same either way). So is a class
 * whose trajectories have different pasts and a repeated successor, which could be a padding copy
 * as well as a second member (one of them would then end here instead).
 */
import { assemble, type RowClass } from './verl-assemble';
import { sep, type VerlRow } from './verl-link';

export interface Ambiguity {
  /** Indices into `paths` of the trajectories whose continuations could be swapped. */
  trajectories: number[];
  /** The first 0-based turn whose owner is uncertain. */
  fromTurn: number;
}

export interface FlowResult {
  /** Root → leaf rows of every trajectory, grouped by root in file order. */
  paths: VerlRow[][];
  ambiguities: Ambiguity[];
  /** Copies read as padding (left out). */
  padding: number;
  /** Copies read as members that wrote the same turn (kept, one trajectory each). */
  repeated: number;
  /** Rows linked by the loose key (without the last record and R(τ)): a weaker link. */
  looseLinks: number;
  /** Classes whose successors outnumber their copies: those trajectories share a prefix copy. */
  shortfalls: Array<{ row: VerlRow; missing: number }>;
  /** Groups whose size disagrees with their step's n after the padding chains were taken off. */
  oddGroups: Array<{ root: VerlRow; size: number; n: number }>;
  /** Rows at step ≥ 1 that no row at step k−1 precedes (or whose predecessor is such a row). */
  unplaced: Array<{ row: VerlRow; orphan: boolean }>;
}


const strictKey = (r: VerlRow) => [r.step, r.prompt.task, r.prompt.stepCount, r.prompt.observation, r.projection.envAction, r.prompt.lastText ?? '', r.episodeReward].join(sep);
const strictAsk = (r: VerlRow) => [r.step, r.prompt.task, r.prompt.stepCount - 1, r.prompt.last!.observation, r.prompt.last!.action, r.prompt.prevText ?? '', r.episodeReward].join(sep);
const looseKey = (r: VerlRow) => [r.step, r.prompt.task, r.prompt.stepCount, r.prompt.observation, r.projection.envAction].join(sep);
const looseAsk = (r: VerlRow) => [r.step, r.prompt.task, r.prompt.stepCount - 1, r.prompt.last!.observation, r.prompt.last!.action].join(sep);

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** How well class `c` fits `child` when only the loose key matched. */
function looseRank(child: VerlRow, c: RowClass): number {
  const first = c.rows[0];
  let score = 0;
  if (first.episodeReward === child.episodeReward) score += 4;
  if (child.prompt.prevText === null || child.prompt.prevText === first.prompt.lastText) score += 2;
  if (first.line < child.line) score += 1;
  return score;
}

/** Classes of interchangeable rows and each row's predecessor class (null: none found). */
function linkClasses(rows: readonly VerlRow[]): { classOf: Map<VerlRow, RowClass>; parentOf: Map<VerlRow, RowClass | null>; looseLinks: number } {
  const byKey = new Map<string, RowClass>();
  const byLoose = new Map<string, RowClass[]>();
  const classOf = new Map<VerlRow, RowClass>();
  for (const r of rows) {
    const key = strictKey(r);
    let c = byKey.get(key);
    if (!c) {
      c = { rows: [], children: [] };
      byKey.set(key, c);
      push(byLoose, looseKey(r), c);
    }
    c.rows.push(r);
    classOf.set(r, c);
  }
  const parentOf = new Map<VerlRow, RowClass | null>();
  let looseLinks = 0;
  for (const r of rows) {
    if (r.prompt.stepCount === 0) continue;
    let parent = r.prompt.last ? byKey.get(strictAsk(r)) : undefined;
    if (!parent && r.prompt.last) {
      const candidates = byLoose.get(looseAsk(r)) ?? [];
      parent = candidates.reduce<RowClass | undefined>((best, c) => (!best || looseRank(r, c) > looseRank(r, best) ? c : best), undefined);
      if (parent) looseLinks++;
    }
    parentOf.set(r, parent ?? null);
  }
  return { classOf, parentOf, looseLinks };
}

/** Keeps rows whose chain reaches a step-0 row; the others are reported. */
function placeRows(rows: readonly VerlRow[], parentOf: Map<VerlRow, RowClass | null>, classOf: Map<VerlRow, RowClass>): { placed: VerlRow[]; unplaced: FlowResult['unplaced'] } {
  const byDepth = [...rows].sort((a, b) => a.prompt.stepCount - b.prompt.stepCount || a.line - b.line);
  const ok = new Set<VerlRow>();
  const unplaced: FlowResult['unplaced'] = [];
  for (const r of byDepth) {
    const parent = parentOf.get(r);
    if (r.prompt.stepCount === 0 || (parent && parent.rows.some((p) => ok.has(p)))) ok.add(r);
    else unplaced.push({ row: r, orphan: !parent });
  }
  for (const r of byDepth) {
    const c = classOf.get(r)!;
    if (!ok.has(r)) c.rows = c.rows.filter((x) => x !== r);
    else if (r.prompt.stepCount > 0) parentOf.get(r)!.children.push(r);
  }
  return { placed: byDepth.filter((r) => ok.has(r)), unplaced };
}

interface FlowState {
  flow: Map<VerlRow, number>;
  classOf: Map<VerlRow, RowClass>;
  parentOf: Map<VerlRow, RowClass | null>;
  done: Set<RowClass>;
  shortfalls: FlowResult['shortfalls'];
}

const copiesOf = (r: VerlRow) => r.copies + 1;
const flowOf = (s: FlowState, rows: readonly VerlRow[]) => rows.reduce((n, r) => n + s.flow.get(r)!, 0);

/**
 * Takes one trajectory away from `row` (that copy is padding). Where its class has successors and no
 * trajectory ends there, one successor gives one up too, down to a class where trajectories end.
 */
function shed(s: FlowState, row: VerlRow): boolean {
  if (s.flow.get(row)! <= 1) return false;
  const c = s.classOf.get(row)!;
  const ends = flowOf(s, c.rows) - flowOf(s, c.children);
  if (c.children.length > 0 && ends <= 0 && !c.children.some((child) => shed(s, child))) return false;
  s.flow.set(row, s.flow.get(row)! - 1);
  return true;
}

/** Moves one trajectory from `row` to a row of its class whose own predecessor is not settled yet. */
function move(s: FlowState, row: VerlRow, from: RowClass): boolean {
  if (s.flow.get(row)! <= 1) return false;
  const other = s.classOf.get(row)!.rows.find((z) => z !== row && s.flow.get(z)! < copiesOf(z) && s.parentOf.get(z) !== from && !s.done.has(s.parentOf.get(z)!));
  if (!other) return false;
  s.flow.set(row, s.flow.get(row)! - 1);
  s.flow.set(other, s.flow.get(other)! + 1);
  return true;
}

/** Settles class `c`: as many trajectories as its successors carry, at least one per distinct row. */
function settle(s: FlowState, c: RowClass): void {
  const supply = c.rows.reduce((n, r) => n + copiesOf(r), 0);
  let demand = flowOf(s, c.children);
  for (const child of c.children) {
    while (demand > supply && (move(s, child, c) || shed(s, child))) demand--;
  }
  if (demand > supply) s.shortfalls.push({ row: c.rows[0], missing: demand - supply });
  let left = Math.max(demand, c.rows.length) - c.rows.length;
  for (const r of c.rows) {
    const add = Math.min(left, copiesOf(r) - 1);
    s.flow.set(r, 1 + add);
    left -= add;
  }
  // A shortfall: the extra successors share a copy of the first row.
  if (left > 0) s.flow.set(c.rows[0], s.flow.get(c.rows[0])! + left);
  s.done.add(c);
}

/** Trajectories through every row, deepest classes first (see the file comment). */
function computeFlows(classes: readonly RowClass[], classOf: Map<VerlRow, RowClass>, parentOf: Map<VerlRow, RowClass | null>): FlowState {
  const s: FlowState = { flow: new Map(), classOf, parentOf, done: new Set(), shortfalls: [] };
  const depth = (c: RowClass) => c.rows[0].prompt.stepCount;
  for (const c of classes) if (c.children.length === 0) for (const r of c.rows) s.flow.set(r, copiesOf(r));
  for (const c of [...classes].sort((a, b) => depth(b) - depth(a))) {
    if (c.children.length === 0) s.done.add(c);
    else settle(s, c);
  }
  return s;
}

const groupKey = (r: VerlRow) => [r.step, r.prompt.task, r.prompt.observation].join(sep);

/**
 * verl-agent gives every group of a training step n = `env.rollout.n` trajectories. Padding only adds
 * rows, so a group rebuilt larger than the step's smallest one holds padding read as members: copies
 * are taken off along chains of repeated rows (`shed`) until it has n. Groups that stay off are returned.
 */
function fitGroupSizes(s: FlowState, placed: readonly VerlRow[]): FlowResult['oddGroups'] {
  const groups = new Map<string, VerlRow[]>();
  for (const r of placed) if (r.prompt.stepCount === 0) push(groups, groupKey(r), r);
  const nOfStep = new Map<number, number>();
  for (const roots of groups.values()) {
    const size = flowOf(s, roots);
    nOfStep.set(roots[0].step, Math.min(nOfStep.get(roots[0].step) ?? size, size));
  }
  const odd: FlowResult['oddGroups'] = [];
  for (const roots of groups.values()) {
    const n = nOfStep.get(roots[0].step)!;
    let size = flowOf(s, roots);
    const bySize = [...roots].sort((a, b) => s.flow.get(b)! - s.flow.get(a)!);
    for (const r of bySize) while (size > n && shed(s, r)) size--;
    if (size !== n) odd.push({ root: roots[0], size, n });
  }
  return odd;
}

/** The reconstruction of one dump's rows (all of them have a task and an observation). */
export function reconstructFlows(rows: readonly VerlRow[]): FlowResult {
  const { classOf, parentOf, looseLinks } = linkClasses(rows);
  const { placed, unplaced } = placeRows(rows, parentOf, classOf);
  const classes = [...new Set(placed.map((r) => classOf.get(r)!))];
  const state = computeFlows(classes, classOf, parentOf);
  const oddGroups = fitGroupSizes(state, placed);
  const { flow, shortfalls } = state;
  const { done: tokens, ambiguities } = assemble(placed, classOf, flow);
  const fileOrder = new Map(rows.map((r, i) => [r, i]));
  tokens.sort((a, b) => fileOrder.get(a.path[0])! - fileOrder.get(b.path[0])! || a.id - b.id);
  const indexOf = new Map(tokens.map((t, i) => [t.id, i]));
  const padding = placed.reduce((n, r) => n + Math.max(0, copiesOf(r) - flow.get(r)!), 0);
  const repeated = placed.reduce((n, r) => n + Math.max(0, Math.min(copiesOf(r), flow.get(r)!) - 1), 0);
  return {
    paths: tokens.map((t) => t.path),
    ambiguities: ambiguities.map((a) => ({ trajectories: a.ids.map((id) => indexOf.get(id)!).sort((x, y) => x - y), fromTurn: a.fromTurn })),
    padding,
    repeated,
    looseLinks,
    shortfalls,
    oddGroups,
    unplaced,
  };
}
