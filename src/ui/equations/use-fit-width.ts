import { useLayoutEffect, type RefObject } from 'react';

/** The smallest type a display equation shrinks to before it scrolls sideways instead. */
export const MIN_EQUATION_SCALE = 0.7;

/**
 * Shrinks a display equation's type until it fits its box (down to MIN_EQUATION_SCALE), so no part
 * hides behind a horizontal scroll that, with overlay scrollbars, shows nothing. An equation still
 * too wide keeps scrolling, marked `data-overflow` (a visible scrollbar and edge shadow in CSS).
 */
export function useFitWidth(ref: RefObject<HTMLElement | null>, content: string | null): void {
  useLayoutEffect(() => {
    const host = ref.current;
    if (!host || content === null) return;
    const fit = () => {
      host.style.fontSize = '';
      const natural = host.scrollWidth;
      const room = host.clientWidth;
      const scale = natural > room + 1 && room > 0 ? Math.max(MIN_EQUATION_SCALE, Math.floor((room / natural) * 100) / 100) : 1;
      if (scale < 1) host.style.fontSize = `${scale}em`;
      host.toggleAttribute('data-overflow', host.scrollWidth > host.clientWidth + 1);
    };
    fit();
    let width = host.clientWidth;
    const observer = new ResizeObserver(() => {
      if (host.clientWidth !== width) { width = host.clientWidth; fit(); } // height changes (our own) ignored
    });
    observer.observe(host);
    return () => observer.disconnect();
  }, [ref, content]);
}
