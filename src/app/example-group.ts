/**
 * A worked example group, built without training: one household task played six ways (direct and
 * concise, direct but verbose, two detours, two failures), scored by the chosen estimators on the
 * main thread. It shows the lab's point in the first second: GRPO gives every success the same
 * credit, PlanPO ranks the direct, concise ones higher. Clearly labelled as constructed in the UI.
 */
import { getEstimator } from '../core/advantage/registry';
import type { RolloutGroup } from '../core/advantage/types';
import { getEnv } from '../core/env/registry';
import type { BaseEnvState, TextEnv } from '../core/env/types';
import type { RolloutTurnV1 } from '../core/io/rollouts-v1';
import { sliceAdvantages, type TrainedTrajectoryV1 } from '../core/rollout/records';
import { estimatorParams } from '../core/train/advantages';
import type { RunConfig } from '../core/train/config';

const THOUGHTS = ['hmm', 'okay', 'so', 'first', 'then', 'maybe', 'check', 'next'];
const SUCCESS_REWARD = 10;

interface Play {
  actions: string[];
  thoughts: number;
}

function response(action: string, thoughts: number, t: number): string {
  const words = Array.from({ length: thoughts }, (_, k) => THOUGHTS[(t + k) % THOUGHTS.length]);
  return `<think>${words.join(' ')}</think><action>${action}</action>`;
}

function goTos(env: TextEnv<BaseEnvState>, state: BaseEnvState): string[] {
  return env.admissibleActions(state).filter((a) => a.startsWith('go to '));
}

/** Follow `prefix`, then the oracle from wherever that left us (a detour that still succeeds). */
function detour(env: TextEnv<BaseEnvState>, start: BaseEnvState, prefix: (s: BaseEnvState, k: number) => string | null): string[] {
  const actions: string[] = [];
  let state = start;
  for (let k = 0; k < 8; k++) {
    const a = prefix(state, k);
    if (a === null) break;
    actions.push(a);
    state = env.step(state, a).state;
  }
  return [...actions, ...env.solve(state)];
}

function plays(env: TextEnv<BaseEnvState>, start: BaseEnvState, maxTurns: number): Play[] {
  const plan = env.solve(start);
  const target = plan[0];
  const wrong = goTos(env, start).find((a) => a !== target) ?? target;
  const loop = detour(env, start, (_s, k) => [target, wrong, target, 'look', 'look'][k] ?? null);
  const mild = detour(env, start, (_s, k) => (k === 0 ? wrong : null));
  const wander = (offset: number): string[] => {
    const places = goTos(env, start).filter((a) => a !== plan[plan.length - 2]);
    return Array.from({ length: maxTurns }, (_, k) => places[(k + offset) % places.length]);
  };
  return [
    { actions: plan, thoughts: 1 },
    { actions: loop, thoughts: 2 },
    { actions: plan, thoughts: 6 },
    { actions: wander(0), thoughts: 2 },
    { actions: mild, thoughts: 1 },
    { actions: wander(1), thoughts: 3 },
  ];
}

function playOut(env: TextEnv<BaseEnvState>, start: BaseEnvState, observation: string, play: Play) {
  let state = start;
  let obs = observation;
  const turns: RolloutTurnV1[] = [];
  for (const [t, action] of play.actions.entries()) {
    if (state.done) break;
    const res = env.step(state, action);
    const text = response(action, play.thoughts, t);
    turns.push({
      t, observation: obs, response: text, action, format_valid: true, action_admissible: env.admissibleActions(state).includes(action),
      feedback: res.observation, reward: res.reward, done: res.done, response_tokens: 4 + play.thoughts + action.split(' ').length,
      info: { location: env.describeLocation?.(res.state) ?? null },
    });
    state = res.state;
    obs = res.observation;
  }
  return { turns, success: state.success };
}

export interface ExampleOptions {
  seed: number;
  taskType: string | null;
  estimators: readonly string[];
  config: RunConfig;
}

/** The example group as rollouts.v1 records with every chosen estimator's advantages attached. */
export function exampleGroup(options: ExampleOptions): TrainedTrajectoryV1[] {
  const env = getEnv(options.config.env);
  const maxTurns = Math.min(12, env.maxTurnsLimit ?? 12);
  const reset = env.reset(options.seed, { taskType: options.taskType ?? undefined, size: 4, maxTurns });
  const oracleTurns = env.solve(reset.state).length;
  const played = plays(env, reset.state, maxTurns).map((p) => playOut(env, reset.state, reset.observation, p));
  const group: RolloutGroup = {
    trajectories: played.map((p) => ({
      success: p.success, reward: p.success ? SUCCESS_REWARD : 0, numTurns: p.turns.length,
      numTokens: p.turns.map((t) => t.response_tokens ?? 1),
    })),
  };
  const advantages = Object.fromEntries(options.estimators.map((id) => {
    const params = estimatorParams({ ...options.config, estimator: options.estimators[0] }, id, 0);
    return [id, getEstimator(id).estimate(group, params as never)];
  }));
  const groupId = `example:${options.seed}`;
  return played.map((p, i) => ({
    schema: 'rollouts.v1',
    source: { framework: 'native', run_id: 'example', algo: 'example', model: 'constructed' },
    env: { name: env.id, split: 'seen', max_turns: maxTurns },
    task: { task_id: `${env.id}:${options.seed}`, task_type: reset.state.taskType, instruction: reset.task },
    train_step: 0, group_id: groupId, traj_id: `${groupId}:${i}`, sample_index: i,
    turns: p.turns,
    outcome: { success: p.success, episode_reward: p.success ? SUCCESS_REWARD : 0, num_turns: p.turns.length, terminated_by: p.success ? 'success' : 'turn_limit' },
    oracle_turns: oracleTurns,
    estimator_advantages: Object.fromEntries(Object.entries(advantages).map(([id, adv]) => [id, sliceAdvantages(adv, i)])),
  }));
}
