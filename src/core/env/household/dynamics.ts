/**
 * household-v0 dynamics: which commands are admissible (ALFWorld's PDDL preconditions) and what
 * each does to the dynamic state. Commands are structured here; `text.ts` turns them into strings.
 */
import { OBJECT_KINDS, canContain } from './catalog';
import { CLEAN, COOL, HOT, ON, heldObject, type HouseholdDynamics, type HouseholdState } from './state';

export type Verb =
  | 'look'
  | 'inventory'
  | 'go'
  | 'open'
  | 'close'
  | 'take'
  | 'move'
  | 'heat'
  | 'cool'
  | 'clean'
  | 'use'
  | 'examineReceptacle'
  | 'examineObject';

/** A structured command; `r` / `o` are receptacle / object indices, -1 where unused. */
export interface Command {
  verb: Verb;
  r: number;
  o: number;
}

/** The world part of a state that never changes, plus the dynamics being evaluated. */
export type HouseholdView = Pick<HouseholdState, 'receptacles' | 'objects' | 'taskType' | 'goal' | 'dialect'> &
  HouseholdDynamics;

const cmd = (verb: Verb, r = -1, o = -1): Command => ({ verb, r, o });

/** The appliance type that `verb` (heat/cool/clean) needs. */
export const APPLIANCE: Readonly<Record<'heat' | 'cool' | 'clean', string>> = {
  heat: 'microwave',
  cool: 'fridge',
  clean: 'sinkbasin',
};

/** Can the agent see into / reach into receptacle r? (open, or not openable) */
export function accessible(view: HouseholdView, r: number): boolean {
  return !view.receptacles[r].openable || view.opened[r];
}

/** Objects in receptacle r, in index order (the order their names are listed). */
export function contents(view: Pick<HouseholdView, 'objectIn'>, r: number): number[] {
  const out: number[] = [];
  for (let o = 0; o < view.objectIn.length; o++) if (view.objectIn[o] === r) out.push(o);
  return out;
}

/** Heat/cool/clean commands possible for the held object at receptacle r. */
function applianceCommands(view: HouseholdView, r: number, held: number): Command[] {
  const kind = OBJECT_KINDS[view.objects[held].type];
  const type = view.receptacles[r].type;
  const out: Command[] = [];
  if (type === APPLIANCE.heat && kind.heatable) out.push(cmd('heat', r, held));
  if (type === APPLIANCE.cool && kind.coolable) out.push(cmd('cool', r, held));
  if (type === APPLIANCE.clean && kind.cleanable) out.push(cmd('clean', r, held));
  return out;
}

/** Commands that act on the receptacle the agent is at. */
function localCommands(view: HouseholdView, r: number, held: number): Command[] {
  const rec = view.receptacles[r];
  const out: Command[] = [cmd('examineReceptacle', r)];
  if (rec.openable) out.push(cmd(view.opened[r] ? 'close' : 'open', r));
  const reach = accessible(view, r);
  if (reach) {
    for (const o of contents(view, r)) {
      const kind = OBJECT_KINDS[view.objects[o].type];
      out.push(cmd('examineObject', r, o));
      if (kind.toggleable) out.push(cmd('use', r, o));
      else if (held < 0) out.push(cmd('take', r, o));
    }
  }
  if (held >= 0) {
    if (reach && canContain(rec.type, view.objects[held].type)) out.push(cmd('move', r, held));
    out.push(...applianceCommands(view, r, held));
  }
  return out;
}

/** Every admissible command (unsorted; duplicates are impossible by construction). */
export function admissibleCommands(view: HouseholdView): Command[] {
  const held = heldObject(view);
  const out: Command[] = [cmd('look'), cmd('inventory')];
  for (let r = 0; r < view.receptacles.length; r++) if (r !== view.at) out.push(cmd('go', r));
  if (view.at >= 0) out.push(...localCommands(view, view.at, held));
  if (held >= 0) out.push(cmd('examineObject', -1, held));
  return out;
}

function withFlag(flags: number[], o: number, set: number, clear = 0): number[] {
  const next = flags.slice();
  next[o] = (next[o] | set) & ~clear;
  return next;
}

function withEntry<T>(items: T[], i: number, value: T): T[] {
  const next = items.slice();
  next[i] = value;
  return next;
}

/**
 * The dynamics after an admissible command (ALFWorld PDDL effects). Arrays that change are
 * copied; unchanged ones are shared with the input, which is never mutated.
 */
export function applyCommand(view: HouseholdView, c: Command): HouseholdDynamics {
  const { at, objectIn, flags, opened } = view;
  switch (c.verb) {
    case 'go':
      return { at: c.r, objectIn, flags, opened };
    case 'open':
      return { at, objectIn, flags, opened: withEntry(opened, c.r, true) };
    case 'close':
      return { at, objectIn, flags, opened: withEntry(opened, c.r, false) };
    case 'take':
      return { at, objectIn: withEntry(objectIn, c.o, -1), flags, opened };
    case 'move':
      return { at, objectIn: withEntry(objectIn, c.o, c.r), flags, opened };
    case 'heat':
      return { at, objectIn, flags: withFlag(flags, c.o, HOT, COOL), opened };
    case 'cool':
      return { at, objectIn, flags: withFlag(flags, c.o, COOL, HOT), opened };
    case 'clean':
      return { at, objectIn, flags: withFlag(flags, c.o, CLEAN), opened };
    case 'use':
      return { at, objectIn, flags: withFlag(flags, c.o, ON), opened };
    default:
      return { at, objectIn, flags, opened };
  }
}
