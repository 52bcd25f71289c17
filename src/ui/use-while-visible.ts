import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * `value` while the element is on screen (or near it); the last shown value while it is off
 * screen, so live telemetry does not re-render views nobody is looking at (as Distill's figures
 * skip work off-screen). Without IntersectionObserver it always passes `value` through.
 *
 * `hasContent`: off screen, a kept value without content gives way to a value with content (a view
 * that was empty when it left the screen still shows its first real value, never a blank).
 */
export function useWhileVisible<T>(value: T, ref: RefObject<Element | null>, hasContent?: (v: T) => boolean): T {
  const [visible, setVisible] = useState(true);
  const frozen = useRef(value);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setVisible(entry.isIntersecting), { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  if (visible) frozen.current = value;
  if (visible || (hasContent && !hasContent(frozen.current) && hasContent(value))) return value;
  return frozen.current;
}
