/**
 * science-v0 oracle: a shortest plan to score 100 by breadth-first search over the dynamic state
 * with the real commands and effects, skipping commands that never shorten a plan: looking,
 * closing, putting down, wiring, focusing on anything but a right target, and handling things
 * other than the task's (the vessel and its heat or cold source, the test object and its box,
 * a qualifying thing and the answer box).
 */
import { applyScience } from './apply';
import { across, commandText, scienceCommands, type SciCommand } from './commands';
import { roomOf, tick } from './physics';
import { qualifies, rightFocus } from './score';
import type { ScienceState } from './state';

type View = Omit<ScienceState, 'turn' | 'maxTurns' | 'done' | 'success'>;

/** Objects the plan may carry or move. */
function keyObject(view: View, o: number): boolean {
  const { goal } = view;
  if (goal.family === 'change') return o === view.where[goal.target];
  if (goal.family === 'conductivity') return o === goal.target;
  return view.focus >= 0 ? o === view.focus : qualifies(view, o);
}

/** A thing the task's focus subgoal asks for (any qualifying thing for find tasks, else the target). */
function fitsTask(view: View, o: number): boolean {
  return view.goal.family === 'find' ? qualifies(view, o) : o === view.goal.target;
}

/** Places the key object may go. */
function destination(view: View, y: number): boolean {
  const { goal } = view;
  if (goal.family !== 'change') return y === goal.box;
  return view.objects[y].name === (goal.phase === 0 ? 'freezer' : 'stove');
}

/** Rooms holding a key object (not carried) or a destination. */
function relevantRooms(view: View): Set<number> {
  const rooms = new Set<number>();
  for (let o = 0; o < view.objects.length; o++) {
    if (keyObject(view, o) || destination(view, o)) {
      const room = roomOf(view, o);
      if (room >= 0) rooms.add(room);
    }
  }
  return rooms;
}

/**
 * Rooms worth entering: repeatedly drop rooms with one remaining door that are neither relevant
 * nor the agent's (a dead end with nothing to do is never on a shortest plan).
 */
function usefulRooms(view: View): boolean[] {
  const keep = view.rooms.map(() => true);
  const relevant = relevantRooms(view);
  for (let changed = true; changed; ) {
    changed = false;
    for (let r = 0; r < keep.length; r++) {
      if (!keep[r] || relevant.has(r) || r === view.agentRoom) continue;
      const degree = view.doors.filter(([a, b]) => (a === r && keep[b]) || (b === r && keep[a])).length;
      if (degree <= 1) {
        keep[r] = false;
        changed = true;
      }
    }
  }
  return keep;
}

/** Does waiting move the substance's temperature toward the target state? */
function waitHelps(view: View): boolean {
  const { goal } = view;
  const now = view.temp[goal.target];
  const later = tick(view, 1)[goal.target];
  return goal.phase === 0 ? later < now : later > now;
}

function useful(view: View, c: SciCommand, rooms: boolean[]): boolean {
  switch (c.verb) {
    case 'open door to':
    case 'go to':
      return rooms[across(view, c.a)];
    case 'focus on':
      // A later focus moves the focus (score.ts): the way back from a focus moved onto the wrong thing.
      return view.focus < 0 ? rightFocus(view, c.a) : !fitsTask(view, view.focus) && fitsTask(view, c.a);
    case 'pick up':
      return keyObject(view, c.a);
    case 'move':
      return keyObject(view, c.a) && destination(view, c.b);
    case 'open':
      return destination(view, c.a) || view.where.some((p, o) => p === c.a && keyObject(view, o));
    case 'activate':
      return view.goal.family === 'change' && view.goal.phase !== 0;
    case 'wait':
    case 'wait1':
      return view.goal.family === 'change' && waitHelps(view);
    default:
      return false;
  }
}

const bits = (flags: boolean[]) => flags.map((f) => (f ? '1' : '0')).join('');
const key = (v: View) =>
  `${v.agentRoom}|${bits(v.doorOpen)}|${v.where.join(',')}|${bits(v.isOpen)}|${bits(v.isOn)}|${v.temp.join(',')}|${v.focus}|${v.progress}`;

/**
 * A shortest list of commands from `state` to score 100; [] once the episode is over. Among the
 * shortest plans, one whose `focus on` comes earliest (as the task text asks: "First, focus on ...").
 * Without that tie-break the search often focused last, in the very turn whose tick changes the
 * state (`move pot to freezer`, `wait1`, `focus on water`): as short, but one turn later the water
 * is ice and the same focus fails the task, a brittle plan to imitate (the SFT warm start clones
 * these plans).
 *
 * Breadth-first, layer by layer: a state first reached in layer d keeps, of its layer-d parents,
 * the one with the earliest focus (a state's future does not depend on when it focused), and the
 * first layer holding a goal returns its goal with the earliest focus.
 */
export function solveScience(state: ScienceState): string[] {
  if (state.done) return [];
  const nodes: Array<{ view: View; parent: number; action: string; depth: number; focusAt: number }> = [
    { view: state, parent: -1, action: '', depth: 0, focusAt: state.focus >= 0 ? 0 : Infinity },
  ];
  const index = new Map([[key(state), 0]]);
  let layer = [0];
  for (let depth = 1; layer.length > 0; depth++) {
    const next: number[] = [];
    const goals: number[] = [];
    for (const head of layer) {
      const { view, focusAt: headFocus } = nodes[head];
      const rooms = usefulRooms(view);
      for (const c of scienceCommands(view)) {
        if (!useful(view, c, rooms)) continue;
        const nextView: View = { ...view, ...applyScience(view, c).dynamics };
        if (nextView.score < 0) continue;
        const k = key(nextView);
        const focusAt = headFocus < Infinity ? headFocus : nextView.focus >= 0 ? depth : Infinity;
        const node = { view: nextView, parent: head, action: commandText(view, c), depth, focusAt };
        const at = index.get(k);
        if (at === undefined) {
          index.set(k, nodes.length);
          next.push(nodes.length);
          if (nextView.score === 100) goals.push(nodes.length);
          nodes.push(node);
        } else if (nodes[at].depth === depth && focusAt < nodes[at].focusAt) {
          nodes[at] = node;
        }
      }
    }
    if (goals.length > 0) {
      let best = goals[0];
      for (const g of goals) if (nodes[g].focusAt < nodes[best].focusAt) best = g;
      const plan: string[] = [];
      for (let i = best; i > 0; i = nodes[i].parent) plan.push(nodes[i].action);
      return plan.reverse();
    }
    layer = next;
  }
  throw new Error(`science-v0: no plan reaches score 100 for "${state.task}"`);
}
