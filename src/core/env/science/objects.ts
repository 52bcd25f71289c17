/**
 * science-v0 objects: the fixtures of every room on the map, everyday clutter, and the things a
 * variation needs (a vessel with its substance, a test object and answer boxes, living things
 * and an answer box), with the goal expressed over their indices.
 */
import type { Rng } from '../../math/rng';
import { roomSlot, type SciObject, type ScienceGoal } from './state';
import { phaseAt, startTemperature, type Variation } from './variations';
import { ANIMALS, CLUTTER, CONDUCTIVE, FIXTURES, NONCONDUCTIVE, PLANTS, SUBSTANCES, type RoomName } from './world';

class Builder {
  objects: SciObject[] = [];
  where: number[] = [];
  temp: number[] = [];
  constructor(readonly rooms: RoomName[]) {}

  add(object: SciObject, where: number, temp = 20): number {
    this.objects.push(object);
    this.where.push(where);
    this.temp.push(temp);
    return this.objects.length - 1;
  }

  /** The index of fixture `name` in `room` (which must be on the map). */
  fixture(room: RoomName, name: string): number {
    const slot = roomSlot(this.rooms.indexOf(room));
    return this.objects.findIndex((o, i) => o.name === name && this.where[i] === slot);
  }

  /** Where a loose thing goes in `room`: on its first surface, else on the floor. */
  spot(room: RoomName): number {
    const slot = roomSlot(this.rooms.indexOf(room));
    const surface = this.objects.findIndex((o, i) => o.kind === 'surface' && this.where[i] === slot);
    return surface >= 0 ? surface : slot;
  }
}

function addChange(b: Builder, v: Extract<Variation, { family: 'change' }>): ScienceGoal {
  const vessel = b.add({ name: v.vessel, kind: 'vessel', portable: true }, b.fixture('kitchen', v.container));
  const liquidName = SUBSTANCES[v.substance].names[1];
  const temp = startTemperature(v.container);
  const target = b.add({ name: liquidName, kind: 'substance', portable: false, substance: v.substance }, vessel, temp);
  return { family: 'change', target, phase: v.phase, fromPhase: phaseAt(v.substance, temp) };
}

function addConductivity(b: Builder, v: Extract<Variation, { family: 'conductivity' }>, rng: Rng): ScienceGoal {
  const target = b.add({ name: v.object, kind: 'item', portable: true, conductive: v.conductive }, b.spot(v.loc));
  const decoys = v.conductive ? NONCONDUCTIVE : CONDUCTIVE;
  b.add({ name: rng.pick(decoys), kind: 'item', portable: true, conductive: !v.conductive }, b.spot(rng.pick(b.rooms)));
  const workshop = roomSlot(b.rooms.indexOf('workshop'));
  const good = b.add({ name: `${v.boxes[0]} box`, kind: 'box', portable: false }, workshop);
  const bad = b.add({ name: `${v.boxes[1]} box`, kind: 'box', portable: false }, workshop);
  return v.conductive ? { family: 'conductivity', target, box: good, wrongBox: bad } : { family: 'conductivity', target, box: bad, wrongBox: good };
}

function addLivingThings(b: Builder, rng: Rng): void {
  if (b.rooms.includes('outside')) {
    for (const animal of rng.shuffled(ANIMALS).slice(0, 2)) {
      b.add({ name: animal, kind: 'item', portable: true, living: 'animal' }, roomSlot(b.rooms.indexOf('outside')));
    }
  }
  if (b.rooms.includes('greenhouse')) {
    for (const plant of rng.shuffled(PLANTS).slice(0, 2)) {
      b.add({ name: plant, kind: 'item', portable: true, living: 'plant' }, roomSlot(b.rooms.indexOf('greenhouse')));
    }
  }
}

export function buildObjects(variation: Variation, rooms: RoomName[], rng: Rng) {
  const b = new Builder(rooms);
  for (const [r, room] of rooms.entries()) {
    for (const fixture of FIXTURES[room]) b.add({ name: fixture.name, kind: fixture.kind, portable: false }, roomSlot(r));
  }
  for (const room of rooms) {
    for (const thing of CLUTTER[room] ?? []) b.add({ name: thing, kind: 'item', portable: true }, roomSlot(rooms.indexOf(room)));
  }
  addLivingThings(b, rng);
  let goal: ScienceGoal;
  if (variation.family === 'change') goal = addChange(b, variation);
  else if (variation.family === 'conductivity') goal = addConductivity(b, variation, rng);
  else {
    const box = b.add({ name: `${variation.boxColor} box`, kind: 'box', portable: false }, roomSlot(rooms.indexOf(variation.boxRoom)));
    goal = { family: 'find', target: -1, qualifies: variation.qualifies, box };
  }
  return { objects: b.objects, where: b.where, temp: b.temp, goal };
}

