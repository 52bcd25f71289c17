import { describe, expect, it } from 'vitest';
import { experimentFigures } from '../../../src/core/experiments/figures';
import { buildReport, markdownTable } from '../../../src/core/experiments/report';
import { parseResults, RESULTS_FORMAT, toIterationRecord } from '../../../src/core/experiments/results';
import { experimentTables } from '../../../src/core/experiments/tables';
import { fakeResults, fakeRun } from './fixtures';

const mainResults = fakeResults('main', [
  fakeRun('grpo', 'household-v0', 1, [0, 0.2, 0.4, 0.4]), fakeRun('grpo', 'household-v0', 2, [0, 0.2, 0.6, 0.6]),
  fakeRun('planpo', 'household-v0', 1, [0, 0.4, 0.8, 0.8]), fakeRun('planpo', 'household-v0', 2, [0.2, 0.4, 0.8, 1]),
]);

const ev = (split: 'seen' | 'unseen', successRate: number) => ({ split, successRate, episodes: 8, temperature: 0.4, meanTurns: 6, meanSuccessTurns: 5, meanResponseTokens: 9 });
const oodResults = fakeResults('ood', [
  fakeRun('grpo', 'household-v0', 1, [0.5], { evaluation: [ev('seen', 0.5), ev('unseen', 0.25)] }),
  fakeRun('planpo', 'household-v0', 1, [0.5], { evaluation: [ev('seen', 0.75), ev('unseen', 0.625)] }),
]);

describe('report tables', () => {
  it('the main experiment has an end-of-training table and a paired comparison with GRPO', () => {
    const [final, comparison] = experimentTables(mainResults);
    expect(final.id).toBe('final');
    expect(final.rows.map((r) => r.slice(0, 3))).toEqual([['GRPO', 'household-v0', '2'], ['PLANPO', 'household-v0', '2']]);
    expect(final.rows[1][3]).toBe('90.0 ± 127.1'); // last quarter = last iteration: seeds 0.8, 1.0; t(0.975, 1)·0.1 = 1.271
    expect(comparison.id).toBe('comparison');
    expect(comparison.rows[0][0]).toBe('PLANPO − GRPO');
  });

  it('main also compares every other arm with PlanPO (compare.alsoAgainst), the same pairs with the sign turned', () => {
    const withRloo = fakeResults('main', [...mainResults.runs,
      fakeRun('rloo', 'household-v0', 1, [0, 0.2, 0.2, 0.2]), fakeRun('rloo', 'household-v0', 2, [0, 0.2, 0.4, 0.4])]);
    const tables = experimentTables(withRloo);
    const vsGrpo = tables.find((t) => t.id === 'comparison')!;
    const vsPlanpo = tables.find((t) => t.id === 'comparison-planpo')!;
    expect(vsPlanpo.title).toBe('Differences from PLANPO');
    expect(vsPlanpo.rows.map((r) => r[0])).toEqual(['GRPO − PLANPO', 'RLOO − PLANPO']);
    // last iteration: GRPO 0.4, 0.6 and PlanPO 0.8, 1.0 per seed → −40 points on both seeds; RLOO 0.2, 0.4 → −60
    expect(vsPlanpo.rows[0][3]).toBe('-40.0 ± 0.0');
    expect(vsPlanpo.rows[1][3]).toBe('-60.0 ± 0.0');
    expect(vsGrpo.rows.find((r) => r[0] === 'PLANPO − GRPO')![3]).toBe('40.0 ± 0.0');
    // an experiment without the reference arm has no such table
    expect(experimentTables(fakeResults('main', mainResults.runs.filter((r) => r.arm !== 'planpo'))).some((t) => t.id === 'comparison-planpo')).toBe(false);
  });

  it('the evaluation table shows seen, unseen and their per-seed gap in percentage points', () => {
    const table = experimentTables(oodResults).find((t) => t.id === 'evaluation')!;
    expect(table.rows[1].slice(4)).toEqual(['75.0', '62.5', '12.5']);
    expect(table.caption).toContain('8 fresh tasks per split at temperature 0.4');
  });

  it('markdown tables escape pipes and right-align the numeric columns', () => {
    expect(markdownTable({ columns: ['A', 'B', 'C'], rows: [['x|y', 'e', '1']] })).toBe('| A | B | C |\n| --- | --- | ---: |\n| x\\|y | e | 1 |');
  });
});

describe('report figures and markdown', () => {
  it('main has success, turns and token curves per env plus a turns bar chart', () => {
    expect(experimentFigures(mainResults).map((f) => f.file)).toEqual([
      'successRate-household-v0.svg', 'meanTurns-household-v0.svg', 'meanResponseTokens-household-v0.svg', 'final-meanTurns.svg',
    ]);
  });

  it('ood draws seen and unseen bars for each arm', () => {
    const fig = experimentFigures(oodResults).find((f) => f.file === 'evaluation.svg')!;
    expect(fig.chart.kind).toBe('bars');
    if (fig.chart.kind === 'bars') expect(fig.chart.input.groups.map((g) => g.bars.map((b) => b.mean))).toEqual([[0.5, 0.25], [0.75, 0.625]]);
  });

  it('report.md names the command, commit, date, sizes and CI method, and links every SVG it ships', () => {
    const report = buildReport(mainResults);
    expect(report.markdown).toContain('`test` at commit abc1234 on 2025-01-01T00:00:00.000Z');
    expect(report.markdown).toContain('2 seeds (root seeds 1..2), 4 iterations, 1 tasks × 2 members per iteration');
    expect(report.markdown).toContain("Student's t");
    for (const f of report.files) {
      expect(report.markdown).toContain(`](${f.name})`);
      expect(f.content.startsWith('<svg')).toBe(true);
    }
  });
});

describe('report provenance against HEAD', () => {
  const merged = (commits: string[]) => ({
    ...mainResults,
    parts: commits.map((commit, i) => ({ provenance: { ...mainResults.provenance, commit, command: `part ${i}` }, envs: ['household-v0'], arms: ['grpo'], runs: 1, wallMs: 1000 })),
  });

  it('says nothing about HEAD when the renderer does not know it', () => {
    expect(buildReport(mainResults).markdown).not.toMatch(/HEAD/);
    expect(buildReport(mainResults, { head: null }).markdown).not.toMatch(/HEAD/);
  });

  it('says when every run ran at the commit the report is rendered at', () => {
    expect(buildReport(mainResults, { head: 'abc1234' }).markdown).toContain('Every run ran at abc1234, the commit this report was rendered at (HEAD).');
    expect(buildReport(mainResults, { head: 'abc1234' }).markdown).not.toContain('Not HEAD');
  });

  it('names each run commit that is not HEAD, with what differs in src/core or that it is not known', () => {
    const md = buildReport(merged(['abc1234', 'def5678', 'abc1234', '0ff0ff0+dirty']), {
      head: 'fff0000', coreChanges: { abc1234: [], def5678: ['src/core/experiments', 'src/core/train'], '0ff0ff0+dirty': null },
    }).markdown;
    expect(md.match(/\*\*Not HEAD:\*\*/g)).toHaveLength(3);
    expect(md).toContain('**Not HEAD:** runs at commit abc1234 did not run at fff0000, the commit (HEAD) this report was rendered at; src/core is identical at both.');
    expect(md).toContain('runs at commit def5678 did not run at fff0000, the commit (HEAD) this report was rendered at; src/core differs in src/core/experiments, src/core/train.');
    expect(md).toContain('runs at commit 0ff0ff0+dirty did not run at fff0000, the commit (HEAD) this report was rendered at; whether src/core differs between the two is not known.');
    expect(buildReport(merged(['abc1234', 'fff0000']), { head: 'fff0000' }).markdown.match(/Not HEAD/g)).toHaveLength(1);
  });
});

describe('results.json schema', () => {
  it('round-trips through JSON and parses back', () => {
    expect(parseResults(JSON.parse(JSON.stringify(mainResults)))).toEqual(mainResults);
  });

  it('rejects files that are not experiment results with a readable reason', () => {
    expect(() => parseResults([])).toThrow(/expected a JSON object/);
    expect(() => parseResults({ format: 'other' })).toThrow(/format is "other", expected "rollout-lab.experiment-results.v1"/);
    expect(() => parseResults({ ...mainResults, runs: [{ arm: 'a' }] })).toThrow(/runs\[0\] lacks arm, env or seed/);
    expect(RESULTS_FORMAT).toBe('rollout-lab.experiment-results.v1');
  });

  it('iteration records keep four significant digits and turn missing values into null', () => {
    const rec = toIterationRecord({
      iteration: 3, successRate: 0.123456, meanTurns: 12.34567, meanSuccessTurns: null, meanOracleTurns: 4, meanResponseTokens: 10.98765, meanThinkTokens: 2,
      zeroStdGroupFraction: 0.5, loss: Number.NaN, kl: 1e-9, clipFraction: 0, entropy: 1.5, alpha: 0.0751234, numTensors: 20,
      timing: { rolloutMs: 123.4567, advantageMs: 0.012345, updateMs: 1, totalMs: 124.47 },
    });
    expect(rec).toMatchObject({ successRate: 0.1235, meanTurns: 12.35, meanSuccessTurns: null, loss: 0, alpha: 0.07512 });
    expect(rec.timing).toEqual({ rolloutMs: 123.46, advantageMs: 0.01, updateMs: 1, totalMs: 124.47 });
  });
});
