/**
 * household-v0 state: plain, JSON-serializable data. The static world (receptacles, objects,
 * goal) never changes after reset; the dynamic part (`at`, `objectIn`, `flags`, `opened`) is
 * copied on write by `step`, so a state is never mutated.
 */
import type { BaseEnvState, Split } from '../types';
import type { RoomType } from './catalog';

export const HOUSEHOLD_TASK_TYPES = [
  'pick_and_place_simple',
  'look_at_obj_in_light',
  'pick_clean_then_place_in_recep',
  'pick_heat_then_place_in_recep',
  'pick_cool_then_place_in_recep',
  'pick_two_obj_and_place',
] as const;
export type HouseholdTaskType = (typeof HOUSEHOLD_TASK_TYPES)[number];

export type HouseholdDialect = 'current' | 'legacy';

export interface Receptacle {
  /** `{type} {n}`, e.g. `countertop 1`. */
  name: string;
  type: string;
  openable: boolean;
  /** Legacy dialect's arrival text: `You arrive at loc {loc}.` */
  loc: number;
}

export interface HouseObject {
  /** `{type} {n}`, e.g. `apple 2`. */
  name: string;
  type: string;
}

/** Goal in ALFWorld's type-level sense: any object of type `object`, any receptacle of type `receptacle`. */
export interface HouseholdGoal {
  object: string;
  /** Target receptacle type (absent for look_at_obj_in_light). */
  receptacle?: string;
  /** Lamp type for look_at_obj_in_light. */
  toggle?: string;
}

/** Bits of `flags[i]`. */
export const HOT = 1;
export const COOL = 2;
export const CLEAN = 4;
export const ON = 8;

export interface HouseholdState extends BaseEnvState {
  taskType: HouseholdTaskType;
  dialect: HouseholdDialect;
  split: Split;
  room: RoomType;
  /** Canonical layout signature (room + sorted receptacle names); the seen/unseen split is a partition of these. */
  layout: string;
  /** Task text as shown after `Your task is to: `, with its trailing period. */
  task: string;
  goal: HouseholdGoal;
  receptacles: Receptacle[];
  objects: HouseObject[];
  /** Agent location: -1 in the middle of the room, else a receptacle index. */
  at: number;
  /** Per object: receptacle index, or -1 while held (at most one object is held). */
  objectIn: number[];
  /** Per object: HOT | COOL | CLEAN | ON bits. */
  flags: number[];
  /** Per receptacle: open (only meaningful for openable ones). */
  opened: boolean[];
}

/** The dynamic part of a state: what `step` changes (besides turn/done/success). */
export type HouseholdDynamics = Pick<HouseholdState, 'at' | 'objectIn' | 'flags' | 'opened'>;

/** Index of the held object, or -1. */
export function heldObject(state: Pick<HouseholdState, 'objectIn'>): number {
  return state.objectIn.indexOf(-1);
}
