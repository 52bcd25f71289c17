import { getEstimator } from '../../../core/advantage/registry';
import type { ConceptEntry } from '../concept-entry';
import { ValueFunctionConcept } from './ValueFunctionConcept';

export const valueFunctionConcept: ConceptEntry = {
  id: 'value-function',
  title: 'The value function',
  summary: 'PPO trains a critic V(s_t) that judges partial plans: how much return to expect from this turn on. '
    + 'Here it is turn by turn along one trajectory, beside the return that actually followed; GAE turns the critic\'s surprises δ_t into per-turn advantages, '
    + 'while GRPO gives every turn of a trajectory the same group-relative credit.',
  equation: getEstimator('ppo').equation,
  docsPath: 'docs/concepts/value-function.md',
  cliCommand: 'npm run -s cli -- value-function',
  Component: ValueFunctionConcept,
};
