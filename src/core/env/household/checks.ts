/**
 * household-v0's verifiable intermediate checks (`TextEnv.intermediateChecks`): steps toward the
 * goal that the state proves, named in words.
 *
 * - `holding a {obj}`: the held object is of the goal's type (every task type).
 * - `{obj} is clean|hot|cool`: an object of the goal's type carries the flag the task needs.
 * - `{toggle} is on`: look_at_obj_in_light, a lamp of the goal's type is on.
 * - `a {obj} in {recep}`: pick_two_obj_and_place, one goal object already placed.
 */
import { REQUIRED_FLAG } from './goal';
import { CLEAN, COOL, HOT, ON, heldObject, type HouseholdState } from './state';

const FLAG_WORD: Readonly<Record<number, string>> = { [CLEAN]: 'clean', [HOT]: 'hot', [COOL]: 'cool' };

export function householdChecks(state: HouseholdState): string[] {
  const { goal, objects, flags, objectIn, receptacles } = state;
  const out: string[] = [];
  const held = heldObject(state);
  if (held >= 0 && objects[held].type === goal.object) out.push(`holding a ${goal.object}`);
  const need = REQUIRED_FLAG[state.taskType];
  const ofGoal = objects.map((_, i) => i).filter((i) => objects[i].type === goal.object);
  if (need !== 0 && ofGoal.some((i) => (flags[i] & need) === need)) out.push(`${goal.object} is ${FLAG_WORD[need]}`);
  if (goal.toggle !== undefined && objects.some((o, i) => o.type === goal.toggle && (flags[i] & ON) !== 0)) out.push(`${goal.toggle} is on`);
  if (state.taskType === 'pick_two_obj_and_place' && ofGoal.some((i) => objectIn[i] >= 0 && receptacles[objectIn[i]].type === goal.receptacle)) {
    out.push(`a ${goal.object} in ${goal.receptacle}`);
  }
  return out;
}
