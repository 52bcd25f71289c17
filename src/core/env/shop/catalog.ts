/**
 * shop-v0 catalogue: a seeded miniature of WebShop's product set. Five categories (WebShop's
 * beauty, grocery, fashion, furniture, electronics), four product types each, attribute
 * vocabularies, option dimensions (color, size, flavor, ...) and prices. The catalogue depends
 * only on its size, so every task of one size shares it, as WebShop's goals share one product set.
 */
import { createRng, deriveSeed, type Rng } from '../../math/rng';

export interface CategoryKind {
  name: string;
  /** Product types; the last one is held out for the `unseen` split. */
  types: readonly string[];
  attributes: readonly string[];
  /** Option dimension -> possible values (values are unique across a category's dimensions). */
  options: Readonly<Record<string, readonly string[]>>;
  /** Price range in dollars. */
  price: readonly [number, number];
}

export const CATEGORIES: readonly CategoryKind[] = [
  {
    name: 'beauty',
    types: ['shampoo', 'face serum', 'body lotion', 'lipstick'],
    attributes: ['paraben free', 'cruelty free', 'long lasting', 'fragrance free', 'natural ingredients', 'sensitive skin'],
    options: { scent: ['lavender', 'coconut', 'unscented', 'rose'], size: ['2 fl oz', '8 fl oz', '16 fl oz'] },
    price: [6, 45],
  },
  {
    name: 'grocery',
    types: ['granola', 'ground coffee', 'dark chocolate', 'green tea'],
    attributes: ['gluten free', 'organic', 'sugar free', 'non gmo', 'low carb', 'vegan'],
    options: { flavor: ['vanilla', 'mint', 'original', 'caramel'], size: ['pack of 2', 'pack of 6', '12 ounce'] },
    price: [4, 35],
  },
  {
    name: 'fashion',
    types: ['t-shirt', 'hoodie', 'jeans', 'sneakers'],
    attributes: ['machine wash', 'long sleeve', 'slim fit', 'relaxed fit', 'cotton', 'water resistant'],
    options: { color: ['black', 'white', 'navy', 'red', 'grey'], size: ['small', 'medium', 'large', 'x-large'] },
    price: [12, 90],
  },
  {
    name: 'furniture',
    types: ['bookshelf', 'desk chair', 'side table', 'bed frame'],
    attributes: ['easy assembly', 'solid wood', 'space saving', 'metal frame', 'storage space', 'living room'],
    options: { color: ['walnut', 'oak', 'espresso', 'white'], size: ['twin', 'queen', 'king'] },
    price: [40, 300],
  },
  {
    name: 'electronics',
    types: ['headphones', 'phone case', 'usb cable', 'bluetooth speaker'],
    attributes: ['wireless', 'noise cancelling', 'fast charging', 'waterproof', 'long battery life', 'high definition'],
    options: { color: ['black', 'silver', 'blue', 'pink'], style: ['3 ft', '6 ft', 'pro', 'mini'] },
    price: [8, 150],
  },
];

export interface Product {
  /** Upper-case, as shown on pages (`B07X4K2Q9M`); clicked lower-cased. */
  asin: string;
  category: string;
  type: string;
  title: string;
  /** Dollars, two decimals. */
  price: number;
  attributes: string[];
  /** Option dimension -> values on offer (lower case). */
  options: Record<string, string[]>;
  description: string;
  features: string[];
}

export const CATALOG_SIZE = { min: 20, default: 60, max: 500 } as const;

const BRANDS = ['Acorn', 'Bluefin', 'Cedarline', 'Driftwood', 'Evergreen', 'Foxglove', 'Granite', 'Harbor', 'Ironbark', 'Juniper'];
const ASIN_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

const titleCase = (text: string) => text.replace(/(^|\s)([a-z])/g, (_, space: string, ch: string) => space + ch.toUpperCase());

function drawAsin(rng: Rng, taken: Set<string>): string {
  for (;;) {
    let asin = 'B0';
    for (let i = 0; i < 8; i++) asin += ASIN_CHARS[rng.int(ASIN_CHARS.length)];
    if (!taken.has(asin)) {
      taken.add(asin);
      return asin;
    }
  }
}

function drawOptions(kind: CategoryKind, rng: Rng): Record<string, string[]> {
  const options: Record<string, string[]> = {};
  for (const [dim, values] of Object.entries(kind.options)) {
    if (rng.next() < 0.25) continue; // some products have fewer option dimensions
    const count = 2 + rng.int(values.length - 1);
    options[dim] = rng.shuffled(values).slice(0, count).sort();
  }
  return options;
}

function drawProduct(kind: CategoryKind, type: string, rng: Rng, taken: Set<string>): Product {
  const attributes = rng.shuffled(kind.attributes).slice(0, 2 + rng.int(2)).sort();
  const brand = rng.pick(BRANDS);
  rng.int(2); // (v0 drew how many attributes the title shows; kept so the catalogue's draws stay put)
  const [low, high] = kind.price;
  const price = Math.round((low + rng.next() * (high - low)) * 100) / 100;
  return {
    asin: drawAsin(rng, taken),
    category: kind.name,
    type,
    title: titleCase(`${brand} ${attributes.join(' ')} ${type}`),
    price,
    attributes,
    options: drawOptions(kind, rng),
    description: `This ${type} from ${brand} is ${attributes.join(', ')}.`,
    features: attributes.map((a) => titleCase(a)),
  };
}

const cache = new Map<number, readonly Product[]>();

/** The catalogue of `size` products: round-robin over all product types, then shuffled. Memoized. */
export function catalog(size: number): readonly Product[] {
  const hit = cache.get(size);
  if (hit) return hit;
  const rng = createRng(deriveSeed(0, 'shop-catalog', size));
  const taken = new Set<string>();
  const slots = CATEGORIES.flatMap((kind) => kind.types.map((type) => ({ kind, type })));
  const products: Product[] = [];
  for (let i = 0; i < size; i++) {
    const { kind, type } = slots[i % slots.length];
    products.push(drawProduct(kind, type, rng, taken));
  }
  const shuffled = Object.freeze(rng.shuffled(products));
  cache.set(size, shuffled);
  return shuffled;
}

/** Product by lower-case or upper-case ASIN. */
export function findProduct(size: number, asin: string): Product | undefined {
  const upper = asin.toUpperCase();
  return catalog(size).find((p) => p.asin === upper);
}

export function categoryOf(name: string): CategoryKind {
  return CATEGORIES.find((c) => c.name === name)!;
}
