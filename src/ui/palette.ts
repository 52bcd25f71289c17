/**
 * Series colours in the UI: `seriesVar(id)` for a style property, and the `--series-<id>` CSS
 * variables generated from the one palette (src/core/experiments/charts/colors.ts) for every
 * registered estimator. Nothing in CSS lists estimator ids, so a new registry entry gets a colour.
 */
import { ESTIMATOR_IDS } from '../core/advantage/registry';
import { cssIdent, paletteColor, seriesCss } from '../core/experiments/charts/colors';

export { paletteColor } from '../core/experiments/charts/colors';

/** `var(--series-<id>, <palette colour>)`: correct even before the variables are installed. */
export function seriesVar(id: string): string {
  return `var(--series-${cssIdent(id)}, ${paletteColor(id)})`;
}

/** The stylesheet text that defines `--series-<id>` for every registered estimator. */
export function seriesStylesheet(): string {
  return seriesCss(ESTIMATOR_IDS);
}

/** Installs (or refreshes) the series variables in `doc`'s head. */
export function installSeriesColors(doc: Document = document): void {
  let style = doc.getElementById('series-colors');
  if (!style) {
    style = doc.createElement('style');
    style.id = 'series-colors';
    doc.head.appendChild(style);
  }
  style.textContent = seriesStylesheet();
}
