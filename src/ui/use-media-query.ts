import { useEffect, useState } from 'react';

/** Whether the CSS media query matches now, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const get = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/** A touch screen as the main pointer: hints say "tap" instead of "hover" and "click". */
export const COARSE_POINTER = '(pointer: coarse)';
/** Phones: the lesson comes first (LessonLayout), the status bar keeps to one line. */
export const PHONE_WIDTH = '(max-width: 599px)';
