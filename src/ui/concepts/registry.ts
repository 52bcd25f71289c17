/**
 * The Concepts view's entries: one line per concept, each concept in its own folder
 * (`src/ui/concepts/<id>/`) exporting its entry. An entry is the concept's whole contract: what the
 * view shows around its live component (title, explanation, equation, docs page, CLI command).
 */
import type { ComponentType } from 'react';
import { bestOfNConcept } from './best-of-n';
import { loopPenaltyConcept } from './loop-penalty/entry';
import { rewardHackingConcept } from './reward-hacking/entry';
import { selfImprovementConcept } from './self-improvement';
import { valueFunctionConcept } from './value-function/entry';
import { brittlenessConcept } from './brittleness';

export interface ConceptEntry {
  /** URL id: the view opens it at `#concepts/<id>`. */
  id: string;
  title: string;
  /** A few sentences in plain words, shown above the equation. */
  summary: string;
  /** The concept's equation as KaTeX source. */
  equation: string;
  /** The docs page in the repository, e.g. `docs/concepts/<id>.md`. */
  docsPath: string;
  /** The CLI command that reproduces the concept's figure. */
  cliCommand: string;
  /** The live part: a chart or a small run in the browser. */
  Component: ComponentType;
}

export const CONCEPTS: ConceptEntry[] = [
  bestOfNConcept,
  loopPenaltyConcept,
  rewardHackingConcept,
  selfImprovementConcept,
  valueFunctionConcept,
  brittlenessConcept,
];
