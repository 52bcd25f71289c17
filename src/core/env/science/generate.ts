/**
 * science-v0 generation: a task variation (with the seen/unseen partition), then a map of rooms
 * that contains what the variation needs, then the objects.
 */
import { createRng, deriveSeed, type Rng } from '../../math/rng';
import type { Split } from '../types';
import { drawInSplit, signatureSplit } from '../split';
import { buildObjects } from './objects';
import { SCIENCE_TASK_TYPES, type ScienceState, type ScienceTaskType } from './state';
import { DOORS, ROOM_NAMES, type RoomName } from './world';
import { drawVariation, type Variation } from './variations';

export interface ScienceSpec {
  taskType: ScienceTaskType;
  split: Split;
  size: number;
  maxTurns: number;
}

const VARIATION_NAMESPACE = 'science-variation';

/** Which split a variation signature belongs to (a fixed hash partition). */
export function variationSplit(signature: string): Split {
  return signatureSplit(VARIATION_NAMESPACE, signature);
}

function neighbours(room: RoomName): RoomName[] {
  return DOORS.flatMap(([a, b]) => (a === room ? [b] : b === room ? [a] : []));
}

/** Rooms on a shortest door path from the hallway to `to` (breadth-first, DOORS order breaks ties). */
function pathFromHallway(to: RoomName): RoomName[] {
  const parent = new Map<RoomName, RoomName | null>([['hallway', null]]);
  const queue: RoomName[] = ['hallway'];
  while (queue.length > 0) {
    const room = queue.shift()!;
    for (const next of neighbours(room)) {
      if (!parent.has(next)) {
        parent.set(next, room);
        queue.push(next);
      }
    }
  }
  const path: RoomName[] = [];
  for (let r: RoomName | null = to; r !== null; r = parent.get(r) ?? null) path.push(r);
  return path;
}

/** The map: the hallway, paths to the required rooms, then random neighbours up to `size` rooms. */
function drawMap(required: readonly RoomName[], size: number, rng: Rng): RoomName[] {
  const chosen = new Set<RoomName>(['hallway', ...required.flatMap(pathFromHallway)]);
  while (chosen.size < size) {
    const frontier = ROOM_NAMES.filter((r) => !chosen.has(r) && neighbours(r).some((n) => chosen.has(n)));
    if (frontier.length === 0) break;
    chosen.add(rng.pick(frontier));
  }
  return ROOM_NAMES.filter((r) => chosen.has(r));
}

function drawSplitVariation(seed: number, spec: ScienceSpec): Variation {
  const draw = (rng: Rng) => {
    const variation = drawVariation(spec.taskType, rng);
    return { value: variation, signature: variation.signature, namespace: VARIATION_NAMESPACE };
  };
  return drawInSplit(seed, ['science', 'variation'], spec.split, draw, `science-v0 variation of ${spec.taskType}`);
}

export function generateScience(seed: number, spec: ScienceSpec): ScienceState {
  const variation = drawSplitVariation(seed, spec);
  const rooms = drawMap(variation.rooms, spec.size, createRng(deriveSeed(seed, 'science', 'map')));
  const doors = DOORS.filter(([a, b]) => rooms.includes(a) && rooms.includes(b)).map(
    ([a, b]) => [rooms.indexOf(a), rooms.indexOf(b)] as [number, number],
  );
  const built = buildObjects(variation, rooms, createRng(deriveSeed(seed, 'science', 'objects')));
  return {
    turn: 0,
    maxTurns: spec.maxTurns,
    done: false,
    success: false,
    taskType: spec.taskType,
    split: spec.split,
    variation: variation.signature,
    task: variation.task,
    goal: built.goal,
    rooms,
    doors,
    objects: built.objects,
    agentRoom: createRng(deriveSeed(seed, 'science', 'start')).int(rooms.length),
    doorOpen: doors.map(() => false),
    where: built.where,
    isOpen: built.objects.map(() => false),
    isOn: built.objects.map(() => false),
    temp: built.temp,
    wires: [],
    focus: -1,
    progress: 0,
    bonus: [false, false],
    score: 0,
  };
}

export { SCIENCE_TASK_TYPES };
