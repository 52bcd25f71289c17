/**
 * The registry test of the design: a toy estimator and a toy environment registered at test time
 * show up in every consumer with no other edit (CLI help and flags, share links, the lab's picker
 * data and parameter fields, colours, config validation, the trainer's parameter assembly, the
 * worked-equation card and the contract checks).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATOR_IDS, getEstimator, registerEstimator } from '../../src/core/advantage/registry';
import { ENV_IDS, getEnv, registerEnv } from '../../src/core/env/registry';
import type { AdvantageEstimator } from '../../src/core/advantage/types';
import { numberParam } from '../../src/core/params/spec';
import { fmt, NO_SELECTION, selected } from '../../src/core/advantage/worked';
import { trainCommand } from '../../src/cli/commands/train';
import { advantagesCommand } from '../../src/cli/commands/advantages';
import { estimatorFlagParams } from '../../src/cli/estimator-flags';
import { parseArgs } from '../../src/cli/args';
import { parseShareLink, shareSearch } from '../../src/app/share-link';
import { DEFAULT_LAB_CONFIG } from '../../src/state/lab-config';
import { estimatorOptions, paramFields } from '../../src/ui/lab/estimator-options';
import { paletteColor, seriesStylesheet } from '../../src/ui/palette';
import { DEFAULT_CONFIG, validateConfig } from '../../src/core/train/config';
import { estimatorParams } from '../../src/core/train/advantages';
import { exampleGroup } from '../../src/app/example-group';
import { workedEquation } from '../../src/ui/equations/equation-numbers';
import { lanesOf } from '../../src/ui/model/advantage-lanes';
import { checkEstimatorDeclarations } from '../core/advantage/declaration-contract';
import { checkEnvDeclarations } from '../core/env/declaration-contract';
import { buttonEnv } from '../core/rollout/tiny-env';

/** A = s·(R − mean_j R): one parameter, two components, a declared product. */
const toy: AdvantageEstimator<{ scale: number }> = {
  id: 'toy-centred',
  label: 'Toy (scaled centring)',
  color: '#117733',
  docsPath: 'docs/algorithms/grpo.md',
  equation: String.raw`A_{i,t} = s\,(R_i - \bar R)`,
  defaults: { scale: 0.5 },
  params: [numberParam('scale', 0.5, 0, 10, 's (scale)', 'multiplies the centred reward')],
  schedules: [],
  trainsCritic: false,
  components: [{ key: 'centred', label: 'R − R̄', shape: 'per-turn' }, { key: 'scale', label: 's', shape: 'scalar' }],
  combination: { terms: [{ component: 'centred', weight: 'scale', label: 's·(R − R̄)' }], text: 'A = s·(R − R̄)' },
  estimate(group, params) {
    const rewards = group.trajectories.map((t) => t.reward);
    const mean = rewards.reduce((a, b) => a + b, 0) / Math.max(1, rewards.length);
    const centred = group.trajectories.map((t) => Array<number>(t.numTurns).fill(t.reward - mean));
    return { perTurn: centred.map((row) => row.map((c) => params.scale * c)), components: { centred, scale: params.scale } };
  },
  workedEquation(input) {
    const s = selected(input);
    if (!s) return NO_SELECTION;
    const scale = s.traj.components.scale as number;
    const c = (s.traj.components.centred as number[])[s.turn];
    return { lines: [`${s.symbol} = ${fmt(scale)} \\times ${fmt(c)} = ${fmt(s.a)}`], numbers: { scale, centred: c, advantage: s.a } };
  },
};
const toyEnv = { ...buttonEnv(), id: 'toyroom-v0' as const, label: 'Toy room' };

let unregister: Array<() => void> = [];
beforeAll(() => {
  unregister = [registerEstimator(toy as never), registerEnv(toyEnv as never)];
});
afterAll(() => unregister.forEach((f) => f()));

describe('a toy estimator and a toy environment registered at test time', () => {
  it('are listed by the registries and pass the same contract checks as the shipped entries', () => {
    expect(ESTIMATOR_IDS).toContain('toy-centred');
    expect(ENV_IDS).toContain('toyroom-v0');
    for (const id of ESTIMATOR_IDS) checkEstimatorDeclarations(getEstimator(id));
    for (const id of ENV_IDS) checkEnvDeclarations(getEnv(id));
  });

  it('appear in the generated CLI help, and the toy flag sets the toy parameter', () => {
    for (const usage of [trainCommand.usage, advantagesCommand.usage]) {
      expect(usage).toContain('toy-centred');
      expect(usage).toMatch(/--scale X +s \(scale\): multiplies the centred reward \(a number in 0\.\.10, default 0\.5\)/);
    }
    expect(trainCommand.usage).toMatch(/toyroom-v0 +1\.\.3 panels \(default 1\)/);
    expect(estimatorFlagParams(parseArgs(['--scale', '2']), 'toy-centred')).toEqual({ scale: 2 });
    expect(() => estimatorFlagParams(parseArgs(['--scale', '11']), 'toy-centred')).toThrow(/^--scale: expected a number in 0\.\.10, got "11"$/);
    expect(() => estimatorFlagParams(parseArgs(['--scale', '2']), 'grpo')).toThrow(/--scale does not apply to estimator grpo/);
  });

  it('travel in share links, validated against the toy schema with bad values named', () => {
    const lab = { ...DEFAULT_LAB_CONFIG, estimators: ['grpo', 'toy-centred'], estimatorParams: { 'toy-centred': { scale: 2 } } };
    const search = shareSearch(lab);
    expect(new URLSearchParams(search).get('toy-centred.scale')).toBe('2');
    const back = parseShareLink(search);
    expect(back.problems).toEqual([]);
    expect(back.config.estimatorParams).toEqual({ 'toy-centred': { scale: 2 } });
    const bad = parseShareLink('?estimators=grpo,toy-centred&toy-centred.scale=99&toy-centred.shift=1');
    expect(bad.problems).toEqual([
      'toy-centred.scale: expected a number in 0..10, got "99"; using 0.5',
      'toy-centred.shift: not a parameter of toy-centred (its parameters: scale); ignored',
    ]);
    expect(bad.config.estimatorParams).toBeUndefined();
  });

  it('show up in the picker data with a visible colour and in the parameter fields', () => {
    const option = estimatorOptions().find((o) => o.id === 'toy-centred');
    expect(option).toMatchObject({ label: 'Toy (scaled centring)', combination: 'A = s·(R − R̄)' });
    expect(option!.color).toBe(`var(--series-toy-centred, ${paletteColor('toy-centred')})`);
    expect(paletteColor('toy-centred')).toBe('#117733'); // its declared colour, not a shipped entry's
    const colours = ESTIMATOR_IDS.map((id) => paletteColor(id));
    expect(new Set(colours).size).toBe(colours.length);
    expect(seriesStylesheet()).toContain(`--series-toy-centred: ${paletteColor('toy-centred')};`);
    expect(paramFields('toy-centred', { scale: 3 })).toEqual([{ spec: toy.params[0], value: 3, changed: true }]);
  });

  it('reach config validation and the trainer parameter assembly', () => {
    const cfg = validateConfig({ env: 'toyroom-v0', taskType: null, estimator: 'toy-centred', estimatorParams: { scale: 4 }, envSize: 9 });
    expect(cfg.problems).toEqual(["envSize: 9 is outside toyroom-v0's size range 1..3 panels; using its default 1"]);
    expect(cfg.config.estimatorParams).toEqual({ scale: 4 });
    expect(estimatorParams({ ...DEFAULT_CONFIG, estimator: 'toy-centred', estimatorParams: { scale: 4 } }, 'toy-centred', 1)).toEqual({ scale: 4 });
  });

  it("get their own worked-equation card and lanes, not another entry's", () => {
    const group = exampleGroup({ seed: 1, taskType: null, estimators: ['grpo', 'toy-centred'], config: { ...DEFAULT_CONFIG, taskType: null } });
    const record = group[0];
    const a = record.estimator_advantages['toy-centred'].per_turn[0];
    const { lines, numbers } = workedEquation('toy-centred', group, 0, 0);
    expect(lines).toEqual([`A_{1,1} = 0.500 \\times ${fmt(a / 0.5)} = ${fmt(a)}`]);
    expect(numbers.advantage).toBe(a);
    const lanes = lanesOf(record, ['toy-centred']);
    expect(lanes.map((l) => l.label)).toEqual(['Toy (scaled centring)']); // one declared term: no parts
  });
});
