import { useEffect, useRef, useState } from 'react';

/**
 * `value`, but updated at most once per `ms` (the latest value wins; the last one always lands).
 * `ms` = 0 passes every value through at once. Keeps fast-changing telemetry from re-rendering
 * heavy views more often than a person can read them.
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (ms <= 0) {
      last.current = performance.now();
      setShown(value);
      return;
    }
    const wait = Math.max(0, last.current + ms - performance.now());
    const timer = setTimeout(() => {
      last.current = performance.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return ms <= 0 ? value : shown;
}
