import { describe, expect, it } from 'vitest';
import { ESTIMATOR_IDS } from '../../../src/core/advantage/registry';
import { ENV_IDS } from '../../../src/core/env/registry';
import { planExperiment, planUnits, SIZE_PRESETS } from '../../../src/core/experiments/plan';
import { ALPHA_VALUES, EXPERIMENTS, getExperiment } from '../../../src/core/experiments/registry';
import { EXPERIMENT_IDS, SIZE_NAMES } from '../../../src/core/experiments/types';
import { validateConfig } from '../../../src/core/train/config';

describe('experiment registry and plans', () => {
  it('every experiment id has a definition whose arms use registered estimators', () => {
    expect(Object.keys(EXPERIMENTS)).toEqual([...EXPERIMENT_IDS]);
    for (const def of Object.values(EXPERIMENTS)) {
      for (const arm of def.arms) expect(ESTIMATOR_IDS).toContain(arm.estimator);
      expect(def.arms.map((a) => a.id)).toContain(def.compare.baseline);
    }
  });

  it('every planned run at every size is a config the trainer accepts without a problem', () => {
    for (const id of EXPERIMENT_IDS) {
      for (const size of SIZE_NAMES) {
        for (const run of planExperiment(id, size).runs) expect(validateConfig(run.config).problems, run.runId).toEqual([]);
      }
    }
  });

  it('a plan is arms × registered envs × seeds with unique run ids and seeds 1..K', () => {
    const plan = planExperiment('main', 'full', { seeds: 2 });
    const def = getExperiment('main');
    const envs = def.envs.full.filter((e) => (ENV_IDS as readonly string[]).includes(e));
    expect(plan.envs).toEqual(envs);
    expect(plan.runs).toHaveLength(def.arms.length * envs.length * 2);
    expect(new Set(plan.runs.map((r) => r.runId)).size).toBe(plan.runs.length);
    expect([...new Set(plan.runs.map((r) => r.seed))]).toEqual([1, 2]);
    expect(plan.skippedEnvs).toEqual(def.envs.full.filter((e) => !envs.includes(e)));
  });

  it('overrides replace the preset sizes in every run config', () => {
    const plan = planExperiment('components', 'reduced', { iterations: 3, groupSize: 2, tasksPerIteration: 1 });
    for (const run of plan.runs) expect(run.config).toMatchObject({ iterations: 3, groupSize: 2, tasksPerIteration: 1 });
    expect(plan.sizes.seeds).toBe(SIZE_PRESETS.reduced.seeds);
  });

  it('the alpha ablation sweeps the paper values with alpha_final = alpha_init / 2', () => {
    const runs = planExperiment('alpha-ablation', 'full', { seeds: 1, envs: ['household-v0'] }).runs;
    expect(runs.map((r) => r.config.estimatorParams?.alphaInit)).toEqual([...ALPHA_VALUES]);
    expect(runs.map((r) => r.config.estimatorParams?.alphaFinal)).toEqual(ALPHA_VALUES.map((a) => a / 2));
  });

  it('critic-based arms train the value head and group-relative arms do not', () => {
    const runs = planExperiment('length-shaping', 'full', { seeds: 1 }).runs;
    for (const run of runs) expect(run.config.valueCoef ?? 0, run.runId).toBe(run.config.estimator === 'planpo' ? 0 : 0.5);
  });

  it('ood evaluates every run on seen and unseen tasks and counts those episodes as work', () => {
    const plan = planExperiment('ood', 'reduced', { seeds: 1, iterations: 2, evalEpisodes: 16 });
    for (const run of plan.runs) expect(run.evaluate).toEqual({ splits: ['seen', 'unseen'], episodes: 16 });
    expect(planUnits(plan)).toBe(plan.runs.length * (2 + 4));
  });

  it('--arms keeps only the named arms, in the experiment\'s order, and refuses unknown ones', () => {
    const plan = planExperiment('main', 'full', { seeds: 2, arms: ['planpo', 'grpo'], envs: ['household-v0'] });
    expect(plan.runs.map((r) => r.runId)).toEqual([
      'grpo/household-v0/seed1', 'grpo/household-v0/seed2', 'planpo/household-v0/seed1', 'planpo/household-v0/seed2',
    ]);
    expect(() => planExperiment('main', 'full', { arms: ['grpo', 'nope'] })).toThrow(/has no arm nope; its arms are grpo, planpo/);
  });

  it('alpha-ablation, components, length-shaping and ood run on all three environments, each with main\'s settings for it', () => {
    const others = (config: object, arm: object | undefined) => Object.fromEntries(Object.entries(config).filter(([k]) => k !== 'estimator' && !(k in (arm ?? {}))));
    for (const id of ['alpha-ablation', 'components', 'length-shaping', 'ood'] as const) {
      const def = getExperiment(id);
      const plan = planExperiment(id, 'full', { seeds: 2, iterations: 150, envs: ['shop-v0', 'science-v0'] });
      expect(plan.envs, id).toEqual(['shop-v0', 'science-v0']);
      expect(plan.runs, id).toHaveLength(def.arms.length * 2 * 2);
      for (const run of plan.runs) {
        const main = planExperiment('main', 'full', { seeds: 2, iterations: 150, envs: [run.env], arms: ['grpo'] }).runs.find((r) => r.seed === run.seed)!;
        const arm = def.arms.find((a) => a.id === run.arm)!;
        expect(others(run.config, arm.config), run.runId).toEqual(others(main.config, arm.config));
        expect(run.config, run.runId).toMatchObject({ estimator: arm.estimator, ...arm.config });
      }
    }
    expect(planExperiment('ood', 'full', { seeds: 1, envs: ['shop-v0'] }).runs[0].config).toMatchObject({ envSize: 60, maxTurns: 15 });
    expect(planExperiment('ood', 'full', { seeds: 1, envs: ['science-v0'] }).runs[0].config).toMatchObject({ taskType: 'find-non-living-thing', envSize: 2 });
  });

  it('their household runs keep the settings of the shipped 3-seed × 40-iteration results (ood 5 receptacles, the rest 4)', () => {
    for (const id of ['alpha-ablation', 'components', 'length-shaping', 'ood'] as const) {
      const def = getExperiment(id);
      for (const [size, maxTurns] of [['full', 20], ['reduced', 15]] as const) {
        const runs = planExperiment(id, size, { envs: ['household-v0'] }).runs;
        const { seeds, iterations, groupSize, tasksPerIteration } = SIZE_PRESETS[size];
        expect(runs.map((r) => r.runId), `${id} ${size}`).toEqual(def.arms.flatMap((a) => Array.from({ length: seeds }, (_, i) => `${a.id}/household-v0/seed${i + 1}`)));
        for (const run of runs) {
          const arm = def.arms.find((a) => a.id === run.arm)!;
          expect(run.config, run.runId).toEqual({
            env: 'household-v0', estimator: arm.estimator, seed: run.seed, iterations, groupSize, tasksPerIteration,
            envSize: id === 'ood' ? 5 : 4, maxTurns, ...arm.config,
          });
        }
      }
      expect(def.envs.reduced, id).toEqual(['household-v0']);
    }
  });

  it('unknown experiments, foreign envs and bad sizes are refused with a readable error', () => {
    expect(() => planExperiment('nope')).toThrow(/unknown experiment "nope"; valid: main/);
    expect(() => planExperiment('overhead', 'full', { envs: ['shop-v0'] })).toThrow(/does not use shop-v0/);
    expect(() => planExperiment('overhead', 'full', { seeds: 0 })).toThrow(/seeds must be an integer ≥ 1/);
  });
});
