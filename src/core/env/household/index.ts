/**
 * household-v0: a miniature of ALFWorld (text), the household benchmark of the PlanPO paper.
 *
 * ## Description
 * One room (kitchen, living room, bedroom or bathroom) with numbered receptacles and objects.
 * The agent starts in the middle of the room and must reach one of ALFWorld's six type-level
 * goals (`put a apple in fridge.`, `heat some egg and put it in diningtable.`, ...). Only the
 * receptacles are listed at the start; contents show on arrival, `examine`, or opening.
 *
 * ## Actions
 * Exact command strings (ALFWorld grammar): `go to {r}`, `open {r}`, `close {r}`,
 * `take {o} from {r}`, `move {o} to {r}` (legacy dialect: `put {o} in/on {r}`),
 * `heat|cool|clean {o} with {r}`, `use {o}` (lamps), `examine {r}`, `examine {o}`, `inventory`,
 * `look`. `admissibleActions` lists them sorted and de-duplicated. Anything else answers
 * `Nothing happens.` and leaves the world unchanged.
 *
 * ## Observation
 * ALFWorld's text: the reset observation is the welcome banner, the room overview and
 * `Your task is to: ...`; each step returns that command's feedback.
 *
 * ## Reward
 * 10 on the step that satisfies the goal (verl-agent's scale), else 0.
 *
 * Intermediate checks (`intermediateChecks`, for shaped rewards; see checks.ts): holding an
 * object of the goal's type, that object clean/hot/cool as the task needs, the lamp on, one of
 * two objects placed. They change no reward of the env itself.
 *
 * ## Episode end
 * On success, or when `turn` reaches `maxTurns` (default 30, at most 50). Every step counts as a
 * turn, including inadmissible ones (unlike TextWorld's move counter, like verl-agent's step cap).
 *
 * ## Options
 * `taskType` (one of six, random when omitted), `split` (`seen` | `unseen` layouts), `size`
 * (receptacles, 4..20, default 6), `maxTurns`, `dialect` (`current` | `legacy`).
 *
 * ## Version history
 * - v0: first version.
 */
import type { EnvOptions, SizeRange, StepResult, TextEnv } from '../types';
import { admissibleCommands, applyCommand, type HouseholdView } from './dynamics';
import { generateWorld, type WorldSpec } from './generate';
import { householdChecks } from './checks';
import { goalSatisfied } from './goal';
import { solveHousehold } from './oracle';
import { HOUSEHOLD_TASK_TYPES, type HouseholdDialect, type HouseholdState } from './state';
import { checkChoice, resolveCommonOptions, SPLITS } from '../options';
import { constructDemoGroup, demoOptions } from '../demo';
import { NOTHING_HAPPENS, commandText, feedbackText, introText } from './text';

export const HOUSEHOLD_DEFAULT_MAX_TURNS = 30;
export const HOUSEHOLD_MAX_TURNS_LIMIT = 50;
export const HOUSEHOLD_SIZE = { min: 4, default: 6, max: 20 } as const;
/** The `size` option's declaration: the registry entry's `sizeRange`, and what reset checks against. */
const HOUSEHOLD_SIZE_RANGE: SizeRange = { ...HOUSEHOLD_SIZE, unit: 'receptacles' };
export const HOUSEHOLD_DIALECTS: readonly HouseholdDialect[] = ['current', 'legacy'];
const ENV = 'household-v0';

/** Reward paid on the success step (verl-agent: 10 · won). */
export const SUCCESS_REWARD = 10;

/** Validated options with defaults; the task type is drawn from the seed when omitted. */
export function householdSpec(seed: number, options: EnvOptions = {}): WorldSpec {
  return {
    ...resolveCommonOptions(seed, options, {
      env: ENV, stream: 'household', taskTypes: HOUSEHOLD_TASK_TYPES, size: HOUSEHOLD_SIZE_RANGE,
      maxTurns: { limit: HOUSEHOLD_MAX_TURNS_LIMIT, default: HOUSEHOLD_DEFAULT_MAX_TURNS },
    }),
    dialect: checkChoice(ENV, 'dialect', options.dialect, HOUSEHOLD_DIALECTS) ?? 'current',
  };
}

type CommandTable = ReadonlyMap<string, ReturnType<typeof admissibleCommands>[number]>;

/**
 * Per state: a state is never changed once `reset` or `step` returned it, and the same state is
 * asked for its commands by every group member that shares it (all G at the first turn) and again
 * by `step`, so its table is built once.
 */
const COMMAND_TABLES = new WeakMap<HouseholdState, CommandTable>();

function commandTable(state: HouseholdState): CommandTable {
  let table = COMMAND_TABLES.get(state);
  if (!table) {
    table = new Map(admissibleCommands(state).map((c) => [commandText(state, c), c]));
    COMMAND_TABLES.set(state, table);
  }
  return table;
}

function step(state: HouseholdState, action: string): StepResult<HouseholdState> {
  if (state.done) return { state, observation: NOTHING_HAPPENS, reward: 0, done: true, success: state.success };
  const turn = state.turn + 1;
  const command = commandTable(state).get(action.trim());
  let next: HouseholdState;
  let observation = NOTHING_HAPPENS;
  if (command) {
    next = { ...state, ...applyCommand(state, command), turn };
    observation = feedbackText(state, next as HouseholdView, command);
  } else {
    next = { ...state, turn };
  }
  const success = command !== undefined && goalSatisfied(next);
  const done = success || turn >= state.maxTurns;
  next.done = done;
  next.success = success;
  return { state: next, observation, reward: success ? SUCCESS_REWARD : 0, done, success };
}

export const householdEnv: TextEnv<HouseholdState> = {
  id: 'household-v0',
  label: 'Household (ALFWorld miniature)',
  maxTurns: HOUSEHOLD_DEFAULT_MAX_TURNS,
  maxTurnsLimit: HOUSEHOLD_MAX_TURNS_LIMIT,
  sizeRange: HOUSEHOLD_SIZE_RANGE,
  taskTypes: HOUSEHOLD_TASK_TYPES,
  splits: SPLITS,
  noOpFeedback: NOTHING_HAPPENS,
  demoGroup: (seed, taskType) => constructDemoGroup(householdEnv, seed, demoOptions(householdEnv, taskType)),
  reset(seed, options) {
    const state = generateWorld(seed, householdSpec(seed, options));
    return { state, observation: introText(state, state.task), task: state.task };
  },
  step,
  admissibleActions(state) {
    if (state.done) return [];
    return [...commandTable(state).keys()].sort();
  },
  solve: solveHousehold,
  describeLocation(state) {
    return state.at < 0 ? null : state.receptacles[state.at].name;
  },
  intermediateChecks: householdChecks,
};

export type { HouseholdState, HouseholdTaskType, HouseholdDialect } from './state';
