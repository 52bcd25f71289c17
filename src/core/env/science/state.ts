/**
 * science-v0 state: plain data. Static: rooms, doors, objects, goal. Dynamic (copied on write):
 * where things are, doors/containers open, devices on, temperatures, focus and score progress.
 */
import type { BaseEnvState, Split } from '../types';
import type { ObjectKind, RoomName } from './world';

export const SCIENCE_TASK_TYPES = [
  'boil',
  'melt',
  'freeze',
  'test-conductivity',
  'find-living-thing',
  'find-non-living-thing',
  'find-plant',
  'find-animal',
] as const;
export type ScienceTaskType = (typeof SCIENCE_TASK_TYPES)[number];

export interface SciObject {
  /** Display name; for substances the liquid-state name (phase names come from SUBSTANCES). */
  name: string;
  kind: ObjectKind;
  portable: boolean;
  living?: 'animal' | 'plant';
  conductive?: boolean;
  /** Substance key (SUBSTANCES) for kind 'substance'. */
  substance?: string;
}

export interface ScienceGoal {
  family: 'change' | 'conductivity' | 'find';
  /** The object to focus on (change, conductivity); -1 for find (any qualifying thing). */
  target: number;
  /** change: the phase to reach. */
  phase?: 0 | 1 | 2;
  /** change: the phase the substance starts in (only then is it the substance to focus on). */
  fromPhase?: 0 | 1 | 2;
  /** find: which things qualify. */
  qualifies?: 'living' | 'non-living' | 'plant' | 'animal';
  /** The box the focused thing must end in (conductivity, find). */
  box?: number;
  /** conductivity: the other answer box (placing the object there fails the task). */
  wrongBox?: number;
}

/** `where[i]`: an object index (inside/on it), INVENTORY, or roomSlot(r) (lying in room r). */
export const INVENTORY = -1;
export const roomSlot = (room: number) => -2 - room;
export const slotRoom = (slot: number) => -2 - slot;

export interface ScienceState extends BaseEnvState {
  taskType: ScienceTaskType;
  split: Split;
  /** Canonical variation signature; the seen/unseen split is a partition of these. */
  variation: string;
  task: string;
  goal: ScienceGoal;
  /** Rooms on this map (indices into ROOM_NAMES order are not used: these are names). */
  rooms: RoomName[];
  /** Doors between rooms of this map, as [roomIndex, roomIndex]. */
  doors: Array<[number, number]>;
  objects: SciObject[];
  // Dynamic part.
  agentRoom: number;
  doorOpen: boolean[];
  where: number[];
  isOpen: boolean[];
  isOn: boolean[];
  /** Degrees celsius, per object (only substances change). */
  temp: number[];
  /** Connected pairs `a|b` (a < b), for the battery / light bulb circuit. */
  wires: string[];
  /** Focused object, or -1. */
  focus: number;
  /** Ordered subgoals completed so far. */
  progress: number;
  /** Optional (unordered) subgoals completed. */
  bonus: boolean[];
  /** ScienceWorld score: 0..100, or -100 after a failure. */
  score: number;
}

/** The dynamic part `step` changes (besides turn/done/success). */
export type ScienceDynamics = Pick<
  ScienceState,
  'agentRoom' | 'doorOpen' | 'where' | 'isOpen' | 'isOn' | 'temp' | 'wires' | 'focus' | 'progress' | 'bonus' | 'score'
>;
