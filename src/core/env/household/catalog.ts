/**
 * household-v0 world content: receptacle and object types, affordances, and where objects go.
 *
 * Type names are ALFWorld's lower-cased class names (`countertop`, `sinkbasin`, `desklamp`).
 * Affordances follow ALFWorld's `constants.VAL_ACTION_OBJECTS`; `places` is an abridged,
 * hand-weighted version of `VAL_RECEPTACLE_OBJECTS`: a positive weight means the receptacle type
 * can contain the object type (the `canContain` precondition of `move`) and is also the prior
 * used to place the object at generation (an apple is more often on a countertop or in the fridge
 * than in the garbage can).
 */

/** Openable receptacle classes (ALFWorld `OPENABLE_CLASS_LIST`, minus Box, which is an object here). */
export const OPENABLE_TYPES: ReadonlySet<string> = new Set(['cabinet', 'drawer', 'fridge', 'microwave', 'safe']);

export interface ObjectKind {
  /** Receptacle type -> placement weight (> 0 also means "can contain"). */
  places: Readonly<Record<string, number>>;
  heatable?: boolean;
  coolable?: boolean;
  cleanable?: boolean;
  /** Lamps: `use` turns them on; they cannot be picked up. */
  toggleable?: boolean;
}

const FOOD = { heatable: true, coolable: true, cleanable: true } as const;
const DISH = { coolable: true, cleanable: true } as const;

const KITCHEN_OBJECTS: Record<string, ObjectKind> = {
  apple: { ...FOOD, places: { countertop: 4, diningtable: 3, fridge: 4, microwave: 1, sinkbasin: 1, garbagecan: 1 } },
  bread: { heatable: true, coolable: true, places: { countertop: 4, diningtable: 3, fridge: 2, microwave: 1, cabinet: 1 } },
  egg: { ...FOOD, places: { countertop: 2, diningtable: 2, fridge: 4, microwave: 1, sinkbasin: 1, garbagecan: 1 } },
  lettuce: { ...DISH, places: { countertop: 3, diningtable: 2, fridge: 4, sinkbasin: 1, garbagecan: 1 } },
  potato: { ...FOOD, places: { countertop: 3, diningtable: 2, fridge: 3, microwave: 1, sinkbasin: 1, garbagecan: 1 } },
  tomato: { ...FOOD, places: { countertop: 3, diningtable: 2, fridge: 3, microwave: 1, sinkbasin: 1, garbagecan: 1 } },
  mug: {
    ...FOOD,
    places: {
      countertop: 3, coffeemachine: 3, cabinet: 2, diningtable: 2, sinkbasin: 1, fridge: 1, microwave: 1, shelf: 2,
      desk: 3, sidetable: 2, dresser: 1, coffeetable: 1,
    },
  },
  cup: { ...FOOD, places: { countertop: 3, cabinet: 2, diningtable: 2, fridge: 1, microwave: 1, sinkbasin: 1, shelf: 1 } },
  bowl: { ...DISH, places: { countertop: 2, cabinet: 3, diningtable: 2, fridge: 1, microwave: 1, sinkbasin: 1, shelf: 1 } },
  plate: { ...FOOD, places: { countertop: 2, cabinet: 3, diningtable: 2, fridge: 1, microwave: 1, sinkbasin: 1, shelf: 1 } },
  pan: { ...DISH, places: { stoveburner: 4, countertop: 2, cabinet: 2, fridge: 1, sinkbasin: 1 } },
  pot: { ...DISH, places: { stoveburner: 4, countertop: 2, cabinet: 2, fridge: 1, sinkbasin: 1, diningtable: 1 } },
  knife: { cleanable: true, places: { countertop: 4, drawer: 2, diningtable: 2, sinkbasin: 1 } },
  butterknife: { cleanable: true, places: { countertop: 3, drawer: 3, diningtable: 2, sinkbasin: 1 } },
  fork: { cleanable: true, places: { drawer: 4, countertop: 2, diningtable: 2, sinkbasin: 1 } },
  spoon: { cleanable: true, places: { drawer: 4, countertop: 2, diningtable: 2, sinkbasin: 1 } },
  spatula: { cleanable: true, places: { countertop: 3, drawer: 3, diningtable: 1, sinkbasin: 1 } },
  ladle: { cleanable: true, places: { countertop: 3, drawer: 2, diningtable: 1, sinkbasin: 1 } },
  kettle: { cleanable: true, places: { stoveburner: 4, countertop: 2, cabinet: 2, sinkbasin: 1 } },
  winebottle: { coolable: true, places: { countertop: 2, diningtable: 2, fridge: 3, cabinet: 1, shelf: 1 } },
  saltshaker: { places: { countertop: 3, cabinet: 2, diningtable: 2, shelf: 1, drawer: 1 } },
  peppershaker: { places: { countertop: 3, cabinet: 2, diningtable: 2, shelf: 1, drawer: 1 } },
  dishsponge: {
    cleanable: true,
    places: { countertop: 2, sinkbasin: 3, bathtubbasin: 2, cabinet: 1, drawer: 1, garbagecan: 1, toilet: 1 },
  },
};

const SMALL_THING = { coffeetable: 2, sidetable: 2, drawer: 2, dresser: 2, desk: 2, shelf: 1, safe: 1 } as const;

const LIVING_BEDROOM_OBJECTS: Record<string, ObjectKind> = {
  keychain: { places: { ...SMALL_THING, sofa: 1, armchair: 1, tvstand: 1, diningtable: 1 } },
  creditcard: { places: { ...SMALL_THING, sofa: 1, armchair: 1, countertop: 1, diningtable: 1 } },
  watch: { places: { ...SMALL_THING } },
  cellphone: { places: { ...SMALL_THING, bed: 2, desk: 3, sofa: 1, armchair: 1 } },
  remotecontrol: { places: { sofa: 3, coffeetable: 3, sidetable: 2, armchair: 2, tvstand: 2, drawer: 1, dresser: 1 } },
  newspaper: { places: { sofa: 2, coffeetable: 3, sidetable: 2, armchair: 2, diningtable: 1, ottoman: 1, garbagecan: 1 } },
  pillow: { places: { sofa: 4, armchair: 3, bed: 4, ottoman: 1 } },
  laptop: { places: { coffeetable: 2, desk: 3, bed: 2, sofa: 2, sidetable: 1, dresser: 1, diningtable: 1, armchair: 1 } },
  statue: { places: { coffeetable: 2, sidetable: 2, shelf: 3, tvstand: 2, dresser: 1, desk: 1, diningtable: 1 } },
  vase: { places: { coffeetable: 2, sidetable: 2, shelf: 3, tvstand: 1, dresser: 1, diningtable: 1, cabinet: 1 } },
  box: { places: { coffeetable: 2, sidetable: 2, sofa: 1, shelf: 1, dresser: 1, desk: 1, diningtable: 1, ottoman: 1 } },
  book: { places: { bed: 2, desk: 3, shelf: 3, sidetable: 2, drawer: 1, dresser: 1, coffeetable: 2, sofa: 1 } },
  alarmclock: { places: { desk: 3, sidetable: 3, dresser: 2, shelf: 2 } },
  pen: { places: { desk: 3, drawer: 3, sidetable: 2, shelf: 1, dresser: 1, coffeetable: 1, garbagecan: 1 } },
  pencil: { places: { desk: 3, drawer: 3, sidetable: 2, shelf: 1, dresser: 1, coffeetable: 1, garbagecan: 1 } },
  cd: { places: { desk: 2, drawer: 3, shelf: 2, sidetable: 2, dresser: 1, safe: 1, garbagecan: 1 } },
  desklamp: { toggleable: true, places: { desk: 4, sidetable: 3, dresser: 2, shelf: 1 } },
  floorlamp: { toggleable: true, places: { sidetable: 3, coffeetable: 1, tvstand: 1, dresser: 1 } },
};

const BATHROOM_OBJECTS: Record<string, ObjectKind> = {
  soapbar: { cleanable: true, places: { countertop: 2, sinkbasin: 3, bathtubbasin: 3, toilet: 2, cabinet: 1, garbagecan: 1 } },
  soapbottle: { places: { countertop: 3, cabinet: 2, shelf: 1, garbagecan: 1, toilet: 1 } },
  spraybottle: { places: { countertop: 2, toilet: 3, cabinet: 3, shelf: 1, garbagecan: 1 } },
  candle: { places: { countertop: 3, toilet: 2, cabinet: 2, shelf: 2, bathtubbasin: 1, drawer: 1 } },
  toiletpaper: { places: { toilet: 2, toiletpaperhanger: 4, cabinet: 2, countertop: 1, shelf: 1, garbagecan: 1 } },
  towel: { places: { towelholder: 5, countertop: 1, cabinet: 1 } },
  handtowel: { places: { handtowelholder: 5, countertop: 1, sinkbasin: 1 } },
  cloth: { cleanable: true, places: { countertop: 2, cabinet: 2, bathtubbasin: 2, sinkbasin: 1, toilet: 1, drawer: 1 } },
  tissuebox: { places: { toilet: 2, countertop: 2, shelf: 2, cabinet: 1, drawer: 1 } },
};

export type RoomType = 'kitchen' | 'livingroom' | 'bedroom' | 'bathroom';

export interface RoomKind {
  /** Receptacle types every layout of this room has (one each). */
  core: readonly string[];
  /** Extra receptacles: type, draw weight, and how many of that type a layout may hold in all. */
  extras: ReadonlyArray<{ type: string; weight: number; max: number }>;
  /** Object types that may appear (lamps are placed separately); kinds in `OBJECT_KINDS`. */
  objects: readonly string[];
  /** The room's lamp type for look_at_obj_in_light, if it has one. */
  lamp?: string;
}

const typesOf = (table: Record<string, ObjectKind>, extra: readonly string[] = []): string[] =>
  [...Object.keys(table).filter((type) => !table[type].toggleable), ...extra];

/** Room inventories, after ALFWorld's scene statistics (see docs/environments/household.md). */
export const ROOMS: Readonly<Record<RoomType, RoomKind>> = {
  kitchen: {
    core: ['countertop', 'fridge', 'microwave', 'sinkbasin'],
    extras: [
      { type: 'cabinet', weight: 5, max: 8 },
      { type: 'drawer', weight: 3, max: 5 },
      { type: 'stoveburner', weight: 2, max: 4 },
      { type: 'countertop', weight: 1, max: 2 },
      { type: 'diningtable', weight: 1, max: 1 },
      { type: 'coffeemachine', weight: 1, max: 1 },
      { type: 'garbagecan', weight: 1, max: 1 },
      { type: 'shelf', weight: 1, max: 2 },
      { type: 'toaster', weight: 1, max: 1 },
    ],
    objects: typesOf(KITCHEN_OBJECTS),
  },
  livingroom: {
    core: ['coffeetable', 'sidetable', 'sofa'],
    extras: [
      { type: 'armchair', weight: 2, max: 2 },
      { type: 'drawer', weight: 2, max: 4 },
      { type: 'cabinet', weight: 1, max: 4 },
      { type: 'shelf', weight: 1, max: 3 },
      { type: 'sidetable', weight: 1, max: 2 },
      { type: 'tvstand', weight: 1, max: 1 },
      { type: 'garbagecan', weight: 1, max: 1 },
      { type: 'dresser', weight: 1, max: 1 },
      { type: 'diningtable', weight: 1, max: 1 },
      { type: 'ottoman', weight: 1, max: 1 },
    ],
    objects: typesOf(LIVING_BEDROOM_OBJECTS, ['mug']),
    lamp: 'floorlamp',
  },
  bedroom: {
    core: ['bed', 'desk', 'sidetable'],
    extras: [
      { type: 'drawer', weight: 3, max: 8 },
      { type: 'shelf', weight: 2, max: 4 },
      { type: 'sidetable', weight: 1, max: 2 },
      { type: 'dresser', weight: 1, max: 1 },
      { type: 'safe', weight: 1, max: 1 },
      { type: 'garbagecan', weight: 1, max: 1 },
      { type: 'armchair', weight: 1, max: 1 },
      { type: 'cabinet', weight: 1, max: 2 },
    ],
    objects: typesOf(LIVING_BEDROOM_OBJECTS, ['mug']),
    lamp: 'desklamp',
  },
  bathroom: {
    core: ['countertop', 'sinkbasin', 'toilet'],
    extras: [
      { type: 'cabinet', weight: 3, max: 6 },
      { type: 'drawer', weight: 1, max: 4 },
      { type: 'shelf', weight: 1, max: 3 },
      { type: 'towelholder', weight: 1, max: 1 },
      { type: 'handtowelholder', weight: 1, max: 1 },
      { type: 'toiletpaperhanger', weight: 1, max: 1 },
      { type: 'garbagecan', weight: 1, max: 1 },
      { type: 'bathtubbasin', weight: 1, max: 1 },
    ],
    objects: typesOf(BATHROOM_OBJECTS, ['dishsponge']),
  },
};

/** Every object kind by type (the same type has the same kind in every room). */
export const OBJECT_KINDS: Readonly<Record<string, ObjectKind>> = {
  ...BATHROOM_OBJECTS,
  ...LIVING_BEDROOM_OBJECTS,
  ...KITCHEN_OBJECTS,
};

export function canContain(receptacleType: string, objectType: string): boolean {
  return (OBJECT_KINDS[objectType]?.places[receptacleType] ?? 0) > 0;
}
