/**
 * The one palette of the app (house style §6): series colours keyed by id, from the Okabe–Ito
 * colour-blind-safe set. An estimator's colour is declared on its registry entry (`color`), so it
 * is the same in every figure and in the lab (the lab's `--series-<id>` CSS variables are generated
 * from this module by src/ui/palette.ts), and a new entry brings its own. Figures' other named
 * series (splits, timing phases) are fixed below; any other id (an imported estimator name, α
 * values) gets a stable palette colour from its name or its position.
 */
import { getEstimator, isEstimatorId } from '../../advantage/registry';

export const OKABE_ITO = ['#E69F00', '#0072B2', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#F0E442', '#000000'] as const;

/** Series that are not estimators: seen/unseen splits and the timing phases. */
const FIXED: Readonly<Record<string, string>> = {
  seen: '#0072B2',
  unseen: '#E69F00',
  rollout: '#56B4E9',
  advantage: '#D55E00',
  update: '#009E73',
};

/** The declared colour of a registered estimator, or of a fixed series; null for any other id. */
function declaredColor(id: string): string | null {
  return isEstimatorId(id) ? getEstimator(id).color : (FIXED[id] ?? null);
}

/** Okabe–Ito without yellow (too light on white for lines and swatches). */
const FALLBACK = OKABE_ITO.filter((c) => c !== '#F0E442');

/** The colour of series `id`: its declared colour, else one picked by a hash of the id (stable). */
export function paletteColor(id: string): string {
  const fixed = declaredColor(id);
  if (fixed) return fixed;
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619) >>> 0;
  return FALLBACK[h % FALLBACK.length];
}

/** `:root { --series-<id>: <colour>; … }` for the given ids (the lab's series variables). */
export function seriesCss(ids: readonly string[]): string {
  return `:root {\n${ids.map((id) => `  --series-${cssIdent(id)}: ${paletteColor(id)};`).join('\n')}\n}\n`;
}

/** A CSS identifier made from any series id ("alpha-0.1" → "alpha-0_1"). */
export function cssIdent(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9-]/g, '_');
}

/** `var(--series-<id>, <fallback>)`, for a `style` property (SVG presentation attributes do not take var()). */
export function seriesColor(id: string, index: number): string {
  const fallback = declaredColor(id) ?? OKABE_ITO[((index % OKABE_ITO.length) + OKABE_ITO.length) % OKABE_ITO.length];
  return `var(--series-${cssIdent(id)}, ${fallback})`;
}
