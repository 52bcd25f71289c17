/**
 * science-v0 commands: the core of ScienceWorld's grammar as structured commands, their text,
 * and which are admissible (valid action–object combinations) from a state.
 */
import { displayName, isVisible, wireKey } from './physics';
import { INVENTORY, type ScienceState } from './state';

export type SciVerb =
  | 'look around'
  | 'inventory'
  | 'task'
  | 'wait'
  | 'wait1'
  | 'go to'
  | 'open door to'
  | 'close door to'
  | 'open'
  | 'close'
  | 'pick up'
  | 'put down'
  | 'move'
  | 'focus on'
  | 'activate'
  | 'deactivate'
  | 'look at'
  | 'connect';

/** `a` is a door index (door verbs) or an object index; `b` a second object (move, connect). */
export interface SciCommand {
  verb: SciVerb;
  a: number;
  b: number;
}

type View = Omit<ScienceState, 'turn' | 'maxTurns' | 'done' | 'success'>;

const cmd = (verb: SciVerb, a = -1, b = -1): SciCommand => ({ verb, a, b });

/** The room on the other side of door d. */
export function across(view: View, d: number): number {
  const [x, y] = view.doors[d];
  return x === view.agentRoom ? y : x;
}

export function commandText(view: View, c: SciCommand): string {
  switch (c.verb) {
    case 'go to':
    case 'open door to':
    case 'close door to': {
      const room = view.rooms[across(view, c.a)];
      return c.verb === 'go to' ? `go to ${room}` : `${c.verb} ${room}`;
    }
    case 'move':
      return `move ${displayName(view, c.a)} to ${displayName(view, c.b)}`;
    case 'connect':
      return `connect ${displayName(view, c.a)} to ${displayName(view, c.b)}`;
    default:
      return c.a >= 0 ? `${c.verb} ${displayName(view, c.a)}` : c.verb;
  }
}

const HOLDS_THINGS = new Set(['surface', 'stove', 'box']);

/** Can portable x be moved into/onto y? */
function canReceive(view: View, x: number, y: number): boolean {
  const kind = view.objects[y].kind;
  if (x === y || view.where[x] === y) return false;
  if (!(HOLDS_THINGS.has(kind) || (kind === 'closable' && view.isOpen[y]))) return false;
  for (let p = view.where[y]; p >= 0; p = view.where[p]) if (p === x) return false;
  return true;
}

function objectCommands(view: View, visible: number[]): SciCommand[] {
  const out: SciCommand[] = [];
  const circuit = visible.filter((o) => view.objects[o].kind === 'circuit');
  for (const o of visible) {
    const object = view.objects[o];
    out.push(cmd('look at', o), cmd('focus on', o));
    if (object.portable && view.where[o] !== INVENTORY) out.push(cmd('pick up', o));
    if (view.where[o] === INVENTORY) out.push(cmd('put down', o));
    if (object.portable) for (const y of visible) if (canReceive(view, o, y)) out.push(cmd('move', o, y));
    if (object.kind === 'closable') out.push(cmd(view.isOpen[o] ? 'close' : 'open', o));
    if (object.kind === 'stove') out.push(cmd(view.isOn[o] ? 'deactivate' : 'activate', o));
    if (object.kind === 'circuit' || (object.portable && object.kind === 'item')) {
      for (const part of circuit) {
        if (part !== o && !view.wires.includes(wireKey(part, o)) && (object.kind !== 'circuit' || part < o)) {
          out.push(cmd('connect', part, o));
        }
      }
    }
  }
  return out;
}

/** Every admissible command from `view` (unsorted). */
export function scienceCommands(view: View): SciCommand[] {
  const out: SciCommand[] = [cmd('look around'), cmd('inventory'), cmd('task'), cmd('wait'), cmd('wait1')];
  view.doors.forEach(([x, y], d) => {
    if (x !== view.agentRoom && y !== view.agentRoom) return;
    if (view.doorOpen[d]) out.push(cmd('close door to', d), cmd('go to', d));
    else out.push(cmd('open door to', d));
  });
  const visible: number[] = [];
  for (let o = 0; o < view.objects.length; o++) if (isVisible(view, o)) visible.push(o);
  out.push(...objectCommands(view, visible));
  return out;
}
