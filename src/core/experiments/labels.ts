/** Human names and number formats of the values that tables and charts show. */
import type { RunValueKey } from './types';

export interface ValueInfo {
  /** Column or axis title. */
  label: string;
  /** Shown as a percentage (values are fractions in [0, 1]). */
  percent: boolean;
  digits: number;
}

export const VALUE_INFO: Readonly<Record<RunValueKey | 'meanOracleTurns', ValueInfo>> = {
  successRate: { label: 'Success (%)', percent: true, digits: 1 },
  meanTurns: { label: 'Turns per episode', percent: false, digits: 1 },
  meanSuccessTurns: { label: 'Turns per success', percent: false, digits: 1 },
  meanOracleTurns: { label: 'Oracle turns T*', percent: false, digits: 1 },
  meanResponseTokens: { label: 'Tokens per response', percent: false, digits: 2 },
  meanThinkTokens: { label: 'Thought tokens per response', percent: false, digits: 2 },
  zeroStdGroupFraction: { label: 'Zero-advantage groups (%)', percent: true, digits: 0 },
  'eval:seen': { label: 'Seen tasks: success (%)', percent: true, digits: 1 },
  'eval:unseen': { label: 'Unseen tasks: success (%)', percent: true, digits: 1 },
  'timing:rolloutMs': { label: 'Rollout (ms/iteration)', percent: false, digits: 0 },
  'timing:advantageMs': { label: 'Advantages (ms/iteration)', percent: false, digits: 3 },
  'timing:updateMs': { label: 'Update (ms/iteration)', percent: false, digits: 0 },
  'timing:totalMs': { label: 'Iteration (ms)', percent: false, digits: 0 },
  advantageShare: { label: 'Advantage share of iteration (%)', percent: true, digits: 3 },
};
