/**
 * The one way a concept shows precomputed results: the CLI writes `docs/concepts/<id>/results.json`
 * (or an experiment's results file), the build emits each as an asset URL, and the view fetches
 * it once into the concepts store (src/app/concepts-client.ts) through `useShipped`. Nothing is
 * bundled into the page's script.
 */
import { useEffect } from 'react';
import { loadShippedConcept } from '../../app/concepts-client';
import type { BranchSpec } from '../../core/concepts/branches';
import type { ConceptRunResults } from '../../core/concepts/results';
import type { ValueFunctionResult } from '../../core/concepts/value-function';
import { useConceptsStore, type ShippedConcept } from '../../state/concepts-store';

// Only these files are emitted (the paths are relative to the repository root).
const URLS = import.meta.glob(['/docs/concepts/*/results.json', '/docs/experiments/ood/results.json'], { query: '?url', import: 'default', eager: true }) as Record<string, string>;

/** The built URL of a shipped results file (`docs/…/results.json`), or null when the build has none. */
export function shippedUrl(file: string): string | null {
  return URLS[`/${file}`] ?? null;
}

/** The shipped results file of concept `id`. */
export const conceptResultsFile = (id: string) => `docs/concepts/${id}/results.json`;

/**
 * Loads `file` once under store key `key`, parsed by `parse` (which throws on a file of the wrong
 * shape), and returns its store entry; a file the build lacks reads as failed.
 */
export function useShipped<T>(key: string, file: string, parse: (json: unknown) => T): ShippedConcept<T> {
  const entry = useConceptsStore((s) => s.shipped[key]) as ShippedConcept<T> | undefined;
  const url = shippedUrl(file);
  useEffect(() => {
    if (url) void loadShippedConcept(key, url, parse);
  }, [key, url, parse]);
  if (!url) return { status: 'failed', data: null, error: `${file} is not in this build` };
  return entry ?? { status: 'loading', data: null, error: null };
}

/** A reward concept's results file (core/concepts/results.ts), checked for its points and spec. */
export function parseBranchResults(json: unknown): ConceptRunResults {
  const r = json as Partial<ConceptRunResults> | null;
  if (!r || !Array.isArray(r.points) || !Array.isArray(r.evaluations) || !(r.spec as BranchSpec | undefined)?.arms) {
    throw new Error('not a concept-run results file');
  }
  return r as ConceptRunResults;
}

export type ShippedValueResult = ValueFunctionResult & { command: string; backend: string };

/** The value-function concept's results file, checked for its trajectories. */
export function parseValueResult(json: unknown): ShippedValueResult {
  const r = json as Partial<ShippedValueResult> | null;
  if (!r || !Array.isArray(r.trajectories) || typeof r.command !== 'string') throw new Error('not a value-function results file');
  return r as ShippedValueResult;
}
