import { getReward } from '../../../core/reward/registry';
import type { ConceptEntry } from '../concept-entry';
import { LoopPenaltyConcept } from './LoopPenaltyConcept';

export const loopPenaltyConcept: ConceptEntry = {
  id: 'loop-penalty',
  title: 'Loop penalty and intermediate checks',
  summary: 'A shaped reward that stays anchored on what the environment verifies: 1.0 at the goal, +0.2 the first time each verifiable intermediate step holds '
    + '(holding the task\'s object, the object heated, ...), −0.1 whenever the agent repeats its previous command. '
    + 'Two GRPO runs from the same weights, with and without it: loops per episode and success.',
  equation: getReward('loop-penalty').equation,
  docsPath: 'docs/concepts/loop-penalty.md',
  cliCommand: 'npm run -s cli -- loop-penalty',
  Component: LoopPenaltyConcept,
};
