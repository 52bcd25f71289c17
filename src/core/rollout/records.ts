/**
 * Collected groups → rollouts.v1 records (one per trajectory) for export and for the UI.
 *
 * Extra fields (rollouts.v1 keeps unknown fields):
 * - `oracle_turns`: T* of the task (the oracle's shortest plan at reset), the same for every member.
 * - `estimator_advantages`: for every estimator computed on this group, the per-turn advantages and
 *   the per-turn slices of its components (PlanPO: trajectoryAdvantage A^E, responseAdvantage A^S,
 *   alpha α), so the UI can compare estimators on the very same responses.
 * - `turns[].info`: sampling log-probs, reference log-probs, value and step entropy H_{i,t} (`entropy`,
 *   rollout/entropy.ts; EMPG reads it back) per turn, and the location (env.describeLocation) reached
 *   after the turn.
 * `advantages.per_turn` holds the advantages of the estimator that drove the update.
 */
import type { TurnAdvantages } from '../advantage/types';
import type { RolloutTrajectoryV1, RolloutTurnV1 } from '../io/rollouts-v1';
import { stepEntropy } from './entropy';
import type { TaskGroup, Trajectory } from './types';

export interface EstimatorSlice {
  per_turn: number[];
  components: Record<string, number[] | number>;
}

export interface TrainedTrajectoryV1 extends RolloutTrajectoryV1 {
  oracle_turns: number;
  estimator_advantages: Record<string, EstimatorSlice>;
}

export interface RecordContext {
  runId: string;
  envName: string;
  split?: string;
  maxTurns: number;
  iteration: number;
  /** Estimator that drove the update (its per-turn advantages go to `advantages`). */
  algo: string;
}

/** Trajectory i's slice of an estimator's output. */
export function sliceAdvantages(adv: TurnAdvantages, i: number): EstimatorSlice {
  const components: Record<string, number[] | number> = {};
  for (const [name, value] of Object.entries(adv.components)) {
    components[name] = typeof value === 'number' ? value : value[i].slice();
  }
  return { per_turn: adv.perTurn[i].slice(), components };
}

function turnRecord(traj: Trajectory, t: number): RolloutTurnV1 {
  const turn = traj.turns[t];
  const info: Record<string, unknown> = {
    log_probs: turn.decisions.map((d) => d.logProb),
    value: turn.value,
    entropy: stepEntropy(turn),
  };
  if (turn.refLogProbs) info.ref_log_probs = turn.refLogProbs.slice();
  if (traj.locations) info.location = traj.locations[t];
  return {
    t: turn.t,
    observation: turn.observation,
    admissible_actions: turn.admissible.slice(),
    response: turn.response,
    action: turn.action,
    format_valid: turn.formatValid,
    action_admissible: turn.actionAdmissible,
    feedback: turn.feedback,
    reward: turn.reward,
    done: turn.done,
    response_tokens: turn.tokens.length,
    info,
  };
}

/** rollouts.v1 records of one group, with every estimator's advantages attached. */
export function groupRecords(
  group: TaskGroup, ctx: RecordContext, estimators: Record<string, TurnAdvantages>,
): TrainedTrajectoryV1[] {
  const groupId = `${ctx.runId}:${ctx.iteration}:${group.taskIndex}`;
  return group.trajectories.map((traj, i) => {
    const byEstimator: Record<string, EstimatorSlice> = {};
    for (const [id, adv] of Object.entries(estimators)) byEstimator[id] = sliceAdvantages(adv, i);
    const own = byEstimator[ctx.algo];
    return {
      schema: 'rollouts.v1',
      source: { framework: 'native', run_id: ctx.runId, algo: ctx.algo, model: 'rollout-lab-policy' },
      env: { name: ctx.envName, split: ctx.split, max_turns: ctx.maxTurns },
      task: { task_id: `${ctx.envName}:${group.envSeed}`, task_type: group.taskType, instruction: group.task },
      train_step: ctx.iteration,
      group_id: groupId,
      traj_id: `${groupId}:${traj.member}`,
      sample_index: traj.member,
      turns: traj.turns.map((_, t) => turnRecord(traj, t)),
      outcome: {
        success: traj.success,
        episode_reward: traj.reward,
        num_turns: traj.turns.length,
        terminated_by: traj.terminatedBy,
      },
      ...(own ? { advantages: { per_turn: own.per_turn.slice() } } : {}),
      oracle_turns: group.oracleTurns,
      estimator_advantages: byEstimator,
    };
  });
}
