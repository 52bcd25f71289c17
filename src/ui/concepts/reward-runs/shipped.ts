/**
 * The reward concepts' CLI results (docs/concepts/<id>/results.json, committed), bundled at build
 * time: the Concepts view shows the documented figure before anyone trains in the browser.
 */
import type { ConceptRunResults } from '../../../core/concepts/results';
import type { ValueFunctionResult } from '../../../core/concepts/value-function';

// Only these concepts' files: other concepts keep their own (larger) results out of this bundle.
const FILES = import.meta.glob([
  '../../../../docs/concepts/reward-hacking/results.json',
  '../../../../docs/concepts/loop-penalty/results.json',
  '../../../../docs/concepts/value-function/results.json',
], { eager: true, import: 'default' }) as Record<string, unknown>;

function file(id: string): unknown {
  return FILES[`../../../../docs/concepts/${id}/results.json`] ?? null;
}

/** A branch concept's shipped results, or null when the file is absent or not one. */
export function shippedBranchResults(id: string): ConceptRunResults | null {
  const r = file(id) as Partial<ConceptRunResults> | null;
  return r && Array.isArray(r.points) && r.spec ? (r as ConceptRunResults) : null;
}

export function shippedValueResult(): (ValueFunctionResult & { command: string; backend: string }) | null {
  const r = file('value-function') as (ValueFunctionResult & { command: string; backend: string }) | null;
  return r && Array.isArray(r.trajectories) ? r : null;
}
