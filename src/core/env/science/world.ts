/**
 * science-v0 world content: ScienceWorld's ten locations and their doors, the fixtures of each
 * room, substances with melting/boiling points, and the things the task families use.
 */

export const ROOM_NAMES = [
  'hallway',
  'kitchen',
  'bathroom',
  'bedroom',
  'living room',
  'art studio',
  'workshop',
  'greenhouse',
  'outside',
  'foundry',
] as const;
export type RoomName = (typeof ROOM_NAMES)[number];

/** Doors of ScienceWorld's house (each joins two rooms). */
export const DOORS: ReadonlyArray<readonly [RoomName, RoomName]> = [
  ['hallway', 'kitchen'],
  ['hallway', 'art studio'],
  ['hallway', 'bedroom'],
  ['hallway', 'greenhouse'],
  ['hallway', 'living room'],
  ['hallway', 'workshop'],
  ['kitchen', 'bathroom'],
  ['kitchen', 'outside'],
  ['greenhouse', 'outside'],
  ['outside', 'foundry'],
];

/**
 * Object kinds: `surface` / `stove` hold things on them, `closable` holds things inside behind
 * a door, `box` is an open answer box, `vessel` is a portable container for one substance,
 * `substance` lives in a vessel, `circuit` is a battery or light bulb, `item` is anything else.
 */
export type ObjectKind = 'surface' | 'stove' | 'closable' | 'box' | 'vessel' | 'substance' | 'circuit' | 'item' | 'fixture';

export interface FixtureSpec {
  name: string;
  kind: ObjectKind;
}

/** Fixed furniture per room (names are unique within a room and never move). */
export const FIXTURES: Readonly<Record<RoomName, readonly FixtureSpec[]>> = {
  hallway: [{ name: 'picture', kind: 'fixture' }],
  kitchen: [
    { name: 'counter', kind: 'surface' },
    { name: 'stove', kind: 'stove' },
    { name: 'freezer', kind: 'closable' },
    { name: 'fridge', kind: 'closable' },
    { name: 'cupboard', kind: 'closable' },
    { name: 'table', kind: 'surface' },
  ],
  bathroom: [
    { name: 'toilet', kind: 'fixture' },
    { name: 'bathtub', kind: 'fixture' },
  ],
  bedroom: [
    { name: 'bed', kind: 'surface' },
    { name: 'closet', kind: 'closable' },
  ],
  'living room': [
    { name: 'couch', kind: 'surface' },
    { name: 'desk', kind: 'surface' },
  ],
  'art studio': [{ name: 'table', kind: 'surface' }],
  workshop: [
    { name: 'table', kind: 'surface' },
    { name: 'battery', kind: 'circuit' },
    { name: 'light bulb', kind: 'circuit' },
  ],
  greenhouse: [{ name: 'bee hive', kind: 'fixture' }],
  outside: [{ name: 'fire pit', kind: 'fixture' }],
  foundry: [{ name: 'blast furnace', kind: 'fixture' }],
};

export interface SubstanceSpec {
  /** Names in the solid, liquid and gas state. */
  names: readonly [string, string, string];
  meltingPoint: number;
  boilingPoint: number;
}

export const SUBSTANCES: Readonly<Record<string, SubstanceSpec>> = {
  water: { names: ['ice', 'water', 'steam'], meltingPoint: 0, boilingPoint: 100 },
  chocolate: { names: ['chocolate', 'liquid chocolate', 'chocolate vapor'], meltingPoint: 30, boilingPoint: 1000 },
  butter: { names: ['butter', 'liquid butter', 'butter vapor'], meltingPoint: 33, boilingPoint: 1000 },
  'orange juice': { names: ['frozen orange juice', 'orange juice', 'orange juice vapor'], meltingPoint: -2, boilingPoint: 100 },
};

export const VESSELS = ['metal pot', 'tin cup', 'glass cup'] as const;

export const CONDUCTIVE = ['metal fork', 'iron nail', 'copper coin', 'aluminum foil'] as const;
export const NONCONDUCTIVE = ['wooden block', 'plastic spoon', 'rubber band', 'glass marble'] as const;
export const ANIMALS = ['frog', 'butterfly', 'beetle', 'snail'] as const;
export const PLANTS = ['fern', 'cactus', 'sunflower', 'orchid'] as const;
export const BOX_COLORS = ['red', 'green', 'blue', 'orange', 'purple', 'yellow'] as const;

/** Everyday non-living things scattered through the house, by room. */
export const CLUTTER: Readonly<Partial<Record<RoomName, readonly string[]>>> = {
  hallway: ['umbrella', 'coat'],
  kitchen: ['spoon', 'knife', 'oven mitt'],
  bathroom: ['towel', 'bar of soap', 'toothbrush'],
  bedroom: ['book', 'pillow', 'blanket'],
  'living room': ['newspaper', 'cushion', 'vase'],
  'art studio': ['paintbrush', 'paper', 'pencil'],
  workshop: ['hammer', 'screwdriver', 'ruler'],
  greenhouse: ['shovel', 'watering can'],
  outside: ['rock', 'axe'],
  foundry: ['brick'],
};

/** `an` before a vowel sound (by spelling), else `a`. */
export const article = (name: string) => (/^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`);
