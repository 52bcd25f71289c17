import type { ConceptEntry } from '../concept-entry';
import { SFT_WARM_START_ID, SftWarmStartConcept } from './SftWarmStartConcept';

export const sftWarmStartConcept: ConceptEntry = {
  id: SFT_WARM_START_ID,
  title: 'SFT → RL: the warm start',
  summary: 'Real agent-RL pipelines never start from random weights: they clone demonstrations first (supervised fine-tuning, '
    + 'or an instruction-tuned model), because group-relative RL learns only from groups whose members differ, and a policy that '
    + 'never succeeds gives every member the same advantage. Here the warm start clones the oracle\'s plans; RL then improves '
    + 'on what imitation alone leaves: the mistakes that compound over a long episode, and what the reward asks beyond the demonstrations.',
  equation: String.raw`\mathcal{L}_{\text{SFT}}(\theta) = -\frac{1}{N}\sum_{d \in \mathcal{D}} \log \pi_\theta(a_d \mid \text{prefix}_d)`,
  docsPath: 'docs/concepts/sft-warm-start.md',
  cliCommand: 'npm run -s cli -- train --env science-v0 --sft-episodes 64',
  Component: SftWarmStartConcept,
};
