import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` parts to draw: 1 on the render that brings a new `key`, then one more in a
 * task after each painted frame, up to `total`. A view of several heavy parts (typeset equation
 * cards) then draws as several short main-thread tasks instead of one long one.
 */
export function useStagedCount(total: number, key: unknown): number {
  const [state, setState] = useState<{ key: unknown; n: number }>({ key, n: 1 });
  const n = state.key === key ? state.n : 1;
  useEffect(() => {
    if (n >= total) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // a transition: React renders the next part in slices that give way to input, instead of in one task
    const frame = requestAnimationFrame(() => { timer = setTimeout(() => startTransition(() => setState({ key, n: n + 1 })), 0); });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
  }, [key, n, total]);
  return Math.min(n, total);
}
