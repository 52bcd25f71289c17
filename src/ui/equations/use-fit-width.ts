import { useLayoutEffect, type RefObject } from 'react';

/** The smallest type a display equation shrinks to before it scrolls sideways instead. */
export const MIN_EQUATION_SCALE = 0.7;

/**
 * The type scale that fits `natural` px of equation into `room` px (1 when it fits or there is no room): the
 * largest 0.01 step at which it is at most room + 1 px wide, the pixel of rounding every check here allows.
 */
export function fitScale(natural: number, room: number): number {
  return natural > room + 1 && room > 0 ? Math.max(MIN_EQUATION_SCALE, Math.floor(((room + 1) / natural) * 100) / 100) : 1;
}

/** Equations waiting for a fresh fit (mounted, new content, a new width, new fonts), measured together in the next frame. */
const pending = new Set<HTMLElement>();
/** Equations in the middle of a fit: the smallest scale each was seen overflowing at (Infinity: none yet). */
const fitting = new Map<HTMLElement, number>();
let frame: number | null = null;

/** The type scale a host has now (its inline `font-size` in em; 1 when it has none). */
function scaleOf(host: HTMLElement): number {
  const size = Number.parseFloat(host.style.fontSize);
  return Number.isFinite(size) && size > 0 ? size : 1;
}

/**
 * The width of the host's typeset equation at its current type size, px: the extent of KaTeX's
 * line of boxes (`.katex-html`, whose own box is as wide as the card), or of the host's content
 * when KaTeX rendered an error instead. Everything in it is sized in em, so at scale 1 it is about
 * this width over the current scale; not exactly where text is laid out in whole pixels (as in
 * Chromium's headless shell), whose glyphs grow relatively wider as the type shrinks.
 */
function contentWidth(host: HTMLElement): number {
  const range = document.createRange();
  range.selectNodeContents(host.querySelector('.katex-html') ?? host);
  return range.getBoundingClientRect().width;
}

/**
 * One step of a fit, from the host measured at its scale now: the next scale to try, or null when
 * this one is the answer. An overflowing equation steps down to the scale its width calls for
 * (always below this one, never below MIN_EQUATION_SCALE); one that fits grows to the scale its
 * width calls for, but never to `tooWide`, the smallest scale it was seen overflowing at, or above.
 * Between two steps down it only grows, below every overflowing scale seen, so a fit always ends; in
 * a frame or two where text scales evenly, at the largest scale that fits (or at the smallest,
 * scrolling).
 */
export function nextScale(scale: number, width: number, room: number, tooWide: number): number | null {
  const called = fitScale(width / scale, room);
  const next = width > room + 1
    ? Math.max(MIN_EQUATION_SCALE, called)
    : Math.max(scale, Math.min(called, Math.round((tooWide - 0.01) * 100) / 100));
  return next === scale ? null : next;
}

/**
 * Every equation waiting in the frame, fitted from one read of the page's layout (the one the frame
 * lays out anyway), then written: no size is reset to be measured. A new scale is measured again in
 * the next frame (nextScale); overflow is marked once the scale holds, from what was measured.
 * Resetting every size first and reading the widths twice took two layouts of the whole page per
 * fit, on every new number of a live run's worked equations.
 */
function fitFrame(): void {
  frame = null;
  for (const host of pending) fitting.set(host, Number.POSITIVE_INFINITY);
  pending.clear();
  const measured = [...fitting].filter(([host]) => host.isConnected)
    .map(([host, tooWide]) => ({ host, tooWide, scale: scaleOf(host), room: host.clientWidth, width: contentWidth(host) }));
  fitting.clear();
  for (const { host, tooWide, scale, room, width } of measured) {
    const overflows = width > room + 1;
    const next = nextScale(scale, width, room, tooWide); // an overflowing step goes down and never reads tooWide
    if (next === null) {
      host.toggleAttribute('data-overflow', overflows);
    } else {
      host.style.fontSize = next < 1 ? `${next}em` : '';
      fitting.set(host, overflows ? Math.min(tooWide, scale) : tooWide);
    }
  }
  if (fitting.size > 0) frame = requestAnimationFrame(fitFrame);
}

function scheduleFit(host: HTMLElement): void {
  pending.add(host);
  frame ??= requestAnimationFrame(fitFrame);
}

/** Every display equation on the page, fitted again when a web font arrives (KaTeX's fonts change every width). */
const mounted = new Set<HTMLElement>();
let fontsWatched = false;
function watchFonts(): void {
  if (fontsWatched || typeof document === 'undefined' || !document.fonts) return;
  fontsWatched = true;
  document.fonts.addEventListener('loadingdone', () => mounted.forEach(scheduleFit));
}

/**
 * Shrinks a display equation's type until it fits its box (down to MIN_EQUATION_SCALE), so no part
 * hides behind a horizontal scroll that, with overlay scrollbars, shows nothing. An equation still
 * too wide keeps scrolling, marked `data-overflow` (a visible scrollbar and edge shadow in CSS).
 * The fit runs in the next animation frame (before it is painted), batched with every other
 * equation's; a changed scale is measured again in the frame after, until it holds.
 */
export function useFitWidth(ref: RefObject<HTMLElement | null>, content: string | null): void {
  useLayoutEffect(() => {
    const host = ref.current;
    if (!host || content === null) return;
    watchFonts();
    mounted.add(host);
    scheduleFit(host);
    let width: number | null = null;
    const observer = new ResizeObserver(() => {
      const now = host.clientWidth;
      if (width !== null && now !== width) scheduleFit(host); // height changes (our own) ignored
      width = now;
    });
    observer.observe(host);
    return () => {
      observer.disconnect();
      mounted.delete(host);
      pending.delete(host);
      fitting.delete(host);
    };
  }, [ref, content]);
}
