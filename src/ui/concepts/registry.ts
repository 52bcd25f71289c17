/**
 * The Concepts view's entries: one line per concept, each concept in its own folder
 * (`src/ui/concepts/<id>/`) exporting its entry. An entry is the concept's whole contract: what the
 * view shows around its live component (title, explanation, equation, docs page, CLI command).
 */
import type { ConceptEntry } from './concept-entry';
import { bestOfNConcept } from './best-of-n';
import { loopPenaltyConcept } from './loop-penalty/entry';
import { rewardHackingConcept } from './reward-hacking/entry';
import { selfImprovementConcept } from './self-improvement';
import { valueFunctionConcept } from './value-function/entry';
import { brittlenessConcept } from './brittleness';
import { sftWarmStartConcept } from './sft-warm-start/entry';

export const CONCEPTS: ConceptEntry[] = [
  bestOfNConcept,
  loopPenaltyConcept,
  rewardHackingConcept,
  selfImprovementConcept,
  valueFunctionConcept,
  brittlenessConcept,
  sftWarmStartConcept,
];
