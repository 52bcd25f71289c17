/**
 * household-v0 world generation: room layout (with the seen/unseen partition), goal, and object
 * placement, all drawn from named streams under the reset seed.
 */
import { createRng, deriveSeed, type Rng } from '../../math/rng';
import type { Split } from '../types';
import { drawInSplit, signatureSplit } from '../split';
import { OBJECT_KINDS, OPENABLE_TYPES, ROOMS, canContain, type RoomType } from './catalog';
import { APPLIANCE } from './dynamics';
import { taskText } from './goal';
import type { HouseObject, HouseholdDialect, HouseholdGoal, HouseholdState, HouseholdTaskType, Receptacle } from './state';

/** Room types where each task type can occur (ALFWorld `GOALS_VALID`). */
export const TASK_ROOMS: Readonly<Record<HouseholdTaskType, readonly RoomType[]>> = {
  pick_and_place_simple: ['kitchen', 'livingroom', 'bedroom', 'bathroom'],
  look_at_obj_in_light: ['livingroom', 'bedroom'],
  pick_clean_then_place_in_recep: ['kitchen', 'bathroom'],
  pick_heat_then_place_in_recep: ['kitchen'],
  pick_cool_then_place_in_recep: ['kitchen'],
  pick_two_obj_and_place: ['kitchen', 'livingroom', 'bedroom', 'bathroom'],
};

export interface WorldSpec {
  taskType: HouseholdTaskType;
  split: Split;
  size: number;
  maxTurns: number;
  dialect: HouseholdDialect;
}

const LAYOUT_NAMESPACE = 'household-layout';

/** Which split a layout signature belongs to: a hash partition, so the two splits never share a layout. */
export function layoutSplit(signature: string): Split {
  return signatureSplit(LAYOUT_NAMESPACE, signature);
}

function layoutTypes(room: RoomType, size: number, rng: Rng): string[] {
  const kind = ROOMS[room];
  const types = [...kind.core];
  const count = (type: string) => types.filter((t) => t === type).length;
  while (types.length < size) {
    const open = kind.extras.filter((e) => count(e.type) < e.max);
    if (open.length === 0) break;
    types.push(open[rng.categorical(open.map((e) => e.weight))].type);
  }
  return types;
}

function nameReceptacles(types: string[], rng: Rng): Receptacle[] {
  const sorted = types.slice().sort();
  const seen = new Map<string, number>();
  const locs = rng.shuffled(Array.from({ length: sorted.length * 2 + 5 }, (_, i) => i + 1));
  return sorted.map((type, i) => {
    const n = (seen.get(type) ?? 0) + 1;
    seen.set(type, n);
    return { name: `${type} ${n}`, type, openable: OPENABLE_TYPES.has(type), loc: locs[i] };
  });
}

/** A layout of the requested split: redraw (from numbered streams) until the signature falls in it. */
function drawLayout(seed: number, room: RoomType, spec: WorldSpec): { receptacles: Receptacle[]; layout: string } {
  const draw = (rng: Rng) => {
    const receptacles = nameReceptacles(layoutTypes(room, spec.size, rng), rng);
    const layout = `${room}:${receptacles.map((r) => r.name).join(',')}`;
    return { value: { receptacles, layout }, signature: layout, namespace: LAYOUT_NAMESPACE };
  };
  return drawInSplit(seed, ['household', 'layout'], spec.split, draw, `household-v0 ${room} layout of size ${spec.size}`);
}

const AFFORDANCE: Partial<Record<HouseholdTaskType, 'cleanable' | 'heatable' | 'coolable'>> = {
  pick_clean_then_place_in_recep: 'cleanable',
  pick_heat_then_place_in_recep: 'heatable',
  pick_cool_then_place_in_recep: 'coolable',
};

const EXCLUDED_TARGET: Partial<Record<HouseholdTaskType, string>> = {
  pick_clean_then_place_in_recep: APPLIANCE.clean,
  pick_heat_then_place_in_recep: APPLIANCE.heat,
  pick_cool_then_place_in_recep: APPLIANCE.cool,
};

/** (object type, receptacle type) goals that fit the room: the object can start somewhere else. */
function goalChoices(taskType: HouseholdTaskType, room: RoomType, present: string[]): Map<string, string[]> {
  const affordance = AFFORDANCE[taskType];
  const choices = new Map<string, string[]>();
  for (const object of ROOMS[room].objects) {
    const kind = OBJECT_KINDS[object];
    if (affordance && !kind[affordance]) continue;
    const homes = present.filter((t) => canContain(t, object));
    if (taskType === 'look_at_obj_in_light') {
      if (homes.length > 0) choices.set(object, []);
      continue;
    }
    const targets = homes.filter((t) => t !== EXCLUDED_TARGET[taskType] && homes.some((h) => h !== t));
    if (targets.length > 0) choices.set(object, targets);
  }
  return choices;
}

function drawGoal(taskType: HouseholdTaskType, room: RoomType, receptacles: Receptacle[], rng: Rng): HouseholdGoal {
  const present = [...new Set(receptacles.map((r) => r.type))];
  const choices = goalChoices(taskType, room, present);
  const objects = [...choices.keys()];
  if (objects.length === 0) throw new Error(`household-v0: no ${taskType} goal fits this ${room}`);
  const object = rng.pick(objects);
  if (taskType === 'look_at_obj_in_light') return { object, toggle: ROOMS[room].lamp };
  return { object, receptacle: rng.pick(choices.get(object)!) };
}

/** A receptacle index for an object of `type`, by the placement prior, avoiding `avoidType`. */
function placeObject(type: string, receptacles: Receptacle[], rng: Rng, avoidType?: string): number {
  const places = OBJECT_KINDS[type].places;
  const weights = receptacles.map((r) => (r.type === avoidType ? 0 : (places[r.type] ?? 0)));
  return weights.some((w) => w > 0) ? rng.categorical(weights) : -1;
}

function spawnObjects(spec: WorldSpec, room: RoomType, goal: HouseholdGoal, receptacles: Receptacle[], rng: Rng) {
  const spawned: Array<{ type: string; r: number }> = [];
  const goalCount = spec.taskType === 'pick_two_obj_and_place' ? 2 + rng.int(2) : 1 + (rng.next() < 0.25 ? 1 : 0);
  for (let i = 0; i < goalCount; i++) {
    spawned.push({ type: goal.object, r: placeObject(goal.object, receptacles, rng, goal.receptacle) });
  }
  const lamp = ROOMS[room].lamp;
  if (lamp) spawned.push({ type: lamp, r: placeObject(lamp, receptacles, rng) });
  const distractorTypes = ROOMS[room].objects.filter((t) => t !== goal.object);
  const distractors = Math.max(1, Math.min(12, Math.round(spec.size * 0.4)));
  for (let i = 0; i < distractors; i++) {
    const type = rng.pick(distractorTypes);
    spawned.push({ type, r: placeObject(type, receptacles, rng) });
  }
  // Shuffle before numbering so that list order and numbers do not reveal the goal objects.
  const placed = rng.shuffled(spawned.filter((s) => s.r >= 0));
  const seen = new Map<string, number>();
  const objects: HouseObject[] = placed.map(({ type }) => {
    const n = (seen.get(type) ?? 0) + 1;
    seen.set(type, n);
    return { name: `${type} ${n}`, type };
  });
  return { objects, objectIn: placed.map((s) => s.r) };
}

/** The initial state for `seed` under `spec`. */
export function generateWorld(seed: number, spec: WorldSpec): HouseholdState {
  const taskRng = createRng(deriveSeed(seed, 'household', 'task'));
  const room = taskRng.pick(TASK_ROOMS[spec.taskType]);
  const { receptacles, layout } = drawLayout(seed, room, spec);
  const goal = drawGoal(spec.taskType, room, receptacles, taskRng);
  const objectRng = createRng(deriveSeed(seed, 'household', 'objects'));
  const { objects, objectIn } = spawnObjects(spec, room, goal, receptacles, objectRng);
  const task = `${taskText(spec.taskType, goal, taskRng.int(2) as 0 | 1)}.`;
  return {
    turn: 0,
    maxTurns: spec.maxTurns,
    done: false,
    success: false,
    taskType: spec.taskType,
    dialect: spec.dialect,
    split: spec.split,
    room,
    layout,
    task,
    goal,
    receptacles,
    objects,
    at: -1,
    objectIn,
    flags: objects.map(() => 0),
    opened: receptacles.map(() => false),
  };
}
