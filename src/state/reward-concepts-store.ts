/**
 * Reward concepts' in-browser runs (Concepts view): per concept, the points of the tiny run in
 * this browser's worker, and the value-function run's result. Plain data only;
 * src/app/reward-concepts-client.ts is the only writer.
 */
import { create } from 'zustand';
import type { BranchEvaluation, BranchPoint } from '../core/concepts/branches';
import type { ValueFunctionResult } from '../core/concepts/value-function';

export type ConceptRunStatus = 'idle' | 'running' | 'finished' | 'failed';

export interface BranchRunState {
  status: ConceptRunStatus;
  points: BranchPoint[];
  evaluations: BranchEvaluation[];
  backend: string | null;
  error: string | null;
}

export interface ValueRunState {
  status: ConceptRunStatus;
  /** Iterations done so far. */
  iteration: number;
  result: ValueFunctionResult | null;
  backend: string | null;
  error: string | null;
}

export interface RewardConceptsState {
  branches: Record<string, BranchRunState>;
  value: ValueRunState;
}

export const IDLE_BRANCH_RUN: BranchRunState = { status: 'idle', points: [], evaluations: [], backend: null, error: null };
const IDLE_VALUE: ValueRunState = { status: 'idle', iteration: 0, result: null, backend: null, error: null };

export const useRewardConceptsStore = create<RewardConceptsState>(() => ({ branches: {}, value: IDLE_VALUE }));

const patchBranch = (id: string, patch: (run: BranchRunState) => Partial<BranchRunState>) =>
  useRewardConceptsStore.setState((s) => {
    const run = s.branches[id] ?? IDLE_BRANCH_RUN;
    return { branches: { ...s.branches, [id]: { ...run, ...patch(run) } } };
  });
const patchValue = (patch: Partial<ValueRunState>) => useRewardConceptsStore.setState((s) => ({ value: { ...s.value, ...patch } }));

export const rewardConceptEvents = {
  branchRunStarted: (id: string, backend: string) => patchBranch(id, () => ({ ...IDLE_BRANCH_RUN, status: 'running', backend })),
  branchPointReported: (id: string, point: BranchPoint) => patchBranch(id, (run) => ({ points: [...run.points, point] })),
  branchEvaluated: (id: string, evaluation: BranchEvaluation) => patchBranch(id, (run) => ({ evaluations: [...run.evaluations, evaluation] })),
  branchRunFinished: (id: string) => patchBranch(id, () => ({ status: 'finished' })),
  branchRunFailed: (id: string, error: string) => patchBranch(id, () => ({ status: 'failed', error })),
  valueRunStarted: (backend: string) => patchValue({ ...IDLE_VALUE, status: 'running', backend }),
  valueIterationCompleted: (iteration: number) => patchValue({ iteration }),
  valueRunFinished: (result: ValueFunctionResult) => patchValue({ status: 'finished', result }),
  valueRunFailed: (error: string) => patchValue({ status: 'failed', error }),
};
