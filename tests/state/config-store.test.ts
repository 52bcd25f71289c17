import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG, PRESETS, SCIENCE_SFT_KL } from '../../src/state/lab-config';
import { configEvents, useConfigStore } from '../../src/state/config-store';
import { DEFAULT_CONFIG, validateConfig } from '../../src/core/train/config';

describe('configuration store', () => {
  beforeEach(() => configEvents.linkOpened(DEFAULT_LAB_CONFIG, []));

  it('an edited field changes only that field', () => {
    configEvents.runFieldEdited('seed', 42);
    const { config } = useConfigStore.getState();
    expect(config.run.seed).toBe(42);
    expect({ ...config.run, seed: 1 }).toEqual(DEFAULT_LAB_CONFIG.run);
  });

  it('an edit the run config rejects is replaced by the default, never stored as is', () => {
    configEvents.runFieldEdited('groupSize', 0);
    expect(useConfigStore.getState().config.run.groupSize).toBe(DEFAULT_LAB_CONFIG.run.groupSize);
    configEvents.runFieldEdited('maxTurns', 80);
    expect(useConfigStore.getState().config.run.maxTurns).toBe(50); // household's limit
  });

  it('choosing estimators keeps their order and the first drives run.estimator', () => {
    configEvents.estimatorsChosen(['planpo', 'rloo']);
    const { config } = useConfigStore.getState();
    expect(config.estimators).toEqual(['planpo', 'rloo']);
    expect(config.run.estimator).toBe('planpo');
  });

  it('link problems are kept until dismissed', () => {
    configEvents.linkOpened(DEFAULT_LAB_CONFIG, ['seed: bad']);
    expect(useConfigStore.getState().linkProblems).toEqual(['seed: bad']);
    configEvents.linkProblemsDismissed();
    expect(useConfigStore.getState().linkProblems).toEqual([]);
  });

  it('every preset compares two or more registered estimators with a valid run config', () => {
    for (const preset of PRESETS) {
      const config = preset.apply(DEFAULT_LAB_CONFIG);
      expect(config.estimators.length, preset.id).toBeGreaterThanOrEqual(2);
      expect(validateConfig(config.run).problems, preset.id).toEqual([]);
      configEvents.presetApplied(config);
      expect(useConfigStore.getState().config).toEqual(config);
    }
  });

  it('the science SFT → RL preset trains with its stronger KL anchor, and a preset chosen after it returns to the default β', () => {
    const sft = PRESETS.find((p) => p.id === 'science-sft')!.apply(DEFAULT_LAB_CONFIG);
    expect(sft.run.klCoef).toBe(SCIENCE_SFT_KL);
    expect(SCIENCE_SFT_KL).not.toBe(DEFAULT_CONFIG.klCoef);
    for (const preset of PRESETS.filter((p) => p.id !== 'science-sft')) {
      expect(preset.apply(sft).run.klCoef, preset.id).toBe(DEFAULT_CONFIG.klCoef);
    }
  });
});
