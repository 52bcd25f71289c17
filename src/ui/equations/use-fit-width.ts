import { useLayoutEffect, type RefObject } from 'react';

/** The smallest type a display equation shrinks to before it scrolls sideways instead. */
export const MIN_EQUATION_SCALE = 0.7;

/** The type scale that fits `natural` px of equation into `room` px (1 when it fits or there is no room). */
export function fitScale(natural: number, room: number): number {
  return natural > room + 1 && room > 0 ? Math.max(MIN_EQUATION_SCALE, Math.floor((room / natural) * 100) / 100) : 1;
}

/** Equations waiting for their fit, measured together in the next frame. */
const pending = new Set<HTMLElement>();
let frame: number | null = null;

/** The type scale a host has now (its inline `font-size` in em; 1 when it has none). */
function scaleOf(host: HTMLElement): number {
  const size = Number.parseFloat(host.style.fontSize);
  return Number.isFinite(size) && size > 0 ? size : 1;
}

/**
 * The width of the host's typeset equation at its current type size, px: the extent of KaTeX's
 * line of boxes (`.katex-html`, whose own box is as wide as the card), or of the host's content
 * when KaTeX rendered an error instead. Everything in it is sized in em, so at scale 1 it is this
 * width over the current scale.
 */
function contentWidth(host: HTMLElement): number {
  const range = document.createRange();
  range.selectNodeContents(host.querySelector('.katex-html') ?? host);
  return range.getBoundingClientRect().width;
}

/**
 * Every pending equation fitted from one read of the page's layout (the one the frame lays out
 * anyway): each host's room and its equation's width at the scale it has now, which gives the
 * width at scale 1, so no size is reset to be measured. Only a scale that changes is written (its
 * host laid out again in the frame), and overflow follows from the same numbers. Resetting every
 * size first and reading the widths twice took two layouts of the whole page per fit, on every
 * new number of a live run's worked equations.
 */
function fitPending(): void {
  frame = null;
  const hosts = [...pending].filter((host) => host.isConnected);
  pending.clear();
  const measured = hosts.map((host) => ({ room: host.clientWidth, natural: contentWidth(host) / scaleOf(host) }));
  hosts.forEach((host, k) => {
    const { room, natural } = measured[k];
    const scale = fitScale(natural, room);
    const size = scale < 1 ? `${scale}em` : '';
    if (host.style.fontSize !== size) host.style.fontSize = size;
    host.toggleAttribute('data-overflow', natural * scale > room + 1);
  });
}

function scheduleFit(host: HTMLElement): void {
  pending.add(host);
  frame ??= requestAnimationFrame(fitPending);
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
 * equation's.
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
    };
  }, [ref, content]);
}
