import { BranchConceptPanel } from '../reward-runs/BranchConceptPanel';

export function RewardHackingConcept() {
  return <BranchConceptPanel id="reward-hacking" />;
}
