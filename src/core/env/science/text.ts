/**
 * science-v0 text in ScienceWorld's phrasing (`Location.scala`, action feedback): the
 * tab-indented `look around`, object descriptions with nested contents, and short feedback.
 */
import { bulbIsOn, displayName } from './physics';
import { INVENTORY, roomSlot, type ScienceState } from './state';
import { article } from './world';

export const NO_ACTION = 'No known action matches that input.';

type View = Omit<ScienceState, 'turn' | 'maxTurns' | 'done' | 'success'>;

/** Objects directly in/on `holder` (an object index or a slot), in index order. */
export function childrenOf(view: View, holder: number): number[] {
  const out: number[] = [];
  for (let o = 0; o < view.where.length; o++) if (view.where[o] === holder) out.push(o);
  return out;
}

function listOf(view: View, holder: number): string {
  const names = childrenOf(view, holder).map((o) => describe(view, o));
  return names.length === 0 ? 'nothing' : names.join(', ');
}

/** One object's description, with what it holds (ScienceWorld style). */
export function describe(view: View, o: number): string {
  const object = view.objects[o];
  const name = displayName(view, o);
  switch (object.kind) {
    case 'substance':
      return `a substance called ${name}`;
    case 'surface':
      return `a ${name}. On the ${name} is: ${listOf(view, o)}.`;
    case 'stove':
      return `a ${name}, which is turned ${view.isOn[o] ? 'on' : 'off'}. On the ${name} is: ${listOf(view, o)}.`;
    case 'closable':
      return view.isOpen[o]
        ? `a ${name}. The ${name} door is open. In the ${name} is: ${listOf(view, o)}.`
        : `a ${name}. The ${name} door is closed. `;
    case 'box':
    case 'vessel':
      return `${article(name)} (containing ${listOf(view, o)})`;
    case 'circuit':
      return name === 'light bulb' ? `a light bulb, which is ${bulbIsOn(view, o) ? 'on' : 'off'}` : article(name);
    default:
      return article(name);
  }
}

function doorLines(view: View): string[] {
  const lines: string[] = [];
  view.doors.forEach(([a, b], d) => {
    if (a !== view.agentRoom && b !== view.agentRoom) return;
    const other = view.rooms[a === view.agentRoom ? b : a];
    lines.push(`\tA door to the ${other} (that is ${view.doorOpen[d] ? 'open' : 'closed'})`);
  });
  return lines;
}

/** `look around`. */
export function lookAround(view: View): string {
  const room = view.rooms[view.agentRoom];
  const head =
    room === 'outside'
      ? `This outside location is called the ${room}. Here you see: `
      : `This room is called the ${room}. In it, you see: `;
  const things = childrenOf(view, roomSlot(view.agentRoom)).map((o) => `\t${describe(view, o)}`);
  return [head, '\tthe agent', '\ta substance called air', ...things, 'You also see:', ...doorLines(view)].join('\n');
}

export function inventoryText(view: View): string {
  const things = childrenOf(view, INVENTORY).map((o) => `\t${describe(view, o)}`);
  return ['In your inventory, you see:', ...(things.length > 0 ? things : ['\tnothing'])].join('\n');
}
