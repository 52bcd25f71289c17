/**
 * The test of "a run setting is one declaration": a toy setting registered at test time reaches
 * the lab's form, the CLI flags and usage, the share link, validation and the docs table with no
 * other edit.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integerParam } from '../../src/core/params/spec';
import { paramTable } from '../../src/core/params/docs-table';
import { registerRunParam, runFieldSpecs, runParams } from '../../src/core/train/run-params';
import { DEFAULT_CONFIG, validateConfig } from '../../src/core/train/config';
import { DEFAULT_LAB_CONFIG } from '../../src/state/lab-config';
import { parseShareLink, shareSearch } from '../../src/app/share-link';
import { trainCommand } from '../../src/cli/commands/train';
import { runFlagConfig } from '../../src/cli/run-flags';
import { parseArgs } from '../../src/cli/args';
import { RunFields } from '../../src/ui/lab/RunFields';
import { docsRunTable } from '../docs/docs-run-table';

const toy = integerParam('toyKnob', 3, 1, 9, 'Toy knob', 'a toy run setting', { group: 'advanced' });
let unregister: () => void = () => undefined;
beforeAll(() => { unregister = registerRunParam(toy); });
afterAll(() => unregister());

const knob = (config: object): unknown => (config as Record<string, unknown>).toyKnob;

describe('a toy run setting declared once', () => {
  it('is a field of the lab\'s More settings, with its label, range and value', () => {
    expect(runFieldSpecs('advanced', 'household-v0').map((p) => p.key)).toContain('toyKnob');
    const html = renderToStaticMarkup(createElement(RunFields, { run: { ...DEFAULT_CONFIG, toyKnob: 5 } as never, group: 'advanced' }));
    expect(html).toMatch(/<span class="field-label">Toy knob<\/span><input type="number" min="1" max="9" step="1"[^>]*value="5"/);
    expect(renderToStaticMarkup(createElement(RunFields, { run: DEFAULT_CONFIG, group: 'run' }))).not.toContain('Toy knob');
  });

  it('is a train flag, listed in the usage with its range and default, and range-checked', () => {
    expect(trainCommand.usage).toMatch(/--toy-knob X +Toy knob: a toy run setting \(an integer in 1\.\.9, default 3\)/);
    expect(runFlagConfig(parseArgs(['--toy-knob', '4']))).toEqual({ toyKnob: 4 });
    expect(() => runFlagConfig(parseArgs(['--toy-knob', '10']))).toThrow('--toy-knob: expected an integer in 1..9, got "10"');
  });

  it('is validated with the declared default and a named problem', () => {
    expect(knob(validateConfig({}).config)).toBe(3);
    expect(knob(validateConfig({ toyKnob: 7 }).config)).toBe(7);
    const bad = validateConfig({ toyKnob: 0 });
    expect([knob(bad.config), bad.problems]).toEqual([3, ['toyKnob: expected an integer in 1..9, got 0; using 3']]);
  });

  it('travels in share links, and a bad value in a link is named', () => {
    const lab = { ...DEFAULT_LAB_CONFIG, run: { ...validateConfig({ toyKnob: 8 }).config, estimator: 'grpo' } };
    const search = shareSearch(lab);
    expect(new URLSearchParams(search).get('toyKnob')).toBe('8');
    expect(knob(parseShareLink(search).config.run)).toBe(8);
    expect(parseShareLink('?toyKnob=12').problems).toEqual(['toyKnob: expected an integer in 1..9, got 12; using 3']);
  });

  it('is a row of the generated docs table, so the committed docs table no longer matches until it is added', () => {
    expect(paramTable(runParams())).toContain('| `toyKnob` | `3` | an integer in 1..9 | `--toy-knob` | `toyKnob` | Toy knob: a toy run setting |');
    expect(docsRunTable()).not.toBe(paramTable(runParams()));
  });
});
