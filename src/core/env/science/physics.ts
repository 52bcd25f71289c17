/**
 * science-v0 physics and visibility: substance phases from temperature, one tick of heating and
 * cooling, what the agent can see, and the light-bulb circuit.
 */
import { INVENTORY, slotRoom, type ScienceState } from './state';
import { SUBSTANCES } from './world';

type View = Pick<ScienceState, 'objects' | 'where' | 'isOpen' | 'isOn' | 'temp' | 'agentRoom' | 'wires'>;

/** 0 solid, 1 liquid, 2 gas. */
export function phaseOf(view: View, o: number): 0 | 1 | 2 {
  const spec = SUBSTANCES[view.objects[o].substance!];
  const t = view.temp[o];
  return t < spec.meltingPoint ? 0 : t >= spec.boilingPoint ? 2 : 1;
}

export function displayName(view: View, o: number): string {
  const object = view.objects[o];
  return object.kind === 'substance' ? SUBSTANCES[object.substance!].names[phaseOf(view, o)] : object.name;
}

/** Can the agent see object o (in its room or inventory, not behind a closed door)? */
export function isVisible(view: View, o: number): boolean {
  for (let p = view.where[o]; ; p = view.where[p]) {
    if (p === INVENTORY) return true;
    if (p < INVENTORY) return slotRoom(p) === view.agentRoom;
    if (view.objects[p].kind === 'closable' && !view.isOpen[p]) return false;
  }
}

/** Is object o (transitively) in the inventory? */
export function isCarried(view: View, o: number): boolean {
  let p = view.where[o];
  while (p >= 0) p = view.where[p];
  return p === INVENTORY;
}

/** The room object o is in (-1 when carried). */
export function roomOf(view: View, o: number): number {
  let p = view.where[o];
  while (p >= 0) p = view.where[p];
  return p === INVENTORY ? -1 : slotRoom(p);
}

const HEAT_PER_TICK = 25;
const MAX_TEMP = 300;

/** The temperature of substance o one tick later, from temperature t. */
function nextTemp(view: View, o: number, t: number): number {
  const vessel = view.where[o];
  const holder = vessel >= 0 ? view.where[vessel] : -1;
  const holderObject = holder >= 0 ? view.objects[holder] : null;
  if (holderObject?.kind === 'stove' && view.isOn[holder]) return Math.min(MAX_TEMP, t + HEAT_PER_TICK);
  const [ambient, rate] = holderObject?.name === 'freezer' ? [-20, 10] : holderObject?.name === 'fridge' ? [4, 5] : [20, 5];
  return t > ambient ? Math.max(ambient, t - rate) : Math.min(ambient, t + rate);
}

/** Temperatures after `ticks` ticks (a new array, or the same one when nothing changes). */
export function tick(view: View, ticks: number): number[] {
  let temp = view.temp;
  for (let o = 0; o < temp.length; o++) {
    if (view.objects[o].kind !== 'substance') continue;
    let t = temp[o];
    for (let k = 0; k < ticks; k++) t = nextTemp(view, o, t);
    if (t !== temp[o]) {
      if (temp === view.temp) temp = temp.slice();
      temp[o] = t;
    }
  }
  return temp;
}

export const wireKey = (a: number, b: number) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The bulb lights when battery–bulb and battery–X–bulb are wired through a conductive X. */
export function bulbIsOn(view: View, bulb: number): boolean {
  const battery = view.objects.findIndex((o) => o.name === 'battery');
  if (battery < 0 || !view.wires.includes(wireKey(battery, bulb))) return false;
  return view.objects.some(
    (o, x) => o.conductive === true && view.wires.includes(wireKey(battery, x)) && view.wires.includes(wireKey(x, bulb)),
  );
}
