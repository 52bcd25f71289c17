/** Contract tests: every registry entry, whatever it computes, behaves the same way. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import katex from 'katex';
import {
  ADVANTAGE_ESTIMATORS,
  ESTIMATOR_IDS,
  getEstimator,
  isEstimatorId,
  type AnyAdvantageEstimator,
} from '../../../src/core/advantage/registry';
import type { RolloutGroup } from '../../../src/core/advantage/types';
import { groupArb } from './arbitraries';
import { checkOutputsMatchDeclarations, checkParamSchema, checkSchedules } from './declaration-contract';

/** Entries that declare `requires: ['entropies']` are fed groups that carry them. */
const needsEntropies = (e: AnyAdvantageEstimator): boolean => (e.requires ?? []).includes('entropies');

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object') {
    Object.values(x).forEach(deepFreeze);
    Object.freeze(x);
  }
  return x;
}

describe('advantage estimator registry', () => {
  it('ids are the registry keys, unique, and ESTIMATOR_IDS lists them all', () => {
    expect(ESTIMATOR_IDS).toEqual(Object.keys(ADVANTAGE_ESTIMATORS));
    for (const id of ESTIMATOR_IDS) expect(getEstimator(id).id).toBe(id);
  });

  it('every entry declares its own colour: no two estimators share one', () => {
    const colours = ESTIMATOR_IDS.map((id) => getEstimator(id).color.toUpperCase());
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('getEstimator rejects unknown ids with the list of known ones', () => {
    expect(isEstimatorId('grpo')).toBe(true);
    expect(isEstimatorId('toString')).toBe(false);
    expect(() => getEstimator('dapo')).toThrow(/unknown estimator 'dapo'; known: grpo, planpo/);
  });
});

describe.each(ESTIMATOR_IDS)('registry entry %s', (id) => {
  // A dynamic id (UI picker, CLI flag) goes through the string overload: params typed as object.
  const estimator: AnyAdvantageEstimator = getEstimator(id as string);

  it('has its key as id, a label, a KaTeX equation that renders, and JSON-serializable defaults', () => {
    expect(estimator.id).toBe(id);
    expect(estimator.label.length).toBeGreaterThan(0);
    expect(() => katex.renderToString(estimator.equation, { throwOnError: true })).not.toThrow();
    expect(JSON.parse(JSON.stringify(estimator.defaults))).toEqual(estimator.defaults);
    expect(ADVANTAGE_ESTIMATORS[id]).toBe(estimator);
  });

  it('returns one finite advantage per turn, components of the same shape, deterministically, without mutating its input', () => {
    fc.assert(
      fc.property(groupArb({ entropies: needsEntropies(estimator) }), (group) => {
        const snapshot = structuredClone(group);
        const frozen = deepFreeze(structuredClone(group));
        const out = estimator.estimate(frozen, estimator.defaults);
        expect(frozen).toEqual(snapshot);
        expect(out.perTurn.map((row) => row.length)).toEqual(group.trajectories.map((t) => t.numTurns));
        expect(out.perTurn.flat().every(Number.isFinite)).toBe(true);
        for (const [name, value] of Object.entries(out.components)) {
          if (typeof value === 'number') expect(Number.isFinite(value), name).toBe(true);
          else {
            expect(value.map((row) => row.length), name).toEqual(group.trajectories.map((t) => t.numTurns));
            expect(value.flat().every(Number.isFinite), name).toBe(true);
          }
        }
        expect(estimator.estimate(structuredClone(group), estimator.defaults)).toEqual(out);
      }),
      { numRuns: 60 },
    );
  });

  it('declares a valid parameter schema whose defaults are its defaults', () => checkParamSchema(estimator));
  it('declares schedules over its own parameters', () => checkSchedules(estimator));
  it('outputs only declared components, combines them as declared, and works its equation', () => checkOutputsMatchDeclarations(estimator));

  it('says plainly, naming the missing input, when a group lacks an input it declares it requires', () => {
    const bare: RolloutGroup = { trajectories: [{ success: true, reward: 10, numTurns: 2, numTokens: [3, 3] }] };
    for (const need of estimator.requires ?? []) {
      expect(need).toBe('entropies');
      expect(() => estimator.estimate(bare, estimator.defaults)).toThrow(/needs each turn's token entropy.*cannot be scored by/);
    }
    if ((estimator.requires ?? []).length === 0) expect(estimator.estimate(bare, estimator.defaults).perTurn).toHaveLength(1);
  });

  it('an empty group gives no advantages', () => {
    const empty: RolloutGroup = { trajectories: [] };
    expect(estimator.estimate(empty, estimator.defaults).perTurn).toEqual([]);
  });
});
