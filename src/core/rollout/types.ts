/**
 * What a rollout records. Plain data; the sparse `prompt` features and `decisions` are what the
 * update replays through the batched forward pass (they never leave the trainer).
 */
import type { PromptFeatures } from '../policy/policy';

/** One sampled decision: a response position where more than one token was allowed. */
export interface Decision {
  /** Index of the token in the response. */
  position: number;
  token: number;
  /** Allowed tokens (ascending); null = every token but <pad> (free decoding). */
  allowed: number[] | null;
  /** Sparse decoder features (prev token, action bag, position). */
  features: number[];
  /** Sparse lookahead features (j·V + v). */
  lookahead: number[];
  /** log π_θold(token | prefix) from the sampling pass. */
  logProb: number;
  /** H(π_θold(· | prefix)) over the allowed tokens at τ, from the sampling pass (EMPG reads it); absent on decisions built by hand. */
  entropy?: number;
}

export interface TurnRecord {
  t: number;
  /** Observation the policy acted on (the reset text at t = 0). */
  observation: string;
  admissible: string[];
  prompt: PromptFeatures;
  /** Every response token, forced ones included (L_{i,t} = tokens.length). */
  tokens: number[];
  decisions: Decision[];
  /** Thought tokens in the response (they cost length, carry no reward). */
  thoughts: number;
  /** log π_ref per decision, filled by `scoreReference` after collection. */
  refLogProbs?: number[];
  /** V(s_t) from the value head at sampling time. */
  value: number;
  response: string;
  action: string;
  formatValid: boolean;
  actionAdmissible: boolean;
  feedback: string;
  /** r_{i,t} the run trains on (the configured reward, core/reward; = the env's reward by default). */
  reward: number;
  /** The environment's own reward for the step, when the run's reward replaced it. */
  envReward?: number;
  /** The env's verifiable intermediate checks satisfied after the step (`TextEnv.intermediateChecks`). */
  checks?: string[];
  done: boolean;
}

export type TerminatedBy = 'success' | 'env_done' | 'turn_limit';

export interface Trajectory {
  member: number;
  turns: TurnRecord[];
  success: boolean;
  /** R(τ_i): sum of the turns' rewards under the run's reward (household outcome: 10 on success). */
  reward: number;
  /** Sum of the environment's own step rewards, when the run's reward replaced them. */
  envReward?: number;
  terminatedBy: TerminatedBy;
  /** Places visited per turn (env.describeLocation), when the env knows them. */
  locations?: Array<string | null>;
}

export interface TaskGroup {
  taskIndex: number;
  envSeed: number;
  task: string;
  taskType: string;
  /** T*: length of the oracle's shortest plan at reset. */
  oracleTurns: number;
  trajectories: Trajectory[];
}

export interface RolloutBatch {
  iteration: number;
  groups: TaskGroup[];
  /** Batched forward passes run while decoding (one per lockstep decision step). */
  decodeSteps: number;
  /** Response tokens generated, forced ones included. */
  tokens: number;
}
