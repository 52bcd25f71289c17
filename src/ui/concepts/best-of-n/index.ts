import type { ConceptEntry } from '../concept-entry';
import { BestOfNConcept } from './BestOfNConcept';

export const bestOfNConcept: ConceptEntry = {
  id: 'best-of-n',
  title: 'Test-time search vs training-time RL',
  summary:
    'Two ways to spend compute on a task the environment can check. Search samples N plans from a frozen policy and keeps one ' +
    'the verifier accepts: it pays N episodes for every new task. Training samples episodes once to change the weights, then ' +
    'answers each new task with one try. pass@k, from the same samples, is the chance that at least one of k tries succeeds. ' +
    'A checkable one-off task calls for search; a checkable task that repeats calls for training.',
  equation: String.raw`\text{pass@}k = \mathbb{E}_{\text{tasks}}\!\left[1 - \frac{\binom{n-c}{k}}{\binom{n}{k}}\right],\qquad \text{best-of-}N = \text{pass@}N \text{ with a perfect verifier}`,
  docsPath: 'docs/concepts/best-of-n.md',
  cliCommand: 'npm run -s cli -- best-of-n --out docs/concepts/best-of-n',
  Component: BestOfNConcept,
};
