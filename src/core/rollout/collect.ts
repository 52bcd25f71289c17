/**
 * Collect B tasks × G members in lockstep (verl-agent's multi-turn loop, algorithms.md §2).
 *
 * - The G members of task b share its env seed deriveSeed(seed, 'env', iteration, b), so they
 *   play the same game; member g samples tokens from deriveSeed(seed, 'sample', iteration, b, g).
 * - Each turn's prompt is built fresh (task, last `historyLength` observation/action pairs,
 *   current observation, admissible commands): step-independent, no dialogue concatenation.
 * - All live episodes decode together: one batched forward pass per decision step; forced tokens
 *   need no pass; finished episodes drop out of the batch.
 * - Each episode consumes its own Rng only, so its tokens do not depend on who else is in the batch.
 */
import { stratifiedOptions } from '../env/options';
import type { BaseEnvState, EnvOptions, TextEnv } from '../env/types';
import { createRng, deriveSeed, type Rng } from '../math';
import { ResponseDecoder, parseFreeResponse, renderResponse, type DecodeLimits, type DecodingMode } from '../policy/decoding';
import { copyFeatures, decoderFeatures, encoderFeatures, textWords, type HistoryEntry, type PolicyInput } from '../policy/features';
import { TurnSession, type Policy, type PromptFeatures } from '../policy/policy';
import { sampleToken } from '../policy/sampling';
import { PAD, type Vocabulary } from '../policy/vocabulary';
import type { Decision, RolloutBatch, TaskGroup, Trajectory, TurnRecord } from './types';

export interface CollectOptions {
  seed: number;
  iteration: number;
  tasks: number;
  groupSize: number;
  maxTurns: number;
  historyLength: number;
  decoding: DecodingMode;
  limits: DecodeLimits;
  temperature: number;
  envOptions: EnvOptions;
  /**
   * Tasks stratified by type: task b of iteration k gets type (k·B + b) mod |types| when
   * `envOptions` leaves the type to the seed (every type equally often; with B = |types|, every
   * type in every iteration). Off: each task's type is drawn from its env seed.
   */
  byType?: boolean;
  /** Seed stream names; evaluation uses its own ('eval-env', 'eval-sample'). */
  streams?: { env: string; sample: string };
}

interface Episode<S extends BaseEnvState> {
  group: TaskGroup;
  traj: Trajectory;
  task: string;
  /** textWords(task), split once: every turn's decoder reads them. */
  taskWords: string[];
  state: S;
  observation: string;
  history: HistoryEntry[];
  rng: Rng;
  done: boolean;
}

interface Pending {
  decoder: ResponseDecoder;
  decisions: Decision[];
  input: PolicyInput;
  prompt: PromptFeatures;
  value: number;
}

export async function collectGroups<S extends BaseEnvState>(
  policy: Policy, env: TextEnv<S>, opts: CollectOptions,
): Promise<RolloutBatch> {
  const streams = opts.streams ?? { env: 'env', sample: 'sample' };
  const episodes: Episode<S>[] = [];
  const groups: TaskGroup[] = [];
  const envOptions = { ...opts.envOptions, maxTurns: opts.maxTurns };
  for (let b = 0; b < opts.tasks; b++) {
    const envSeed = deriveSeed(opts.seed, streams.env, opts.iteration, b);
    const reset = env.reset(envSeed, opts.byType ? stratifiedOptions(env.taskTypes, envOptions, opts.iteration * opts.tasks + b) : envOptions);
    const group: TaskGroup = {
      taskIndex: b, envSeed, task: reset.task, taskType: reset.state.taskType,
      oracleTurns: env.solve(reset.state).length, trajectories: [],
    };
    groups.push(group);
    const taskWords = textWords(reset.task);
    for (let g = 0; g < opts.groupSize; g++) {
      const traj: Trajectory = { member: g, turns: [], success: false, reward: 0, terminatedBy: 'turn_limit' };
      if (env.describeLocation) traj.locations = [];
      group.trajectories.push(traj);
      episodes.push({
        group, traj, task: reset.task, taskWords, state: reset.state, observation: reset.observation, history: [],
        rng: createRng(deriveSeed(opts.seed, streams.sample, opts.iteration, b, g)), done: false,
      });
    }
  }
  let decodeSteps = 0;
  let tokens = 0;
  for (let t = 0; t < opts.maxTurns; t++) {
    const live = episodes.filter((e) => !e.done);
    if (live.length === 0) break;
    // RESPOND: one lockstep decoding pass over every live episode
    const { pending, steps } = await respond(policy, env, live, opts);
    decodeSteps += steps;
    // ENV STEP
    live.forEach((ep, i) => {
      tokens += pending[i].decoder.tokens.length;
      stepEpisode(env, policy.vocab, ep, pending[i], t, opts);
    });
  }
  return { iteration: opts.iteration, groups, decodeSteps, tokens };
}

async function respond<S extends BaseEnvState>(
  policy: Policy, env: TextEnv<S>, live: Episode<S>[], opts: CollectOptions,
): Promise<{ pending: Pending[]; steps: number }> {
  const { vocab, dims } = policy;
  const pending: Pending[] = live.map((ep) => {
    const admissible = env.admissibleActions(ep.state);
    const input: PolicyInput = { task: ep.task, observation: ep.observation, history: ep.history, admissible };
    const prompt = { encoder: encoderFeatures(input, dims.hashBuckets, dims.taskFeatures), copy: copyFeatures(input, vocab) };
    const labels = env.commandLabels?.(ep.state);
    const decoder = new ResponseDecoder(
      vocab, admissible, opts.decoding, opts.limits, ep.taskWords, labels ? admissible.map((c) => labels[c] ?? '') : [],
    );
    return { decoder, decisions: [], input, prompt, value: 0 };
  });
  const session = new TurnSession(policy, pending.map((p) => p.prompt));
  let steps = 0;
  try {
    const values = await session.values();
    pending.forEach((p, i) => (p.value = values[i]));
    for (;;) {
      const rows: number[] = [];
      const feats: number[][] = [];
      const looks: number[][] = [];
      const allowed: Array<number[] | null> = [];
      pending.forEach((p, i) => {
        const d = p.decoder;
        while (!d.done) {
          const a = d.allowed();
          if (a !== null && a.length === 1) {
            d.push(a[0]); // forced: no choice, no forward pass
            continue;
          }
          const prev = d.tokens.length > 0 ? d.tokens[d.tokens.length - 1] : PAD;
          rows.push(i);
          feats.push(decoderFeatures(dims, prev, d.actionWords, d.tokens.length));
          looks.push(d.lookahead());
          allowed.push(a);
          break;
        }
      });
      if (rows.length === 0) break;
      const z = await session.logits(rows, feats, looks, allowed); // [m, V] (read at the allowed tokens)
      steps++;
      rows.forEach((i, j) => {
        const p = pending[i];
        const s = sampleToken(z, j * dims.vocabSize, dims.vocabSize, allowed[j], live[i].rng, opts.temperature);
        p.decisions.push({
          position: p.decoder.tokens.length, token: s.token, allowed: allowed[j], features: feats[j], lookahead: looks[j], logProb: s.logProb, entropy: s.entropy,
        });
        p.decoder.push(s.token);
      });
    }
  } finally {
    session.dispose();
  }
  return { pending, steps };
}

function stepEpisode<S extends BaseEnvState>(
  env: TextEnv<S>, vocab: Vocabulary, ep: Episode<S>, p: Pending, t: number, opts: CollectOptions,
): void {
  const { decoder } = p;
  let action: string;
  let formatValid = true;
  if (opts.decoding === 'constrained') {
    action = decoder.constrainedCommand() ?? '';
  } else {
    const parsed = parseFreeResponse(vocab, decoder.tokens);
    action = parsed.action;
    formatValid = parsed.formatValid;
  }
  const res = env.step(ep.state, action);
  const turn: TurnRecord = {
    t, observation: ep.observation, admissible: p.input.admissible as string[], prompt: p.prompt,
    tokens: decoder.tokens.slice(), decisions: p.decisions, value: p.value,
    thoughts: decoder.tokens.filter((id) => vocab.isThought(id)).length,
    response: renderResponse(vocab, decoder.tokens), action, formatValid,
    actionAdmissible: p.input.admissible.includes(action), feedback: res.observation,
    reward: res.reward, done: res.done,
  };
  if (env.intermediateChecks) turn.checks = env.intermediateChecks(res.state);
  ep.traj.turns.push(turn);
  ep.traj.reward += res.reward;
  ep.history = [...ep.history, { observation: ep.observation, action }].slice(-opts.historyLength);
  if (opts.historyLength <= 0) ep.history = [];
  ep.state = res.state;
  ep.observation = res.observation;
  if (env.describeLocation) ep.traj.locations!.push(env.describeLocation(res.state));
  if (res.done || ep.traj.turns.length >= opts.maxTurns) {
    ep.done = true;
    ep.traj.success = res.success;
    ep.traj.terminatedBy = res.success ? 'success' : res.done ? 'env_done' : 'turn_limit';
  }
}
