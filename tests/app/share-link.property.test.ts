import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKEND_REQUESTS } from '../../workers/backend-request';
import { isEstimatorId } from '../../src/core/advantage/registry';
import { getEnv } from '../../src/core/env/registry';
import { validateConfig, type RunConfig } from '../../src/core/train/config';
import { MAX_RUNS, type LabConfig } from '../../src/state/lab-config';
import { LINK_KEYS, parseShareLink, shareSearch, shareUrl } from '../../src/app/share-link';

const NULL_WORDS = new Set(['null', 'any', 'default', '']);
const FOREIGN = new Set(['utm_source', 'utm_campaign', 'fbclid']);

/** An independent reading of "the link's value was taken as given" for one key. */
function taken(key: string, value: string, lab: LabConfig): boolean {
  if (key === 'v') return value === '1';
  if (key === 'backend') return (value === '' ? 'auto' : value.toLowerCase()) === lab.backend;
  if (key === 'slack') return value.trim() !== '' && Number(value) === lab.slack;
  if (key === 'estimators') {
    const ids = [...new Set(value.split(',').map((s) => s.trim()).filter((s) => s !== ''))];
    return ids.join(',') === lab.estimators.join(',');
  }
  const actual = lab.run[key as keyof RunConfig];
  if (actual === null) return NULL_WORDS.has(value.trim().toLowerCase());
  if (typeof actual === 'number') return value.trim() !== '' && Number(value) === actual;
  return value === actual;
}

/** The configuration is one the worker accepts: valid fields, 2..4 known estimators, an env that resets with it. */
function expectUsable(lab: LabConfig): void {
  expect(validateConfig(lab.run).problems).toEqual([]);
  expect(lab.estimators.length).toBeGreaterThanOrEqual(2);
  expect(lab.estimators.length).toBeLessThanOrEqual(MAX_RUNS);
  expect(new Set(lab.estimators).size).toBe(lab.estimators.length);
  expect(lab.estimators.every(isEstimatorId)).toBe(true);
  expect(BACKEND_REQUESTS).toContain(lab.backend);
  expect(Number.isInteger(lab.slack) && lab.slack >= 0 && lab.slack <= 50).toBe(true);
  const { run } = lab;
  const options = { taskType: run.taskType ?? undefined, split: run.split, size: run.envSize ?? undefined, maxTurns: run.maxTurns ?? undefined };
  expect(() => getEnv(run.env).reset(run.seed, options)).not.toThrow();
}

const VALUE = fc.oneof(
  fc.constantFrom(
    '', 'any', 'default', 'null', '0', '1', '-1', '2', '3', '5', '8', '20', '50', '64', '65', '501', '0.5', '1e999', 'NaN', '4294967296',
    'grpo,planpo', 'grpo', 'planpo,grpo,rloo,ppo,gigpo', 'rloo,rloo,grpo', 'wasm', 'WASM', 'webgl', 'seen', 'unseen', 'household-v0',
    'shop-v0', 'science-v0', 'pick_and_place_simple', 'token-mean', 'k3', 'free', 'constrained', '1', '2',
  ),
  fc.integer({ min: -5, max: 2000 }).map(String),
  fc.double().map(String),
  fc.string({ maxLength: 16 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const KEY = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...LINK_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom('utm_source', 'estimator', 'sed', 'envsize', 'groupsize', '__proto__', 'constructor') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const PAIRS = fc.array(fc.tuple(KEY, VALUE), { maxLength: 14 });

describe('share links under random input', () => {
  it('never throw, always give a usable configuration, and name every value they did not take as given', () => {
    fc.assert(
      fc.property(PAIRS, (pairs) => {
        const search = `?${new URLSearchParams(pairs).toString()}`;
        const { config, problems } = parseShareLink(search);
        expectUsable(config);
        const byKey = new Map<string, string[]>();
        for (const [k, v] of pairs) byKey.set(k, [...(byKey.get(k) ?? []), v]);
        const named = (key: string) => problems.some((p) => p.startsWith(`${key}:`));
        let unknown = 0;
        for (const [key, values] of byKey) {
          if (!LINK_KEYS.includes(key)) {
            if (!FOREIGN.has(key)) unknown++;
            continue;
          }
          if (values.length > 1) expect(named(key), `${key} given twice: ${search}`).toBe(true);
          else if (!taken(key, values[0], config)) expect(named(key), `${key}=${JSON.stringify(values[0])} replaced silently: ${search}`).toBe(true);
        }
        expect(problems.filter((p) => p.includes(': not a link setting')).length).toBe(unknown);
        for (const p of problems) expect(p.length).toBeLessThan(600);
        // The corrected link reads back to the same configuration without a word.
        const again = parseShareLink(shareSearch(config));
        expect(again.problems).toEqual([]);
        expect(again.config).toEqual(config);
      }),
      // 300 random links (up to 14 pairs each). Sized by breaking the parser on purpose: a key given
      // three times named but one given twice not, or short unknown keys ignored silently, failed
      // within 100 links for each of 8 seeds; a bound off by one on one key (slack 51) was missed at
      // 3,000 as at 300, so the 3,000 links bought no break that 300 miss.
      { numRuns: 300 },
    );
  });

  it('never throw on bad escapes, truncated UTF-8, + and spaces or a hash part, and name each pair they leave out', () => {
    const BAD = fc.constantFrom('%ZZ', '%', '%E0%A4%A', '%E0%A4', '%C3', '%F0%9F%98', '%80');
    const KEY_TEXT = fc.oneof(fc.constantFrom(...LINK_KEYS), fc.constantFrom('x', 'planpo.alphaInit', 'reward.loopPenalty'));
    const RAW_PAIR = fc.oneof(
      fc.tuple(KEY_TEXT, VALUE).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%20/g, '+')}`),
      fc.tuple(KEY_TEXT, BAD).map(([k, bad]) => `${k}=${bad}`),
      fc.tuple(BAD, VALUE).map(([bad, v]) => `${bad}=${encodeURIComponent(v)}`),
      fc.constantFrom('seed=1+2', 'seed=+3', 'estimators=grpo,+planpo', 'taskType=any '),
    );
    const LINK = fc.tuple(fc.array(RAW_PAIR, { maxLength: 10 }), fc.constantFrom('', '#lab', '#concepts/%ZZ', '#x=%ZZ&seed=%E0'))
      .map(([pairs, hash]) => `?${pairs.join('&')}${hash}`);
    fc.assert(fc.property(LINK, (search) => {
      const { config, problems } = parseShareLink(search);
      expectUsable(config);
      const query = search.slice(1).split('#')[0];
      const bad = query.split('&').filter((part) => {
        try {
          part.split('=').forEach((x) => decodeURIComponent(x.replace(/\+/g, ' ')));
          return false;
        } catch {
          return true;
        }
      });
      expect(problems.filter((p) => p.endsWith(': not a valid URL escape, ignored')).length, search).toBe(bad.length);
      const again = parseShareLink(shareSearch(config));
      expect(again.problems).toEqual([]);
      expect(again.config).toEqual(config);
    }), { numRuns: 1000 });
  });

  it('a link at its longest stays far below common server limits (8 KB)', () => {
    const lab = parseShareLink('?estimators=length-shaping-unconditional,length-shaping-success,planpo-const-alpha,planpo-ae-only&taskType=any').config;
    const url = shareUrl(lab, { origin: 'https://example.org', pathname: '/rollout-lab/', hash: '#/lab' });
    expect(url.length).toBeLessThan(8 * 1024);
  });

  it('a huge link is replaced by a short corrected one, naming its values cut to a readable length', () => {
    const huge = `?seed=${'9'.repeat(20_000)}&${'x'.repeat(20_000)}=1&estimators=${'grpo,'.repeat(4000)}`;
    const { config, problems } = parseShareLink(huge);
    expectUsable(config);
    expect(problems.some((p) => p.startsWith('seed:') && p.includes('(20,000 characters)'))).toBe(true);
    expect(problems.join('\n').length).toBeLessThan(2000);
    expect(shareSearch(config).length).toBeLessThan(2000);
  });
});
