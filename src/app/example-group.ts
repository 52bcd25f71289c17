/**
 * A worked example group, built without training: the environment's declared demo group (one task
 * played six ways: direct and concise, direct but verbose, detours, two failures), played out and
 * scored by the chosen estimators on the main thread. Works for every registered environment. It shows the lab's point in the first second: GRPO gives every success the same
 * credit, PlanPO ranks the direct, concise ones higher. Clearly labelled as constructed in the UI.
 * EMPG's step entropies are constructed too (`EXAMPLE_ENTROPY`: low on the oracle's plan, high off it).
 */
import { getEstimator } from '../core/advantage/registry';
import type { RolloutGroup } from '../core/advantage/types';
import { getEnv } from '../core/env/registry';
import type { BaseEnvState, DemoPlay, TextEnv } from '../core/env/types';
import type { RolloutTurnV1 } from '../core/io/rollouts-v1';
import { sliceAdvantages, type TrainedTrajectoryV1 } from '../core/rollout/records';
import { estimatorParams } from '../core/train/advantages';
import type { RunConfig } from '../core/train/config';

const THOUGHTS = ['hmm', 'okay', 'so', 'first', 'then', 'maybe', 'check', 'next'];

function response(action: string, thoughts: number, t: number): string {
  const words = Array.from({ length: thoughts }, (_, k) => THOUGHTS[(t + k) % THOUGHTS.length]);
  return `<think>${words.join(' ')}</think><action>${action}</action>`;
}

/**
 * Constructed step entropies H_{i,t} (nats) for EMPG, which needs them and has no policy to read them
 * from here: a turn that takes the oracle's next step is confident, any other turn uncertain.
 */
export const EXAMPLE_ENTROPY = { onPlan: 0.3, offPlan: 1.2 } as const;

function playOut(env: TextEnv<BaseEnvState>, start: BaseEnvState, observation: string, play: DemoPlay) {
  let state = start;
  let obs = observation;
  const turns: RolloutTurnV1[] = [];
  const entropies: number[] = [];
  for (const [t, action] of play.actions.entries()) {
    if (state.done) break;
    entropies.push(env.solve(state)[0] === action ? EXAMPLE_ENTROPY.onPlan : EXAMPLE_ENTROPY.offPlan);
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
  return { turns, entropies, success: state.success, reward: turns.reduce((sum, turn) => sum + turn.reward, 0) };
}

export interface ExampleOptions {
  seed: number;
  taskType: string | null;
  estimators: readonly string[];
  config: RunConfig;
  /** Per estimator id, its parameters set away from the defaults (the lab's More settings). */
  estimatorParams?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** The example group as rollouts.v1 records with every chosen estimator's advantages attached. */
export function exampleGroup(options: ExampleOptions): TrainedTrajectoryV1[] {
  const env = getEnv(options.config.env);
  const demo = env.demoGroup(options.seed, options.taskType ?? undefined);
  const maxTurns = demo.options.maxTurns ?? env.maxTurns;
  const reset = env.reset(demo.seed, demo.options);
  const oracleTurns = env.solve(reset.state).length;
  const played = demo.plays.map((p) => playOut(env, reset.state, reset.observation, p));
  const group: RolloutGroup = {
    trajectories: played.map((p) => ({
      success: p.success, reward: p.reward, numTurns: p.turns.length,
      numTokens: p.turns.map((t) => t.response_tokens ?? 1),
      entropies: p.entropies,
    })),
  };
  const advantages = Object.fromEntries(options.estimators.map((id) => {
    const own = options.estimatorParams?.[id] ?? {};
    const params = estimatorParams({ ...options.config, estimator: id, estimatorParams: own }, id, 0);
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
    outcome: { success: p.success, episode_reward: p.reward, num_turns: p.turns.length, terminated_by: p.success ? 'success' : 'turn_limit' },
    oracle_turns: oracleTurns,
    estimator_advantages: Object.fromEntries(Object.entries(advantages).map(([id, adv]) => [id, sliceAdvantages(adv, i)])),
  }));
}
