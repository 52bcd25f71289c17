import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { deriveSeed } from '../../../src/core/math';
import { Policy, vocabularyForEnv } from '../../../src/core/policy';
import { collectGroups, groupRecords, type CollectOptions } from '../../../src/core/rollout';
import { validateRolloutTrajectory, toRolloutGroups, readRollouts, writeRollouts } from '../../../src/core/io';
import { getEnv } from '../../../src/core/env/registry';
import { buttonEnv } from './tiny-env';

const env = buttonEnv({ walk: true });
let policy: Policy;
const opts: CollectOptions = {
  seed: 5, iteration: 0, tasks: 3, groupSize: 4, maxTurns: 4, historyLength: 2, decoding: 'constrained',
  limits: { maxThinkTokens: 4, maxResponseTokens: 16 }, temperature: 1, envOptions: {},
};

beforeAll(async () => {
  await tf.setBackend('wasm');
  policy = Policy.create(vocabularyForEnv(env, { seeds: 8 }), { hidden: 16, hashBuckets: 128, maxPositions: 16 }, deriveSeed(5, 'init'));
});
afterAll(() => policy.dispose());

describe('collectGroups', () => {
  it('gives the G members of a task the same game and the oracle length T*', async () => {
    const batch = await collectGroups(policy, env, opts);
    expect(batch.groups).toHaveLength(3);
    for (const group of batch.groups) {
      expect(group.envSeed).toBe(deriveSeed(5, 'env', 0, group.taskIndex));
      expect(group.trajectories).toHaveLength(4);
      expect(group.oracleTurns).toBe(2);
      for (const traj of group.trajectories) expect(traj.turns[0].observation).toContain(group.task);
    }
  });

  it('samples the members independently and reproducibly from their own seeds', async () => {
    const a = await collectGroups(policy, env, opts);
    const b = await collectGroups(policy, env, opts);
    const responses = (x: typeof a) => x.groups.flatMap((g) => g.trajectories.map((t) => t.turns.map((u) => u.response).join('|')));
    expect(responses(a)).toEqual(responses(b));
    expect(new Set(responses(a)).size).toBeGreaterThan(3);
  });

  it('records tokens, choices, actions and feedback per turn, and ends episodes on success or the cap', async () => {
    const batch = await collectGroups(policy, env, opts);
    for (const traj of batch.groups.flatMap((g) => g.trajectories)) {
      expect(traj.turns.length).toBeLessThanOrEqual(4);
      const last = traj.turns[traj.turns.length - 1];
      expect(last.done || traj.turns.length === 4).toBe(true);
      expect(traj.success).toBe(traj.terminatedBy === 'success');
      for (const turn of traj.turns) {
        expect(turn.admissible).toContain(turn.action);
        expect(turn.tokens.length).toBeGreaterThanOrEqual(turn.decisions.length + 2); // <think>, <action> are always forced
        for (const d of turn.decisions) {
          expect(d.allowed!.length).toBeGreaterThan(1);
          expect(d.allowed).toContain(d.token);
          expect(d.logProb).toBeLessThan(0);
        }
      }
    }
    const turns = batch.groups.flatMap((g) => g.trajectories.flatMap((t) => t.turns)).length;
    expect(batch.tokens).toBe(batch.groups.flatMap((g) => g.trajectories.flatMap((t) => t.turns.map((u) => u.tokens.length))).reduce((x, y) => x + y, 0));
    expect(turns).toBeGreaterThan(0);
  });

  it('lets free decoding write anything: malformed responses are format-invalid and do nothing', async () => {
    const batch = await collectGroups(policy, env, { ...opts, decoding: 'free' });
    const turns = batch.groups.flatMap((g) => g.trajectories.flatMap((t) => t.turns));
    expect(turns.some((t) => !t.formatValid)).toBe(true);
    for (const t of turns) {
      expect(t.tokens.length).toBeLessThanOrEqual(opts.limits.maxResponseTokens);
      expect(t.decisions).toHaveLength(t.tokens.length); // every token is a choice
      if (!t.actionAdmissible) expect(t.feedback).toBe('Nothing happens.');
    }
  });

  it('exports valid rollouts.v1 records that the io adapter turns back into groups', async () => {
    const batch = await collectGroups(policy, env, opts);
    const records = batch.groups.flatMap((g) => groupRecords(g, {
      runId: 'test', envName: env.id, split: 'seen', maxTurns: 4, iteration: 1, algo: 'grpo',
    }, {}));
    for (const r of records) expect(validateRolloutTrajectory(JSON.parse(JSON.stringify(r))).ok).toBe(true);
    const read = readRollouts(writeRollouts(records));
    expect(read.errors).toEqual([]);
    const { groups } = toRolloutGroups(read.records);
    expect(groups).toHaveLength(3);
    expect(groups[0].group.trajectories[0].numTokens[0]).toBe(batch.groups[0].trajectories[0].turns[0].tokens.length);
  });
});

describe('collectGroups by task type (tasksByType)', () => {
  const science = getEnv('science-v0');
  let sciencePolicy: Policy;
  beforeAll(() => {
    sciencePolicy = Policy.create(vocabularyForEnv(science, { seeds: 4 }), { hidden: 8, hashBuckets: 64, maxPositions: 16 }, deriveSeed(7, 'init'));
  });
  afterAll(() => sciencePolicy.dispose());
  const sciOpts = (over: Partial<CollectOptions>): CollectOptions => ({ ...opts, seed: 7, groupSize: 1, maxTurns: 1, ...over });
  const typesOf = async (over: Partial<CollectOptions>) => (await collectGroups(sciencePolicy, science, sciOpts(over))).groups.map((g) => g.taskType);

  it('gives task b of iteration k the type (k·B + b) mod |types|: with B = |types|, every type in every iteration', async () => {
    const types = science.taskTypes;
    expect(await typesOf({ byType: true, iteration: 3, tasks: types.length })).toEqual(types);
    expect(await typesOf({ byType: true, iteration: 1, tasks: 3 })).toEqual([types[3], types[4], types[5]]);
    expect(await typesOf({ byType: true, iteration: 2, tasks: 3 })).toEqual([types[6], types[7], types[0]]);
  });

  it('off, draws each type from the task seed; a run of one type keeps it', async () => {
    const drawn = Array.from({ length: 6 }, (_, b) => science.reset(deriveSeed(7, 'env', 0, b), {}).state.taskType);
    expect(await typesOf({ tasks: 6 })).toEqual(drawn);
    expect(new Set(drawn).size).toBeGreaterThan(1);
    expect(await typesOf({ byType: true, tasks: 4, envOptions: { taskType: 'melt' } })).toEqual(Array(4).fill('melt'));
  });
});
