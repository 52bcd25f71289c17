import { useEffect, useState } from 'react';
import { conceptFromHash } from './concept-hash';
import type { ConceptEntry } from './concept-entry';

/** The concept named by location.hash (`#concepts/<id>`), following hash changes. */
export function useHashConcept(concepts: readonly ConceptEntry[]): ConceptEntry | null {
  const [concept, setConcept] = useState(() => conceptFromHash(window.location.hash, concepts));
  useEffect(() => {
    const onChange = () => setConcept(conceptFromHash(window.location.hash, concepts));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, [concepts]);
  return concept;
}
