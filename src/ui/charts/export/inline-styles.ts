/**
 * Rendered SVG → standalone markup: a deep clone whose every element carries its computed
 * presentation styles inline, so CSS classes and CSS variables (series colours) resolve without
 * the page's stylesheets. Needs the DOM (the chart must be in the document).
 */
import type { LegendItem } from './compose-svg';

const PROPERTIES = [
  'fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'opacity', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor',
  'dominant-baseline', 'visibility', 'display',
] as const;

function inlineInto(source: Element, target: Element): void {
  const computed = getComputedStyle(source);
  const style = PROPERTIES.map((p) => [p, computed.getPropertyValue(p)] as const)
    .filter(([, v]) => v !== '' && v !== 'normal' && v !== 'auto')
    .map(([p, v]) => `${p}:${v}`)
    .join(';');
  target.setAttribute('style', style);
}

/** The drawn size of an `<svg>`: its viewBox when it has one (scaled charts), else its box. */
export function svgSize(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.viewBox?.baseVal;
  if (box && box.width > 0 && box.height > 0) return { width: box.width, height: box.height };
  const rect = svg.getBoundingClientRect();
  return { width: Math.round(rect.width), height: Math.round(rect.height) };
}

/** `svg` serialized with inline styles, at its drawn size. */
export function serializeWithStyles(svg: SVGSVGElement): { markup: string; width: number; height: number } {
  const { width, height } = svgSize(svg);
  const clone = svg.cloneNode(true) as SVGSVGElement;
  inlineInto(svg, clone);
  const from = svg.querySelectorAll('*');
  const to = clone.querySelectorAll('*');
  from.forEach((el, i) => inlineInto(el, to[i]));
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('overflow', 'visible');
  clone.removeAttribute('aria-hidden');
  return { markup: new XMLSerializer().serializeToString(clone), width, height };
}

/** An HTML legend (`<span><svg/> label</span>` per entry) as legend items with inlined swatches. */
export function legendItemsFrom(legend: Element | null): LegendItem[] {
  if (!legend) return [];
  return [...legend.children].map((entry) => {
    const swatch = entry.querySelector('svg');
    return { label: (entry.textContent ?? '').replace(/\s+/g, ' ').trim(), swatch: swatch ? serializeWithStyles(swatch) : null };
  }).filter((item) => item.label !== '');
}

/** The first opaque background colour at or above `el` (white if none). */
export function backgroundOf(el: Element): string {
  for (let node: Element | null = el; node; node = node.parentElement) {
    const bg = getComputedStyle(node).backgroundColor;
    if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return '#ffffff';
}
