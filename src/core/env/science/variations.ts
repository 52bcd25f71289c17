/**
 * science-v0 task variations, after ScienceWorld's task families: change of state (boil, melt,
 * freeze), test conductivity, and find a living thing / non-living thing / plant / animal. The
 * task text is ScienceWorld's (`tasks/specifictasks/*.scala`), trailing space trimmed.
 */
import type { Rng } from '../../math/rng';
import type { ScienceTaskType } from './state';
import { BOX_COLORS, CONDUCTIVE, NONCONDUCTIVE, SUBSTANCES, VESSELS, type RoomName } from './world';

interface Common {
  /** Canonical signature (the seen/unseen partition is over these). */
  signature: string;
  task: string;
  /** Rooms the map must contain. */
  rooms: RoomName[];
}

export interface ChangeVariation extends Common {
  family: 'change';
  substance: string;
  vessel: string;
  /** Kitchen fixture the vessel starts in or on. */
  container: string;
  phase: 0 | 1 | 2;
}

export interface ConductivityVariation extends Common {
  family: 'conductivity';
  object: string;
  conductive: boolean;
  loc: RoomName;
  /** Colors of the conductive and the nonconductive answer boxes. */
  boxes: [string, string];
}

export interface FindVariation extends Common {
  family: 'find';
  qualifies: 'living' | 'non-living' | 'plant' | 'animal';
  /** Where the living things are (outside: animals; greenhouse: plants), or null. */
  source: RoomName | null;
  boxColor: string;
  boxRoom: RoomName;
}

export type Variation = ChangeVariation | ConductivityVariation | FindVariation;

/** Substance and starting fixture per change-of-state task, by ScienceWorld's variations. */
const CHANGE_STARTS: Readonly<Record<'boil' | 'melt' | 'freeze', ReadonlyArray<readonly [string, string]>>> = {
  boil: [['water', 'counter'], ['water', 'table'], ['water', 'cupboard'], ['orange juice', 'counter'], ['orange juice', 'fridge']],
  melt: [['water', 'freezer'], ['butter', 'fridge'], ['butter', 'counter'], ['chocolate', 'counter'], ['chocolate', 'table'], ['chocolate', 'cupboard']],
  freeze: [['water', 'counter'], ['water', 'table'], ['water', 'cupboard'], ['orange juice', 'fridge'], ['orange juice', 'table']],
};

const TARGET_PHASE = { boil: 2, melt: 1, freeze: 0 } as const;

/** Temperature a substance starts at in a kitchen fixture. */
export function startTemperature(container: string): number {
  return container === 'freezer' ? -10 : container === 'fridge' ? 4 : 20;
}

export function phaseAt(substance: string, temp: number): 0 | 1 | 2 {
  const spec = SUBSTANCES[substance];
  return temp < spec.meltingPoint ? 0 : temp >= spec.boilingPoint ? 2 : 1;
}

function drawChange(taskType: 'boil' | 'melt' | 'freeze', rng: Rng): ChangeVariation {
  const [substance, container] = rng.pick(CHANGE_STARTS[taskType]);
  const vessel = rng.pick(VESSELS);
  const name = SUBSTANCES[substance].names[phaseAt(substance, startTemperature(container))];
  const combust = taskType === 'boil' ? 'For compounds without a boiling point, combusting the substance is also acceptable. ' : '';
  const task = `Your task is to ${taskType} ${name}. ${combust}First, focus on the substance. Then, take actions that will cause it to change its state of matter.`;
  const signature = `${taskType}|${substance}|${vessel}|${container}`;
  return { family: 'change', signature, task, rooms: ['kitchen'], substance, vessel, container, phase: TARGET_PHASE[taskType] };
}

const CONDUCTIVITY_ROOMS: readonly RoomName[] = ['kitchen', 'bedroom', 'living room', 'art studio', 'workshop'];

function drawConductivity(rng: Rng): ConductivityVariation {
  const conductive = rng.next() < 0.5;
  const object = rng.pick(conductive ? CONDUCTIVE : NONCONDUCTIVE);
  const loc = rng.pick(CONDUCTIVITY_ROOMS);
  const [good, bad] = rng.shuffled(BOX_COLORS).slice(0, 2);
  const task =
    `Your task is to determine if ${object} is electrically conductive. The ${object} is located around the ${loc}. ` +
    `First, focus on the ${object}. If it is electrically conductive, place it in the ${good} box. ` +
    `If it is electrically nonconductive, place it in the ${bad} box.`;
  const signature = `test-conductivity|${object}|${loc}|${good}|${bad}`;
  return { family: 'conductivity', signature, task, rooms: [loc, 'workshop'], object, conductive, loc, boxes: [good, bad] };
}

const BOX_ROOMS: readonly RoomName[] = ['kitchen', 'bathroom', 'bedroom', 'living room', 'workshop', 'art studio'];

const FIND_QUALIFIES: Partial<Record<ScienceTaskType, FindVariation['qualifies']>> = {
  'find-living-thing': 'living',
  'find-non-living-thing': 'non-living',
  'find-plant': 'plant',
  'find-animal': 'animal',
};

function drawFind(taskType: ScienceTaskType, rng: Rng): FindVariation {
  const qualifies = FIND_QUALIFIES[taskType]!;
  const source: RoomName | null =
    qualifies === 'animal' ? 'outside' : qualifies === 'plant' ? 'greenhouse' : qualifies === 'living' ? rng.pick(['outside', 'greenhouse'] as const) : null;
  const boxColor = rng.pick(BOX_COLORS);
  const boxRoom = rng.pick(BOX_ROOMS);
  const what = qualifies === 'living' ? 'living thing' : qualifies === 'non-living' ? 'non-living thing' : qualifies;
  const task = `Your task is to find a(n) ${what}. First, focus on the thing. Then, move it to the ${boxColor} box in the ${boxRoom}.`;
  const signature = `${taskType}|${source ?? '-'}|${boxColor}|${boxRoom}`;
  const rooms: RoomName[] = source ? [source, boxRoom] : [boxRoom];
  return { family: 'find', signature, task, rooms, qualifies, source, boxColor, boxRoom };
}

export function drawVariation(taskType: ScienceTaskType, rng: Rng): Variation {
  if (taskType === 'boil' || taskType === 'melt' || taskType === 'freeze') return drawChange(taskType, rng);
  if (taskType === 'test-conductivity') return drawConductivity(rng);
  return drawFind(taskType, rng);
}
