/**
 * household-v0 text: command strings and observations in ALFWorld's phrasing (from
 * `alfred.twl2`), in the current dialect (`move X to Y`, `You arrive at countertop 1.`) or the
 * legacy one (`put X in/on Y`, `You arrive at loc 15.`). The article is always `a`, as in
 * TextWorld (`a apple 1`).
 */
import { contents, type Command, type HouseholdView } from './dynamics';
import { CLEAN, COOL, HOT, ON, heldObject } from './state';

export const NOTHING_HAPPENS = 'Nothing happens.';
export const WELCOME = '-= Welcome to TextWorld, ALFRED! =-';

/** `a x`, `a x, and a y`, `a x, a y, and a z`; empty -> `nothing`. */
export function listPhrase(names: readonly string[]): string {
  if (names.length === 0) return 'nothing';
  const items = names.map((name) => `a ${name}`);
  if (items.length === 1) return items[0];
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

/** The command string of a structured command. */
export function commandText(view: HouseholdView, c: Command): string {
  const r = c.r >= 0 ? view.receptacles[c.r].name : '';
  const o = c.o >= 0 ? view.objects[c.o].name : '';
  switch (c.verb) {
    case 'look':
    case 'inventory':
      return c.verb;
    case 'go':
      return `go to ${r}`;
    case 'open':
    case 'close':
      return `${c.verb} ${r}`;
    case 'take':
      return `take ${o} from ${r}`;
    case 'move':
      return view.dialect === 'legacy' ? `put ${o} in/on ${r}` : `move ${o} to ${r}`;
    case 'heat':
    case 'cool':
    case 'clean':
      return `${c.verb} ${o} with ${r}`;
    case 'use':
      return `use ${o}`;
    case 'examineReceptacle':
      return `examine ${r}`;
    case 'examineObject':
      return `examine ${o}`;
  }
}

/** What is seen at receptacle r: `The fridge 1 is closed.` / `The fridge 1 is open. In it, ...` / `On the ...`. */
export function receptacleView(view: HouseholdView, r: number): string {
  const rec = view.receptacles[r];
  const inside = listPhrase(contents(view, r).map((o) => view.objects[o].name));
  if (!rec.openable) return `On the ${rec.name}, you see ${inside}.`;
  if (!view.opened[r]) return `The ${rec.name} is closed.`;
  return `The ${rec.name} is open. In it, you see ${inside}.`;
}

function arrival(view: HouseholdView, r: number): string {
  const rec = view.receptacles[r];
  const where = view.dialect === 'legacy' ? `loc ${rec.loc}` : rec.name;
  return `You arrive at ${where}. ${receptacleView(view, r)}`;
}

/** `look`: the room overview in the middle, else what is next to the current receptacle. */
export function lookText(view: HouseholdView): string {
  if (view.at < 0) {
    const names = view.receptacles.map((rec) => rec.name);
    return `You are in the middle of a room. Looking quickly around you, you see ${listPhrase(names)}.`;
  }
  return `You are facing the ${view.receptacles[view.at].name}. Next to it, you see nothing.`;
}

function examineObjectText(view: HouseholdView, o: number): string {
  const name = view.objects[o].name;
  const flags = view.flags[o];
  if (flags & ON) return `This ${name} is on.`;
  const states = [flags & HOT ? 'hot' : '', flags & COOL ? 'cold' : '', flags & CLEAN ? 'clean' : ''].filter(Boolean);
  if (states.length === 0) return `There's nothing special about ${name}.`;
  return `This is a ${states.join(' and ')} ${name}.`;
}

function inventoryText(view: HouseholdView): string {
  const held = heldObject(view);
  return held < 0 ? 'You are not carrying anything.' : `You are carrying: a ${view.objects[held].name}.`;
}

/** The observation after command `c`; `after` is the state the command produced. */
export function feedbackText(before: HouseholdView, after: HouseholdView, c: Command): string {
  const r = c.r >= 0 ? before.receptacles[c.r].name : '';
  const o = c.o >= 0 ? before.objects[c.o].name : '';
  switch (c.verb) {
    case 'look':
      return lookText(after);
    case 'inventory':
      return inventoryText(after);
    case 'go':
      return arrival(after, c.r);
    case 'open':
      return `You open the ${r}. ${receptacleView(after, c.r)}`;
    case 'close':
      return `You close the ${r}.`;
    case 'take':
      return `You pick up the ${o} from the ${r}.`;
    case 'move':
      return before.dialect === 'legacy' ? `You put the ${o} in/on the ${r}.` : `You move the ${o} to the ${r}.`;
    case 'heat':
    case 'cool':
    case 'clean':
      return `You ${c.verb} the ${o} using the ${r}.`;
    case 'use':
      return `You turn on the ${o}.`;
    case 'examineReceptacle':
      return receptacleView(after, c.r);
    case 'examineObject':
      return examineObjectText(after, c.o);
  }
}

/** The reset observation: welcome banner, room overview, task. */
export function introText(view: HouseholdView, task: string): string {
  return `${WELCOME}\n\n${lookText(view)}\n\nYour task is to: ${task}`;
}
