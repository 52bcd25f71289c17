import { useEffect, useState } from 'react';
import { viewFromHash, type ViewEntry } from './views';

/** The view named by location.hash, following hash changes. */
export function useHashView(): ViewEntry {
  const [view, setView] = useState(() => viewFromHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setView(viewFromHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return view;
}
