import type { ConceptEntry } from '../concept-entry';
import { BrittlenessConcept } from './BrittlenessConcept';

export const brittlenessConcept: ConceptEntry = {
  id: 'brittleness',
  title: 'Brittleness: seen vs unseen tasks',
  summary:
    'RL fits the tasks it trains on. The seen/unseen split is the out-of-distribution check: unseen tasks use kitchen layouts ' +
    'held out of training. A policy that learnt to plan keeps its success there; one that memorised layouts drops. Each concept ' +
    'with a split reports both, side by side here; a gap inside the intervals is not resolved by that many tasks or seeds.',
  equation: String.raw`\Delta = \Pr[\text{success} \mid \text{seen layouts}] - \Pr[\text{success} \mid \text{unseen layouts}]`,
  docsPath: 'docs/concepts/brittleness.md',
  cliCommand: 'npm run -s cli -- brittleness --out docs/concepts/brittleness',
  Component: BrittlenessConcept,
};
