import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/train/config';
import { DEFAULT_LAB_CONFIG, PRESETS, runConfigsOf } from '../../src/state/lab-config';
import { parseShareLink, shareSearch } from '../../src/app/share-link';
import { estimatorParams } from '../../src/core/train/advantages';
import { paramFields } from '../../src/ui/lab/estimator-options';

/** What the lab's PlanPO α_init field shows, and the α the PlanPO run trains with at k = 0. */
function shownAndTrained(search: string): { shown: unknown; trained: unknown; problems: string[] } {
  const { config, problems } = parseShareLink(search);
  const shown = paramFields('planpo', config.estimatorParams?.planpo).find((f) => f.spec.key === 'alphaInit')?.value;
  const run = runConfigsOf(config).find((r) => r.estimator === 'planpo')!;
  return { shown, trained: estimatorParams(run, 'planpo', 0).alpha, problems };
}

describe('share links', () => {
  it('an empty query gives the default configuration and no messages', () => {
    const parsed = parseShareLink('');
    expect(parsed.problems).toEqual([]);
    expect(parsed.fromLink).toBe(false);
    expect(parsed.config.estimators).toEqual(['grpo', 'planpo']);
    expect(parsed.config.run.seed).toBe(DEFAULT_CONFIG.seed);
  });

  it('a written link parses back to the very same configuration', () => {
    const config = PRESETS[0].apply({ ...DEFAULT_LAB_CONFIG, backend: 'webgpu', slack: 3 });
    config.run = { ...config.run, seed: 42, taskType: null, lr: 0.0005 };
    config.estimatorParams = { planpo: { alphaInit: 0.2 } };
    const parsed = parseShareLink(shareSearch(config));
    expect(parsed.problems).toEqual([]);
    expect(parsed.fromLink).toBe(true);
    expect(parsed.config).toEqual(config);
  });

  it('every shared run field is written out, so later default changes cannot alter a link', () => {
    const params = new URLSearchParams(shareSearch(DEFAULT_LAB_CONFIG));
    for (const key of Object.keys(DEFAULT_CONFIG)) {
      if (key === 'estimator' || key === 'estimatorParams' || key === 'rewardParams') continue; // per-key: <id>.<key>, reward.<key>
      expect(params.has(key), key).toBe(true);
    }
  });

  it('bad values are replaced by defaults with a message that names each of them', () => {
    const parsed = parseShareLink('?seed=abc&groupSize=0&lr=-1&estimators=grpo,nope&slack=x&split=sideways');
    expect(parsed.config.run.seed).toBe(DEFAULT_CONFIG.seed);
    expect(parsed.config.run.groupSize).toBe(DEFAULT_CONFIG.groupSize);
    expect(parsed.config.run.lr).toBe(DEFAULT_CONFIG.lr);
    expect(parsed.config.run.split).toBe('seen');
    expect(parsed.config.estimators).toEqual(['grpo', 'planpo']);
    expect(parsed.config.slack).toBe(2);
    const text = parsed.problems.join('\n');
    for (const name of ['seed', 'groupSize', 'lr', 'estimators', 'slack', 'split', '"nope"']) expect(text).toContain(name);
  });

  it('unknown keys are named (with a did-you-mean) and ignored; campaign tags are ignored without a word', () => {
    const parsed = parseShareLink('?utm_source=mail&estimator=rloo&seed=7');
    expect(parsed.problems).toEqual(['"estimator": not a link setting (did you mean estimators?); ignored']);
    expect(parsed.config.run.seed).toBe(7);
    expect(parsed.config.estimators).toEqual(['grpo', 'planpo']);
  });

  it('class-link keys (view, embed, ...) are left to the class-link parser, not named as unknown', () => {
    expect(parseShareLink('?view=play&embed=1&seed=3').problems).toEqual([]);
  });

  it('estimators are de-duplicated and kept in the order the link gives', () => {
    const parsed = parseShareLink('?estimators=planpo,grpo,planpo,rloo');
    expect(parsed.config.estimators).toEqual(['planpo', 'grpo', 'rloo']);
  });

  it('"any" task type and "default" sizes mean null', () => {
    const parsed = parseShareLink('?taskType=any&envSize=default&maxTurns=');
    expect(parsed.config.run.taskType).toBeNull();
    expect(parsed.config.run.envSize).toBeNull();
    expect(parsed.config.run.maxTurns).toBeNull();
  });

  it('hostile input never throws', () => {
    for (const q of ['?seed=1e999', '?groupSize=%00', '?estimators=,,,', '?taskType=__proto__', '?maxTurns=9999', '?&&&=']) {
      expect(() => parseShareLink(q)).not.toThrow();
    }
    expect(parseShareLink('?maxTurns=9999').config.run.maxTurns).toBeNull();
    expect(parseShareLink('?maxTurns=60').config.run.maxTurns).toBe(50);
  });

  it('each run differs from the others only in its estimator', () => {
    const runs = runConfigsOf(DEFAULT_LAB_CONFIG);
    expect(runs.map((r) => r.estimator)).toEqual(['grpo', 'planpo']);
    expect({ ...runs[0], estimator: 'x' }).toEqual({ ...runs[1], estimator: 'x' });
  });

  it.each([
    ['household-v0', 2, "envSize: 2 is outside household-v0's size range 4..20 receptacles; using its default 6"],
    ['shop-v0', 10, "envSize: 10 is outside shop-v0's size range 20..500 catalogue products; using its default 60"],
    ['science-v0', 50, "envSize: 50 is outside science-v0's size range 2..10 rooms; using its default 4"],
  ])('a link with %s and envSize %i names the environment\'s size range and opens with its default', (env, size, message) => {
    const parsed = parseShareLink(`?env=${env}&taskType=any&envSize=${size}`);
    expect(parsed.problems).toEqual([message]);
    expect(parsed.config.run.envSize).toBeNull();
  });

  it('estimator parameters travel as <id>.<key>, and a bad one is named with its value and the default used', () => {
    const lab = { ...DEFAULT_LAB_CONFIG, estimators: ['grpo', 'gigpo'], estimatorParams: { gigpo: { gamma: 0.9, normalizeByStd: false } } };
    const search = shareSearch(lab);
    expect(new URLSearchParams(search).get('gigpo.gamma')).toBe('0.9');
    expect(parseShareLink(search).config.estimatorParams).toEqual({ gigpo: { gamma: 0.9, normalizeByStd: false } });
    expect(runConfigsOf(parseShareLink(search).config)[1].estimatorParams).toEqual({ gamma: 0.9, normalizeByStd: false });
    const bad = parseShareLink('?estimators=grpo,planpo&planpo.alphaSchedule=cosine&planpo.alphaInit=0.2');
    expect(bad.problems).toEqual(['planpo.alphaSchedule: expected one of linear, constant, got "cosine"; using "linear"']);
    expect(bad.config.estimatorParams).toEqual({ planpo: { alphaInit: 0.2 } });
  });

  it('?estimators=grpo,planpo&alphaInit=0.1&planpo.alphaInit=0.3 names the conflict, and the form and the run both use 0.3', () => {
    const { shown, trained, problems } = shownAndTrained('?estimators=grpo,planpo&alphaInit=0.1&planpo.alphaInit=0.3');
    expect(problems).toEqual(['alphaInit = 0.1 conflicts with planpo.alphaInit = 0.3: using planpo.alphaInit = 0.3 (α is planpo\'s own parameter)']);
    expect([shown, trained]).toEqual([0.3, 0.3]);
  });

  it('an older link\'s alphaInit= is read as planpo.alphaInit, the page says so, and the corrected link carries the new key', () => {
    const { shown, trained, problems } = shownAndTrained('?estimators=grpo,planpo&alphaInit=0.2');
    expect(problems).toEqual(['alphaInit = 0.2: read as planpo.alphaInit = 0.2 (α is planpo\'s own parameter now)']);
    expect([shown, trained]).toEqual([0.2, 0.2]);
    const corrected = new URLSearchParams(shareSearch(parseShareLink('?estimators=grpo,planpo&alphaInit=0.2').config));
    expect([corrected.get('planpo.alphaInit'), corrected.has('alphaInit')]).toEqual(['0.2', false]);
    // the links this app wrote before carried alphaInit=0.1&alphaFinal=0.05 (the defaults): read without a word
    expect(shownAndTrained('?estimators=grpo,planpo&alphaInit=0.1&alphaFinal=0.05').problems).toEqual([]);
    expect(parseShareLink('?estimators=grpo,rloo&alphaInit=0.3').problems).toEqual(['alphaInit = 0.3: none of grpo, rloo declares α; ignored']);
  });

  it('a bad escape anywhere in the query is named and the rest of the link is read', () => {
    const parsed = parseShareLink('?seed=7&x=%ZZ&groupSize=%E0%A4%A#lab');
    expect(parsed.problems).toEqual(['"x": not a valid URL escape, ignored', '"groupSize": not a valid URL escape, ignored']);
    expect([parsed.config.run.seed, parsed.config.run.groupSize]).toEqual([7, DEFAULT_CONFIG.groupSize]);
  });
});

