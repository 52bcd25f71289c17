import { getReward } from '../../../core/reward/registry';
import type { ConceptEntry } from '../concept-entry';
import { RewardHackingConcept } from './RewardHackingConcept';

export const rewardHackingConcept: ConceptEntry = {
  id: 'reward-hacking',
  title: 'Reward hacking',
  summary: 'A policy that already solves its task is trained further on a keyword checker that pays whenever the task\'s words show up in what the agent sees. '
    + 'It never checks the goal, and finishing the task ends the payments, so the policy learns to keep the object in view instead of putting it away: the checker\'s pay rises while true success falls. '
    + 'The same policy trained on the verifiable outcome is the fix beside it.',
  equation: getReward('keyword-proxy').equation,
  docsPath: 'docs/concepts/reward-hacking.md',
  cliCommand: 'npm run -s cli -- reward-hacking',
  Component: RewardHackingConcept,
};
