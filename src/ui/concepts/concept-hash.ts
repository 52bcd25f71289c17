import type { ConceptEntry } from './concept-entry';
import { safeDecode } from '../../core/params/link';

/**
 * The concept id in a location hash (`#concepts/best-of-n` → `best-of-n`), or null for plain
 * `#concepts`. An escape that does not decode (`#concepts/%ZZ`) is kept as written: it names no
 * concept, so the first one opens.
 */
export function conceptIdFromHash(hash: string): string | null {
  const [, id] = hash.replace(/^#\/?/, '').split('/');
  return id ? (safeDecode(id) ?? id) : null;
}

/** The concept a hash names, or the first one (null when there are none). */
export function conceptFromHash(hash: string, concepts: readonly ConceptEntry[]): ConceptEntry | null {
  const id = conceptIdFromHash(hash);
  return concepts.find((c) => c.id === id) ?? concepts[0] ?? null;
}

export const conceptHref = (id: string): string => `#concepts/${encodeURIComponent(id)}`;
