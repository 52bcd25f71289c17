/**
 * The reward concepts that train (a literal registry): each names its runs (a BranchSpec at the
 * CLI's size or the browser's), its charts and its markdown summary. The CLI command of each
 * (`npm run -s cli -- <id>`) and its lab panel read this entry only.
 */
import type { LineChartInput } from '../experiments/charts/layout';
import type { BranchSpec } from './branches';
import { armsChart, hackingChart } from './figures';
import { loopPenaltySpec } from './loop-penalty';
import type { ConceptRunResults } from './results';
import { rewardHackingSpec, type ConceptSize } from './reward-hacking';
import { hackingSummary, loopSummary } from './summaries';

export interface RewardConcept {
  id: string;
  title: string;
  spec(size: ConceptSize, overrides?: { warmup?: number; iterations?: number }): BranchSpec;
  /** Chart inputs by file stem (`<stem>.svg`). */
  charts(spec: BranchSpec, points: ConceptRunResults['points']): Record<string, LineChartInput>;
  summary(results: ConceptRunResults): string;
}

export const REWARD_CONCEPTS = {
  'reward-hacking': {
    id: 'reward-hacking',
    title: 'Reward hacking',
    spec: rewardHackingSpec,
    charts: (spec, points) => ({ 'proxy-vs-success': hackingChart(spec, points) }),
    summary: hackingSummary,
  },
  'loop-penalty': {
    id: 'loop-penalty',
    title: 'Loop penalty and intermediate checks',
    spec: loopPenaltySpec,
    charts: (spec, points) => ({
      success: armsChart(spec, points, 'successRate', 'Success with and without the shaped reward'),
      loops: armsChart(spec, points, 'loopsPerEpisode', 'Loops per episode (repeats of the previous command)'),
    }),
    summary: loopSummary,
  },
} as const satisfies Record<string, RewardConcept>;

export type RewardConceptId = keyof typeof REWARD_CONCEPTS;
export const REWARD_CONCEPT_IDS = Object.keys(REWARD_CONCEPTS) as RewardConceptId[];
