import type { ConceptEntry } from '../concept-entry';
import { SelfImprovementConcept } from './SelfImprovementConcept';

export const selfImprovementConcept: ConceptEntry = {
  id: 'self-improvement',
  title: 'Self-improvement: learning from its own successes',
  summary:
    'The policy plays, the verifier keeps the episodes that succeeded, and the update pushes up exactly those: advantage 1 on every ' +
    'turn of a success, 0 on every turn of a failure, no baseline (STaR, rejection-sampling fine-tuning). GRPO subtracts the ' +
    'group mean, so failures are pushed down and an all-success group teaches nothing; PlanPO also gives each turn its own credit. ' +
    'Compared here on success, turns per episode and unseen tasks.',
  equation: String.raw`A^{\text{self}}_{i,t} = \mathbb{1}[\text{success}(\tau_i)] \quad\text{vs.}\quad A^{\text{GRPO}}_{i,t} = \frac{R(\tau_i) - \operatorname{mean}_j R(\tau_j)}{\operatorname{std}_j R(\tau_j) + \epsilon}`,
  docsPath: 'docs/concepts/self-improvement.md',
  cliCommand: 'npm run -s cli -- experiment self-improvement --size reduced --seeds 1 --iterations 25 --tasks 4 --group-size 8 --eval-episodes 32 --out docs/concepts/self-improvement',
  Component: SelfImprovementConcept,
};
