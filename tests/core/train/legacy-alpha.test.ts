/**
 * α has one home: each estimator's own declared schedule parameters. The trainer reads them and
 * nothing else (a toy estimator's `betaInit = 0.9` trains with 0.9), and older configs' run-level
 * `alphaInit` / `alphaFinal` are mapped onto the PlanPO entry with a note, conflicts named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEstimator } from '../../../src/core/advantage/registry';
import type { AdvantageEstimator } from '../../../src/core/advantage/types';
import { choiceParam, numberParam } from '../../../src/core/params/spec';
import { SCHEDULE_KINDS } from '../../../src/core/advantage/spec';
import { estimatorParams } from '../../../src/core/train/advantages';
import { DEFAULT_CONFIG, validateConfig } from '../../../src/core/train/config';
import { mapLegacyAlpha } from '../../../src/core/train/legacy-alpha';

/** A = β(k)·(R − mean R), with its own schedule β(k) from betaInit = 0.9 to betaFinal = 0.3. */
const toy: AdvantageEstimator<{ beta: number; betaInit: number; betaFinal: number; betaSchedule: string }> = {
  id: 'toy-beta',
  label: 'Toy (β-scaled centring)',
  color: '#332288',
  docsPath: 'docs/algorithms/grpo.md',
  equation: String.raw`A = \beta(k)\,(R_i - \bar R)`,
  defaults: { beta: 0.9, betaInit: 0.9, betaFinal: 0.3, betaSchedule: 'linear' },
  params: [
    numberParam('betaInit', 0.9, 0, 10, 'β_init', 'β(k) at the start'),
    numberParam('betaFinal', 0.3, 0, 10, 'β_final', 'β(K)'),
    choiceParam('betaSchedule', 'linear', SCHEDULE_KINDS, 'β schedule', 'linear or constant'),
  ],
  schedules: [{ key: 'beta', label: 'β(k)', initKey: 'betaInit', finalKey: 'betaFinal', kindKey: 'betaSchedule' }],
  trainsCritic: false,
  components: [{ key: 'centred', label: 'R − R̄', shape: 'per-turn' }],
  combination: { terms: [{ component: 'centred', label: 'β·(R − R̄)' }], text: 'A = β·(R − R̄)' },
  estimate(group, params) {
    const mean = group.trajectories.reduce((a, t) => a + t.reward, 0) / group.trajectories.length;
    const centred = group.trajectories.map((t) => Array<number>(t.numTurns).fill(t.reward - mean));
    return { perTurn: centred.map((row) => row.map((c) => params.beta * c)), components: { centred } };
  },
  workedEquation: () => ({ lines: [], numbers: {} }),
};

let unregister: () => void = () => undefined;
beforeAll(() => { unregister = registerEstimator(toy as never); });
afterAll(() => unregister());

describe('α has one home: the estimator\'s own schedule', () => {
  it('a new estimator declaring betaInit = 0.9 trains with 0.9 at k = 0 and its own β_final at k = K', () => {
    const config = { ...DEFAULT_CONFIG, estimator: 'toy-beta', iterations: 10 };
    expect(estimatorParams(config, 'toy-beta', 0).beta).toBeCloseTo(0.9, 12);
    expect(estimatorParams(config, 'toy-beta', 5).beta).toBeCloseTo(0.6, 12);
    expect(estimatorParams(config, 'toy-beta', 10).beta).toBeCloseTo(0.3, 12);
    // the run's own overrides of that schedule still apply, and only to the trained estimator
    const own = { ...config, estimatorParams: { betaInit: 2 } };
    expect(estimatorParams(own, 'toy-beta', 0).beta).toBe(2);
    expect(estimatorParams({ ...own, estimator: 'grpo' }, 'toy-beta', 0).beta).toBe(0.9);
  });

  it('PlanPO\'s α comes from its own parameters, and planpo-const-alpha keeps its declared constant 0.1', () => {
    const config = { ...DEFAULT_CONFIG, estimator: 'planpo', iterations: 4, estimatorParams: { alphaInit: 0.3, alphaFinal: 0.1 } };
    expect([0, 2, 4].map((k) => estimatorParams(config, 'planpo', k).alpha)).toEqual([0.3, 0.2, 0.1].map((x) => expect.closeTo(x, 12)));
    expect(estimatorParams(config, 'planpo-const-alpha', 4).alpha).toBeCloseTo(0.1, 12);
  });

  it('an older config\'s alphaInit / alphaFinal become PlanPO\'s own parameters, with a note and no problem', () => {
    const { config, problems, notes } = validateConfig({ estimator: 'planpo', alphaInit: 0.2, alphaFinal: 0.05 });
    expect(problems).toEqual([]);
    expect(config.estimatorParams).toEqual({ alphaInit: 0.2 }); // 0.05 is the declared default: nothing to map
    expect(notes).toEqual(['alphaInit = 0.2: read as estimatorParams.alphaInit = 0.2 (α is planpo\'s own parameter now)']);
    expect('alphaInit' in config).toBe(false);
    expect(estimatorParams({ ...config, iterations: 2 }, 'planpo', 0).alpha).toBeCloseTo(0.2, 12);
  });

  it('the estimator\'s own key wins a conflict, which is named; old defaults on an estimator without α say nothing', () => {
    const conflict = validateConfig({ estimator: 'planpo', alphaInit: 0.1, estimatorParams: { alphaInit: 0.3 } });
    expect(conflict.config.estimatorParams).toEqual({ alphaInit: 0.3 });
    expect(conflict.notes).toEqual(['alphaInit = 0.1 conflicts with estimatorParams.alphaInit = 0.3: using estimatorParams.alphaInit = 0.3 (α is planpo\'s own parameter)']);
    expect(validateConfig({ estimator: 'grpo', alphaInit: 0.1, alphaFinal: 0.05 }).notes).toEqual([]);
    expect(validateConfig({ estimator: 'grpo', alphaInit: 0.4 }).notes).toEqual(['alphaInit = 0.4: none of grpo declares α; ignored']);
  });

  it('maps onto every chosen estimator that declares a schedule, and refuses values outside its range', () => {
    const mapped = mapLegacyAlpha({ alphaInit: 0.25 }, ['grpo', 'planpo', 'toy-beta'], {}, (id, key) => `${id}.${key}`);
    expect(mapped.params).toEqual({ grpo: {}, planpo: { alphaInit: 0.25 }, 'toy-beta': {} }); // toy-beta's schedule has no alphaInit key
    const bad = mapLegacyAlpha({ alphaInit: 'x', alphaFinal: 1e9 }, ['planpo'], {}, (id, key) => `${id}.${key}`);
    expect(bad.params).toEqual({ planpo: {} });
    expect(bad.notes).toEqual(['alphaInit: expected a number in 0..100, got "x"; ignored', 'alphaFinal: expected a number in 0..100, got 1000000000; ignored']);
  });
});
