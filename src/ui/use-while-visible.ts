import { useEffect, useRef, useState } from 'react';

/**
 * `value` while the element is on screen (or near it); the last shown value while it is off
 * screen, so live telemetry does not re-render views nobody is looking at (as Distill's figures
 * skip work off-screen). Without IntersectionObserver it always passes `value` through.
 *
 * Returns the value to show and a callback ref for the element to watch. The observer follows the
 * element the ref is given: a view that unmounts its element (renders nothing for a while) and later
 * mounts a new one is watched again, never left on a detached node that reads as off screen forever.
 * With no element mounted the value passes through.
 *
 * `hasContent`: off screen, a kept value without content gives way to a value with content (a view
 * that was empty when it left the screen still shows its first real value, never a blank).
 */
export function useWhileVisible<T>(value: T, hasContent?: (v: T) => boolean): [T, (element: Element | null) => void] {
  const [element, setElement] = useState<Element | null>(null);
  const [visible, setVisible] = useState(true);
  const frozen = useRef(value);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') {
      setVisible(true); // the next element starts shown, not frozen by the last one's exit
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setVisible(entry.isIntersecting), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  const shown = !element || visible;
  if (shown) frozen.current = value;
  if (shown || (hasContent && !hasContent(frozen.current) && hasContent(value))) return [value, setElement];
  return [frozen.current, setElement];
}
