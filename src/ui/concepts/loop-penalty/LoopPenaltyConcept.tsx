import { BranchConceptPanel } from '../reward-runs/BranchConceptPanel';

export function LoopPenaltyConcept() {
  return <BranchConceptPanel id="loop-penalty" />;
}
