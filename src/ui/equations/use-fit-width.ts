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

/**
 * Every pending equation fitted with two layouts in all: every size reset, then every width read,
 * then every scale set, then every overflow read and marked. Fitting them one by one (reset, read,
 * set, read) forced two layouts of the whole page per equation: a group view's cards took one long
 * task of over a second on a page holding a run's step table.
 */
function fitPending(): void {
  frame = null;
  const hosts = [...pending].filter((host) => host.isConnected);
  pending.clear();
  for (const host of hosts) host.style.fontSize = '';
  const scales = hosts.map((host) => fitScale(host.scrollWidth, host.clientWidth));
  hosts.forEach((host, k) => { if (scales[k] < 1) host.style.fontSize = `${scales[k]}em`; });
  const overflows = hosts.map((host) => host.scrollWidth > host.clientWidth + 1);
  hosts.forEach((host, k) => host.toggleAttribute('data-overflow', overflows[k]));
}

function scheduleFit(host: HTMLElement): void {
  pending.add(host);
  frame ??= requestAnimationFrame(fitPending);
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
      pending.delete(host);
    };
  }, [ref, content]);
}
