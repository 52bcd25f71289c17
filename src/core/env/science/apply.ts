/**
 * science-v0 effects: what each command does and says, then one world tick (ten for `wait`),
 * then the score update. Pure: arrays that change are copied.
 */
import { across, type SciCommand } from './commands';
import { displayName, tick, wireKey } from './physics';
import { rescore, rightFocus } from './score';
import { INVENTORY, roomSlot, type ScienceDynamics, type ScienceState } from './state';
import { describe, inventoryText, lookAround } from './text';

type View = Omit<ScienceState, 'turn' | 'maxTurns' | 'done' | 'success'>;

function set<T>(items: T[], i: number, value: T): T[] {
  const next = items.slice();
  next[i] = value;
  return next;
}

/** The command's own effect (before the tick) and its feedback text. */
function effect(view: View, c: SciCommand): { change: Partial<ScienceDynamics>; text: string } {
  const name = c.a >= 0 && c.verb !== 'go to' && !c.verb.includes('door') ? displayName(view, c.a) : '';
  switch (c.verb) {
    case 'go to':
      return { change: { agentRoom: across(view, c.a) }, text: `You move to the ${view.rooms[across(view, c.a)]}.` };
    case 'open door to':
      return { change: { doorOpen: set(view.doorOpen, c.a, true) }, text: 'The door is now open.' };
    case 'close door to':
      return { change: { doorOpen: set(view.doorOpen, c.a, false) }, text: 'The door is now closed.' };
    case 'open':
    case 'close':
      return { change: { isOpen: set(view.isOpen, c.a, c.verb === 'open') }, text: `The ${name} is now ${c.verb === 'open' ? 'open' : 'closed'}.` };
    case 'activate':
    case 'deactivate':
      return { change: { isOn: set(view.isOn, c.a, c.verb === 'activate') }, text: `The ${name} is now ${c.verb}d.` };
    case 'pick up':
      return { change: { where: set(view.where, c.a, INVENTORY) }, text: `You move the ${name} to the inventory.` };
    case 'put down':
      return { change: { where: set(view.where, c.a, roomSlot(view.agentRoom)) }, text: `You move the ${name} to the ${view.rooms[view.agentRoom]}.` };
    case 'move':
      return { change: { where: set(view.where, c.a, c.b) }, text: `You move the ${name} to the ${displayName(view, c.b)}.` };
    case 'connect':
      return { change: { wires: [...view.wires, wireKey(c.a, c.b)].sort() }, text: `The ${name} is now connected to the ${displayName(view, c.b)}.` };
    case 'focus on':
      return rightFocus(view, c.a) ? { change: { focus: c.a }, text: `You focus on the ${name}.` } : { change: { score: -100 }, text: `You focus on the ${name}.` };
    case 'look at':
      return { change: {}, text: describe(view, c.a) };
    case 'look around':
      return { change: {}, text: lookAround(view) };
    case 'inventory':
      return { change: {}, text: inventoryText(view) };
    case 'task':
      return { change: {}, text: view.task };
    case 'wait':
      return { change: {}, text: 'You decide to wait for 10 iterations.' };
    case 'wait1':
      return { change: {}, text: 'You decide to wait for 1 iterations.' };
  }
}

/** The dynamics after command c (effect, tick, score) and the feedback. */
export function applyScience(view: View, c: SciCommand): { dynamics: ScienceDynamics; text: string } {
  const { change, text } = effect(view, c);
  const next = { ...view, ...change };
  next.temp = tick(next, c.verb === 'wait' ? 10 : 1);
  Object.assign(next, rescore(next));
  const { agentRoom, doorOpen, where, isOpen, isOn, temp, wires, focus, progress, bonus, score } = next;
  return { dynamics: { agentRoom, doorOpen, where, isOpen, isOn, temp, wires, focus, progress, bonus, score }, text };
}
