import { useEffect, useState } from 'react';

/**
 * Width of the element (ResizeObserver); `fallback` before layout. `ref` is a callback ref: the
 * observer follows whichever element it is given, so a view that mounts its element after its first
 * render (the import overview draws its grid only once steps arrive) or replaces it is still measured.
 */
export function useWidth(fallback: number): { ref: (element: Element | null) => void; width: number } {
  const [element, setElement] = useState<Element | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry.contentRect.width);
      if (w > 0) setWidth((old) => (Math.abs(old - w) >= 2 ? w : old));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref: setElement, width };
}
