/** Parameter declarations several estimators share (one wording, one range, one flag). */
import { DEFAULT_STD_EPSILON } from './group-norm';
import { booleanParam, choiceParam, numberParam, type ParamSpec } from '../params/spec';

export const GROUP_STATS_CHOICES = ['trajectory', 'turn-weighted'] as const;

export const statsParam = (key = 'stats', what = 'group'): ParamSpec => choiceParam(
  key, 'trajectory', GROUP_STATS_CHOICES, `${what} statistics`,
  `'trajectory': one value per trajectory (the paper); 'turn-weighted': every turn counts (verl-agent)`,
);

export const NORMALIZE_BY_STD = booleanParam(
  'normalizeByStd', true, 'divide by std', 'true: F_norm = std + ε; false: F_norm = 1 (Dr. GRPO, mean_norm)',
  { cliAliases: [{ flag: 'no-std', value: false }] },
);

export const STD_EPSILON = numberParam(
  'stdEpsilon', DEFAULT_STD_EPSILON, 0, 1, 'ε (std guard)', 'added to the std outside the square root',
);

export const INVALID_ACTION_PENALTY = numberParam(
  'invalidActionPenalty', 0, 0, 100, 'invalid-action penalty c',
  'subtracted from the score of a format-invalid turn (paper 0; verl-agent 0.1; free decoding uses formatPenalty)',
  { formatPenalty: true },
);

export const gammaParam = (def: number): ParamSpec => numberParam('gamma', def, 0, 1, 'γ (discount)', 'discount of later turns\' rewards');
export const lambdaParam = (def: number): ParamSpec => numberParam('lambda', def, 0, 1, 'λ (GAE)', 'GAE trace decay: 0 = one-step TD, 1 = Monte Carlo');
