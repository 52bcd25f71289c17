/**
 * science-v0 scoring, after ScienceWorld's `GoalSequence`: ordered subgoals must be met in order,
 * optional (unordered) ones add a small bonus, and the score is
 *
 *   s = k/|ordered| + (#optional met) · (1/(|ordered|+1)) / |optional|,   reported as round(100·s),
 *
 * exactly 100 once every ordered subgoal is met, and −100 after a failure (focusing on a wrong
 * object; putting the conductivity object in the wrong box).
 */
import { isCarried, phaseOf, roomOf } from './physics';
import type { ScienceState } from './state';

type View = Omit<ScienceState, 'turn' | 'maxTurns' | 'done' | 'success'>;
type Check = (view: View) => boolean;

/** Does object o satisfy a find task's category? */
export function qualifies(view: View, o: number): boolean {
  const object = view.objects[o];
  switch (view.goal.qualifies) {
    case 'living':
      return object.living !== undefined;
    case 'plant':
    case 'animal':
      return object.living === view.goal.qualifies;
    case 'non-living':
      return object.living === undefined && object.portable && object.kind === 'item';
    default:
      return false;
  }
}

/**
 * Is focusing on o the right commitment? For a change of state, only the substance in its
 * starting state (once changed, ScienceWorld has made a new substance: steam is not the water).
 * Like ScienceWorld's GoalSequence, only the current subgoal judges a focus: once the focus subgoal
 * is met (a focus always meets it at once), a later focus just moves it and never fails.
 */
export function rightFocus(view: View, o: number): boolean {
  if (view.progress > 0) return true;
  if (view.goal.family === 'find') return qualifies(view, o);
  if (view.goal.family === 'change') return o === view.goal.target && phaseOf(view, o) === view.goal.fromPhase;
  return o === view.goal.target;
}

const vesselOf = (view: View) => view.where[view.goal.target];

export function orderedSubgoals(view: View): Check[] {
  const { goal } = view;
  if (goal.family === 'change') return [(v) => v.focus === goal.target, (v) => phaseOf(v, goal.target) === goal.phase];
  return [(v) => v.focus >= 0, (v) => v.where[v.focus] === goal.box];
}

export function optionalSubgoals(view: View): Check[] {
  const { goal } = view;
  if (goal.family === 'change') {
    const device = goal.phase === 0 ? 'freezer' : 'stove';
    const kitchen = view.rooms.indexOf('kitchen');
    return [(v) => v.where[vesselOf(v)] >= 0 && v.objects[v.where[vesselOf(v)]].name === device, (v) => v.agentRoom === kitchen];
  }
  const destination = roomOf(view, goal.box!);
  const carried: Check =
    goal.family === 'conductivity' ? (v) => isCarried(v, goal.target) : (v) => v.objects.some((_, o) => qualifies(v, o) && isCarried(v, o));
  return [carried, (v) => v.agentRoom === destination];
}

export function failed(view: View): boolean {
  return view.goal.family === 'conductivity' && view.where[view.goal.target] === view.goal.wrongBox;
}

/** Progress, bonus and score after a step (a failure is handled by the caller). */
export function rescore(view: View): Pick<ScienceState, 'progress' | 'bonus' | 'score'> {
  if (view.score < 0) return { progress: view.progress, bonus: view.bonus, score: view.score };
  if (failed(view)) return { progress: view.progress, bonus: view.bonus, score: -100 };
  const ordered = orderedSubgoals(view);
  let progress = view.progress;
  while (progress < ordered.length && ordered[progress](view)) progress++;
  const bonus = optionalSubgoals(view).map((check, i) => view.bonus[i] || check(view));
  if (progress === ordered.length) return { progress, bonus, score: 100 };
  const met = bonus.filter(Boolean).length;
  const s = progress / ordered.length + (met * (1 / (ordered.length + 1))) / bonus.length;
  return { progress, bonus, score: Math.round(100 * s) };
}
