/**
 * Series colours: a CSS variable keyed by the series id (`--series-planpo`), falling back to the
 * Okabe–Ito colour-blind-safe palette. Known estimators keep their colour in every figure;
 * other series (α values, splits, timing phases) take palette colours by position.
 */

export const OKABE_ITO = ['#E69F00', '#0072B2', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#F0E442', '#000000'] as const;

/** The app's series colours (src/ui/styles.css), so figures match the Lab view. */
const FIXED: Readonly<Record<string, string>> = {
  grpo: '#D55E00',
  planpo: '#0072B2',
  rloo: '#E69F00',
  gigpo: '#009E73',
  ppo: '#CC79A7',
  'planpo-ae-only': '#56B4E9',
  'planpo-as-only': '#000000',
  'planpo-const-alpha': '#8C7A00',
  'length-shaping-unconditional': '#7A7A7A',
  'length-shaping-success': '#8C510A',
  seen: '#0072B2',
  unseen: '#E69F00',
  rollout: '#56B4E9',
  advantage: '#D55E00',
  update: '#009E73',
};

/** A CSS identifier made from any series id ("alpha-0.1" → "alpha-0_1"). */
export function cssIdent(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9-]/g, '_');
}

/** `var(--series-<id>, <fallback>)`, for a `style` property (SVG presentation attributes do not take var()). */
export function seriesColor(id: string, index: number): string {
  const fallback = FIXED[id] ?? OKABE_ITO[((index % OKABE_ITO.length) + OKABE_ITO.length) % OKABE_ITO.length];
  return `var(--series-${cssIdent(id)}, ${fallback})`;
}
