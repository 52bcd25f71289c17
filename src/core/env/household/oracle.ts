/**
 * household-v0 oracle: a shortest successful plan by breadth-first search over the dynamic state,
 * with the full knowledge of where every object is (the oracle is not partially observed).
 *
 * The search uses the real dynamics (`admissibleCommands` / `applyCommand`) but skips commands
 * that can never shorten a plan: `look`, `inventory`, `examine`, `close`, taking an object that
 * is not of the goal type, heat/cool/clean other than the task's, and going to a receptacle that
 * is not relevant (holds a goal-type object, is of the target type or the task's appliance, holds
 * the goal lamp, or can take the non-goal object in hand). Tests check minimality against an
 * unpruned exhaustive search on small instances.
 */
import { canContain } from './catalog';
import { APPLIANCE, admissibleCommands, applyCommand, type Command, type HouseholdView } from './dynamics';
import { goalSatisfied } from './goal';
import { heldObject, type HouseholdState, type HouseholdTaskType } from './state';
import { commandText } from './text';

const TASK_VERB: Partial<Record<HouseholdTaskType, 'heat' | 'cool' | 'clean'>> = {
  pick_clean_then_place_in_recep: 'clean',
  pick_heat_then_place_in_recep: 'heat',
  pick_cool_then_place_in_recep: 'cool',
};

/** Receptacles worth going to / opening from `view`. */
function relevantReceptacles(view: HouseholdView): boolean[] {
  const { goal, taskType, receptacles, objects, objectIn } = view;
  const verb = TASK_VERB[taskType];
  const held = heldObject(view);
  const stray = held >= 0 && objects[held].type !== goal.object ? objects[held].type : null;
  const relevant = receptacles.map(
    (r) =>
      r.type === goal.receptacle ||
      (verb !== undefined && r.type === APPLIANCE[verb]) ||
      (stray !== null && canContain(r.type, stray)),
  );
  for (let o = 0; o < objects.length; o++) {
    const r = objectIn[o];
    if (r >= 0 && (objects[o].type === goal.object || objects[o].type === goal.toggle)) relevant[r] = true;
  }
  return relevant;
}

function useful(view: HouseholdView, c: Command, relevant: boolean[]): boolean {
  switch (c.verb) {
    case 'go':
    case 'open':
      return relevant[c.r];
    case 'take':
      return view.objects[c.o].type === view.goal.object;
    case 'move':
      return true;
    case 'heat':
    case 'cool':
    case 'clean':
      return TASK_VERB[view.taskType] === c.verb;
    case 'use':
      return view.objects[c.o].type === view.goal.toggle;
    default:
      return false;
  }
}

/** Commands the search expands from `view`. */
export function usefulCommands(view: HouseholdView): Command[] {
  const relevant = relevantReceptacles(view);
  return admissibleCommands(view).filter((c) => useful(view, c, relevant));
}

/** A key for the dynamic part of a state. */
export function dynamicsKey(view: HouseholdView): string {
  let opened = '';
  for (const isOpen of view.opened) opened += isOpen ? '1' : '0';
  return `${view.at}|${view.objectIn.join(',')}|${view.flags.join(',')}|${opened}`;
}

interface Node {
  view: HouseholdView;
  parent: number;
  command: Command | null;
}

/** Breadth-first search with `expand`; returns the command path, or null if the goal is unreachable. */
export function shortestPath(start: HouseholdView, expand: (view: HouseholdView) => Command[]): Command[] | null {
  if (goalSatisfied(start)) return [];
  const nodes: Node[] = [{ view: start, parent: -1, command: null }];
  const visited = new Set<string>([dynamicsKey(start)]);
  for (let head = 0; head < nodes.length; head++) {
    const { view } = nodes[head];
    for (const command of expand(view)) {
      const next: HouseholdView = { ...view, ...applyCommand(view, command) };
      const key = dynamicsKey(next);
      if (visited.has(key)) continue;
      visited.add(key);
      nodes.push({ view: next, parent: head, command });
      if (goalSatisfied(next)) return pathTo(nodes, nodes.length - 1);
    }
  }
  return null;
}

function pathTo(nodes: Node[], index: number): Command[] {
  const path: Command[] = [];
  for (let i = index; nodes[i].command !== null; i = nodes[i].parent) path.push(nodes[i].command!);
  return path.reverse();
}

/**
 * A shortest plan (command strings) from `state` to the goal, ignoring how many turns are left;
 * [] once the episode is over (won or truncated).
 */
export function solveHousehold(state: HouseholdState): string[] {
  if (state.done) return [];
  const path = shortestPath(state, usefulCommands);
  if (path === null) throw new Error(`household-v0: no plan reaches the goal "${state.task}"`);
  const plan: string[] = [];
  let view: HouseholdView = state;
  for (const command of path) {
    plan.push(commandText(view, command));
    view = { ...view, ...applyCommand(view, command) };
  }
  return plan;
}
