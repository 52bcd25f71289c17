/**
 * household-v0 goals: ALFWorld's six task types, their instruction templates (verbatim from
 * `goal_library.py`) and success conditions (from `alfred.pddl`), all type-level.
 */
import { CLEAN, COOL, HOT, ON, heldObject, type HouseholdGoal, type HouseholdTaskType } from './state';
import type { HouseholdView } from './dynamics';

/** The flag the placed object must carry, per task type. */
export const REQUIRED_FLAG: Readonly<Record<HouseholdTaskType, number>> = {
  pick_and_place_simple: 0,
  look_at_obj_in_light: 0,
  pick_clean_then_place_in_recep: CLEAN,
  pick_heat_then_place_in_recep: HOT,
  pick_cool_then_place_in_recep: COOL,
  pick_two_obj_and_place: 0,
};

/** Two templates per task type; `{obj}`, `{recep}`, `{toggle}` are lower-cased type names. */
export const TASK_TEMPLATES: Readonly<Record<HouseholdTaskType, readonly [string, string]>> = {
  pick_and_place_simple: ['put a {obj} in {recep}', 'put some {obj} on {recep}'],
  look_at_obj_in_light: ['look at {obj} under the {toggle}', 'examine the {obj} with the {toggle}'],
  pick_clean_then_place_in_recep: ['put a clean {obj} in {recep}', 'clean some {obj} and put it in {recep}'],
  pick_heat_then_place_in_recep: ['put a hot {obj} in {recep}', 'heat some {obj} and put it in {recep}'],
  pick_cool_then_place_in_recep: ['put a cool {obj} in {recep}', 'cool some {obj} and put it in {recep}'],
  pick_two_obj_and_place: ['put two {obj} in {recep}', 'find two {obj} and put them in {recep}'],
};

/** The task text (without the trailing period). */
export function taskText(taskType: HouseholdTaskType, goal: HouseholdGoal, template: 0 | 1): string {
  return TASK_TEMPLATES[taskType][template]
    .replace('{obj}', goal.object)
    .replace('{recep}', goal.receptacle ?? '')
    .replace('{toggle}', goal.toggle ?? '');
}

/** Number of goal-type objects (with the required flag) in each receptacle index. */
function placedCounts(view: HouseholdView): Map<number, number> {
  const need = REQUIRED_FLAG[view.taskType];
  const counts = new Map<number, number>();
  for (let o = 0; o < view.objects.length; o++) {
    const r = view.objectIn[o];
    if (r < 0 || view.objects[o].type !== view.goal.object) continue;
    if ((view.flags[o] & need) !== need) continue;
    if (view.receptacles[r].type !== view.goal.receptacle) continue;
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  return counts;
}

/** look_at_obj_in_light: holding the object, next to a lamp of the right type that is on. */
function lookSatisfied(view: HouseholdView): boolean {
  const held = heldObject(view);
  if (held < 0 || view.objects[held].type !== view.goal.object || view.at < 0) return false;
  for (let o = 0; o < view.objects.length; o++) {
    if (view.objectIn[o] === view.at && view.objects[o].type === view.goal.toggle && view.flags[o] & ON) return true;
  }
  return false;
}

/** The PDDL goal, checked after every step. */
export function goalSatisfied(view: HouseholdView): boolean {
  if (view.taskType === 'look_at_obj_in_light') return lookSatisfied(view);
  const needed = view.taskType === 'pick_two_obj_and_place' ? 2 : 1;
  for (const count of placedCounts(view).values()) if (count >= needed) return true;
  return false;
}
