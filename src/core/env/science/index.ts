/**
 * science-v0: a miniature of ScienceWorld, the science-experiment benchmark of the PlanPO paper.
 *
 * ## Description
 * A house of rooms joined by doors (ScienceWorld's map: hallway, kitchen, bathroom, bedroom,
 * living room, art studio, workshop, greenhouse, outside, foundry; a connected subset per task).
 * Three task families with eight task types: change of state (`boil`, `melt`, `freeze`, with
 * temperatures that change every tick), `test-conductivity` (answer boxes; a battery and light
 * bulb to test with), and `find-living-thing` / `find-non-living-thing` / `find-plant` /
 * `find-animal`.
 *
 * ## Actions
 * ScienceWorld's core grammar: `look around`, `look at X`, `inventory`, `task`, `open door to R`,
 * `close door to R`, `go to R`, `open X`, `close X`, `pick up X`, `put down X`, `move X to Y`,
 * `focus on X`, `activate X`, `deactivate X`, `connect X to Y`, `wait` (10 ticks), `wait1`.
 * `admissibleActions` lists the valid action–object combinations, sorted. Anything else gets
 * `No known action matches that input.` and changes nothing.
 *
 * ## Observation
 * ScienceWorld's text; the reset observation is the task, a newline, then `look around`
 * (AgentGym's format).
 *
 * ## Reward
 * ScienceWorld's: the change in score each step (so rewards sum to the final score, 0..100, or
 * −100 after a failure). Ordered subgoals (focus, then the state change / the right box) and two
 * optional ones; a first `focus on` a wrong object fails the task.
 *
 * ## Episode end
 * At score 100 (success), on failure (score −100), or at `maxTurns` (default 20, at most 100).
 *
 * ## Options
 * `taskType`, `split` (`unseen` variations are never produced by `seen`), `size` (rooms on the
 * map, 2..10, default 4; tasks that need more rooms get them), `maxTurns`. The agent starts in a
 * room of the map drawn from the seed.
 *
 * ## Version history
 * - v0: first version; then (issue 14, docs/environments/science.md) the start room drawn from the
 *   seed, sizes from 2 rooms, more everyday things per room, and a later focus never failing once the
 *   focus subgoal is met (ScienceWorld checks only the current subgoal).
 */
import { resolveCommonOptions, SPLITS } from '../options';
import { constructDemoGroup, demoOptions } from '../demo';
import type { EnvOptions, SizeRange, StepResult, TextEnv } from '../types';
import { applyScience } from './apply';
import { commandText, scienceCommands, type SciCommand } from './commands';
import { generateScience, type ScienceSpec } from './generate';
import { solveScience } from './oracle';
import { SCIENCE_TASK_TYPES, type ScienceState } from './state';
import { NO_ACTION, lookAround } from './text';

export const SCIENCE_DEFAULT_MAX_TURNS = 20;
export const SCIENCE_MAX_TURNS_LIMIT = 100;
export const SCIENCE_SIZE = { min: 2, default: 4, max: 10 } as const;
/** The `size` option's declaration: the registry entry's `sizeRange`, and what reset checks against. */
const SCIENCE_SIZE_RANGE: SizeRange = { ...SCIENCE_SIZE, unit: 'rooms' };
const ENV = 'science-v0';

export function scienceSpec(seed: number, options: EnvOptions = {}): ScienceSpec {
  return resolveCommonOptions(seed, options, {
    env: ENV, stream: 'science', taskTypes: SCIENCE_TASK_TYPES, size: SCIENCE_SIZE_RANGE,
    maxTurns: { limit: SCIENCE_MAX_TURNS_LIMIT, default: SCIENCE_DEFAULT_MAX_TURNS },
  });
}

function commandTable(state: ScienceState): Map<string, SciCommand> {
  const table = new Map<string, SciCommand>();
  for (const c of scienceCommands(state)) {
    const text = commandText(state, c);
    if (!table.has(text)) table.set(text, c);
  }
  return table;
}

function step(state: ScienceState, action: string): StepResult<ScienceState> {
  if (state.done) return { state, observation: NO_ACTION, reward: 0, done: true, success: state.success };
  const turn = state.turn + 1;
  const command = commandTable(state).get(action.trim().toLowerCase());
  const applied = command ? applyScience(state, command) : null;
  const next: ScienceState = applied ? { ...state, ...applied.dynamics, turn } : { ...state, turn };
  next.success = next.score === 100;
  next.done = next.success || next.score < 0 || turn >= state.maxTurns;
  const reward = next.score - state.score;
  return { state: next, observation: applied ? applied.text : NO_ACTION, reward, done: next.done, success: next.success };
}

export const scienceEnv: TextEnv<ScienceState> = {
  id: 'science-v0',
  label: 'Science (ScienceWorld miniature)',
  maxTurns: SCIENCE_DEFAULT_MAX_TURNS,
  maxTurnsLimit: SCIENCE_MAX_TURNS_LIMIT,
  sizeRange: SCIENCE_SIZE_RANGE,
  taskTypes: SCIENCE_TASK_TYPES,
  splits: SPLITS,
  noOpFeedback: NO_ACTION,
  demoGroup: (seed, taskType) => constructDemoGroup(scienceEnv, seed, demoOptions(scienceEnv, taskType)),
  reset(seed, options) {
    const state = generateScience(seed, scienceSpec(seed, options));
    return { state, observation: `${state.task}\n${lookAround(state)}`, task: state.task };
  },
  step,
  admissibleActions(state) {
    if (state.done) return [];
    return [...commandTable(state).keys()].sort();
  },
  solve: solveScience,
  describeLocation(state) {
    return state.rooms[state.agentRoom];
  },
};

export type { ScienceState, ScienceTaskType } from './state';
