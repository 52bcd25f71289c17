/**
 * The top-down half of the verl-agent reconstruction (verl-flow.ts): with the number of trajectories
 * through every row settled, each class of interchangeable rows hands its trajectories on to its
 * successors, level by level from the step-0 rows, and says where the hand-over was a choice.
 */
import type { VerlRow } from './verl-link';

/** Rows at one step that a successor cannot tell apart, and the rows that continue from them. */
export interface RowClass {
  rows: VerlRow[];
  children: VerlRow[];
}

export interface Token {
  id: number;
  path: VerlRow[];
}

const lastLine = (t: Token) => t.path[t.path.length - 1].line;

/** The pool index of the trajectory whose last row is nearest above `child` (balanced order), else the first. */
function nearestAbove(pool: readonly Token[], child: VerlRow): number {
  let pick = -1;
  pool.forEach((t, j) => {
    if (lastLine(t) > child.line) return;
    if (pick < 0 || lastLine(t) > lastLine(pool[pick])) pick = j;
  });
  return pick < 0 ? 0 : pick;
}

export interface Assembly {
  next: number;
  at: Map<VerlRow, Token[]>;
  done: Token[];
  ambiguities: Array<{ ids: number[]; fromTurn: number }>;
}

/** Hands class `c`'s trajectories to its successors; the ones left end here. */
function handOn(c: RowClass, flow: Map<VerlRow, number>, a: Assembly): void {
  const held = c.rows.flatMap((x) => a.at.get(x) ?? []);
  const k = c.rows[0].prompt.stepCount;
  const pool = [...held];
  const destinations = new Set<VerlRow | null>();
  for (const child of [...c.children].sort((x, y) => x.line - y.line)) {
    const given: Token[] = [];
    for (let i = 0; i < flow.get(child)!; i++) {
      // A shortfall (more successors than copies): the successor shares a copy of the prefix.
      const token = pool.length > 0 ? pool.splice(nearestAbove(pool, child), 1)[0] : { id: a.next++, path: held[0].path.slice(0, k + 1) };
      token.path.push(child);
      given.push(token);
    }
    a.at.set(child, given);
    destinations.add(child);
  }
  if (pool.length > 0) destinations.add(null);
  a.done.push(...pool);
  const pasts = new Set(held.map((t) => t.path.slice(0, k + 1).map((r) => r.line).join(',')));
  // Either they continue differently, or a repeated successor could instead be a padding copy with
  // one of them ending here: which past goes with which continuation cannot be told.
  const repeatedNext = c.children.some((child) => child.copies > 0);
  if (pasts.size >= 2 && (destinations.size >= 2 || repeatedNext)) a.ambiguities.push({ ids: held.map((t) => t.id), fromTurn: k + 1 });
}

/** Every trajectory, level by level from the step-0 rows (`placed` is in step order). */
export function assemble(placed: readonly VerlRow[], classOf: Map<VerlRow, RowClass>, flow: Map<VerlRow, number>): Assembly {
  const a: Assembly = { next: 0, at: new Map(), done: [], ambiguities: [] };
  for (const r of placed) {
    if (r.prompt.stepCount === 0) a.at.set(r, Array.from({ length: flow.get(r)! }, () => ({ id: a.next++, path: [r] })));
  }
  const seen = new Set<RowClass>();
  for (const r of placed) {
    const c = classOf.get(r)!;
    if (seen.has(c)) continue;
    seen.add(c);
    handOn(c, flow, a);
  }
  return a;
}

