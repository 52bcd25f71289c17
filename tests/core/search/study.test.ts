import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  costChart, parseSearchResults, runSearchStudy, searchCurves, searchHeadlines, searchReport, splitBars, successVsNChart, type SearchResults,
} from '../../../src/core/search';
import { passAtK } from '../../../src/core/search/pass-at-k';

const CONFIG = { env: 'household-v0', taskType: 'pick_and_place_simple', envSize: 5, maxTurns: 6, seed: 5, groupSize: 4, tasksPerIteration: 2, hidden: 32, hashBuckets: 256, estimator: 'grpo' };
const OPTIONS = { checkpoints: [2, 0], splits: ['seen', 'unseen'] as ('seen' | 'unseen')[], tasks: 3, samplesPerTask: 4, temperature: 1 };
const provenance = { command: 'test', commit: null, date: '2026-12-01T00:00:00Z', backend: 'wasm' };

let results: SearchResults;
const order: string[] = [];
beforeAll(async () => {
  await tf.setBackend('wasm');
  results = await runSearchStudy(CONFIG, OPTIONS, {
    provenance,
    onEvent: (e) => void order.push(e.kind === 'iteration' ? `it${e.iteration.iteration}` : `search${e.samples.iteration}-${e.samples.split}`),
  });
});

describe('the search-vs-training study', () => {
  it('searches the initial policy, trains to the last checkpoint and searches it again, on both splits', () => {
    expect(order).toEqual(['search0-seen', 'search0-unseen', 'it1', 'it2', 'search2-seen', 'search2-unseen']);
    expect(results.config.iterations).toBe(2);
    expect(results.options.checkpoints).toEqual([0, 2]);
    for (const s of results.samples) {
      expect(s.tasks).toHaveLength(3);
      for (const t of s.tasks) {
        expect(t.successes).toMatch(/^[01]{4}$/);
        expect(t.turns).toHaveLength(4);
      }
    }
    expect(results.samples.map((s) => s.trainingEpisodes)).toEqual([0, 0, 16, 16]);
    expect(results.iterations.map((i) => i.trainingEpisodes)).toEqual([8, 16]);
  });

  it('searches the same fresh tasks (env seeds) at every checkpoint', () => {
    const seeds = (it: number, split: string) => results.samples.find((s) => s.iteration === it && s.split === split)!.tasks.map((t) => t.envSeed);
    expect(seeds(0, 'seen')).toEqual(seeds(2, 'seen'));
    expect(seeds(0, 'unseen')).toEqual(seeds(2, 'unseen'));
  });

  it('is reproducible: the same config and options give the same samples', async () => {
    const again = await runSearchStudy(CONFIG, { ...OPTIONS, checkpoints: [0] }, { provenance });
    expect(again.samples).toEqual(results.samples.filter((s) => s.iteration === 0));
  });

  it('curves average pass@N over tasks; the figures, headline and report read the same numbers', () => {
    const curves = searchCurves(results);
    const s = results.samples[0];
    const expected = s.tasks.reduce((a, t) => a + passAtK(4, [...t.successes].filter((c) => c === '1').length, 2), 0) / 3;
    expect(curves[0].points.map((p) => p.N)).toEqual([1, 2, 4]);
    expect(curves[0].points[1].passAtK.mean).toBeCloseTo(expected, 12);
    expect(successVsNChart(results, 'seen').series.map((x) => x.label)).toEqual(['initial policy', 'after 2 it. (16 episodes)']);
    expect(costChart(results, 'unseen').series.map((x) => x.id)).toEqual(['search-initial', 'training', 'search-trained']);
    expect(splitBars(results).bars.length).toBeGreaterThan(0);
    const [seen] = searchHeadlines(results);
    expect(seen.initialBest1).toBeCloseTo(curves[0].points[0].passAtK.mean!, 12);
    expect(searchReport(results)).toContain('| initial policy | 0 |');
  });

  it('its file round-trips through the parser, which names a wrong field', () => {
    expect(parseSearchResults(JSON.parse(JSON.stringify(results)))).toEqual(results);
    const bad = JSON.parse(JSON.stringify(results));
    bad.samples[0].tasks[0].successes = '10x';
    expect(() => parseSearchResults(bad)).toThrow(/samples\.0\.tasks\.0\.successes/);
  });
});
