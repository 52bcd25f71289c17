import { useEffect, useState } from 'react';

/**
 * Whether `key`'s first frame has been painted: false on the render that brings a new `key`, true
 * from a task after the next frame. A view draws its first screen with it false and its heavier
 * parts once it turns true, so a first draw is two shorter main-thread tasks, not one long one.
 */
export function useAfterPaint(key: unknown): boolean {
  const [painted, setPainted] = useState<unknown>(undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const frame = requestAnimationFrame(() => { timer = setTimeout(() => setPainted(() => key), 0); });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
  }, [key]);
  return painted === key;
}
