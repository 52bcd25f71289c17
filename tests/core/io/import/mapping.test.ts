import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  guessMapping,
  importText,
  ImportFormatError,
  MappingFileError,
  mappingMatches,
  parseMappingFile,
  tableColumns,
  type ColumnMapping,
} from '../../../../src/core/io';

/** SkyRL's dumped_evals/{data_source}.jsonl row shape (input_prompt, output_response, score, stop_reason, env_class). */
const SKYRL_LIKE = [
  { input_prompt: 'Solve 1+1', output_response: '2', score: 1, stop_reason: 'stop', env_class: 'gsm8k' },
  { input_prompt: 'Solve 1+1', output_response: '3', score: 0, stop_reason: 'length', env_class: 'gsm8k' },
];

/** Rows no reader recognises (SkyRL's own dumps open with their reader; these are renamed): the mapping's case. */
const UNKNOWN_ROWS = SKYRL_LIKE.map(({ input_prompt, ...rest }) => ({ question: input_prompt, ...rest }));

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n');

describe('guessing a mapping', () => {
  it('reads prompt, response and reward from common column names, and a 0/1 reward as success at 1', () => {
    const guess = guessMapping(Object.keys(SKYRL_LIKE[0]), SKYRL_LIKE);
    expect(guess).toEqual({
      version: 1,
      name: 'table: input_prompt, output_response, score, stop_reason, …',
      columns: ['input_prompt', 'output_response', 'score', 'stop_reason', 'env_class'],
      group: ['input_prompt'],
      prompt: 'input_prompt',
      response: 'output_response',
      reward: { columns: ['score'], combine: 'sum' },
      success: { rewardAtLeast: 1 },
    });
    expect(parseMappingFile(JSON.stringify(guess))).toEqual(guess);
  });

  it('finds step, trajectory, turn and a success column, and groups within a step', () => {
    const rows = [{ global_step: 3, episode_id: 'e1', turn: 0, question: 'q', response: 'a', reward: 0.5, won: true }];
    const guess = guessMapping(Object.keys(rows[0]), rows);
    expect(guess).toMatchObject({ group: ['global_step', 'question'], step: 'global_step', trajectory: 'episode_id', turn: 'turn', success: { column: 'won' } });
  });

  it('falls back to a reward-like numeric column, never to an advantage', () => {
    const rows = [{ text: 'x', advantage: 0.3, my_score_v2: 4 }];
    expect(guessMapping(Object.keys(rows[0]), rows).reward.columns).toEqual(['my_score_v2']);
  });

  it('lists each column with up to 3 distinct samples cut at 80 characters', () => {
    const long = 'y'.repeat(200);
    const columns = tableColumns([{ a: 'x', b: long }, { a: 'x', b: 1 }, { a: 'z' }, { a: 'w' }, { a: 'v' }]);
    expect(columns).toEqual([{ name: 'a', samples: ['x', 'z', 'w'] }, { name: 'b', samples: [`${'y'.repeat(79)}…`, '1'] }]);
  });
});

describe('mapping files', () => {
  const base: ColumnMapping = { version: 1, name: 'evals', columns: ['q', 'a', 'r'], group: ['q'], prompt: 'q', response: 'a', reward: { columns: ['r'], combine: 'mean' } };

  it('reject what cannot be used, naming every problem', () => {
    const bad = (patch: object) => () => parseMappingFile(JSON.stringify({ ...base, ...patch }));
    expect(bad({ reward: { columns: ['r'], combine: 'avg' } })).toThrow(/reward\.combine: must be "sum", "mean" or "max", got "avg"/);
    expect(bad({ version: 2, response: 7 })).toThrow(/version: must be 1, got 2; response: must be a column name, got 7/);
    expect(bad({ response: 'answer' })).toThrow('the mapping reads "answer", which is not in its "columns"');
    expect(bad({ turn: 'q' })).toThrow(/needs "trajectory" too/);
    expect(bad({ success: { rewardAtLeast: 'high' } })).toThrow(/success: must be \{"column": NAME\} or \{"rewardAtLeast": NUMBER\}/);
    expect(() => parseMappingFile('{"version": 1,')).toThrow(MappingFileError);
    expect(parseMappingFile(JSON.stringify(base))).toEqual(base);
  });

  it('match the next file of the same column set, in any order', () => {
    expect(mappingMatches(base, ['r', 'q', 'a'])).toBe(true);
    expect(mappingMatches(base, ['q', 'a'])).toBe(false);
    expect(mappingMatches(base, ['q', 'a', 'r', 'extra'])).toBe(false);
  });
});

describe('reading rows through a mapping', () => {
  it('a file no reader knows fails with a guess that, applied, opens it', () => {
    let error: ImportFormatError | null = null;
    try {
      importText(jsonl(UNKNOWN_ROWS));
    } catch (e) {
      error = e as ImportFormatError;
    }
    expect(error?.table?.guess.response).toBe('output_response');
    const result = importText(jsonl(UNKNOWN_ROWS), { mapping: error!.table!.guess });
    expect(result.format).toBe('column-mapping');
    expect(result.adapterLabel).toBe('column mapping "table: question, output_response, score, stop_reason, …"');
    expect(result.summary).toMatchObject({ trajectories: 2, groups: 1 });
    expect(result.trajectories.map((t) => t.outcome.success)).toEqual([true, false]);
    expect(result.trajectories[1].turns[0].info).toEqual({ line: 2, rewards: { score: 0 }, fields: { stop_reason: 'length', env_class: 'gsm8k' } });
  });

  it('multi-turn rows are ordered by turn within a trajectory, R sums them and success comes from the last row', () => {
    const rows = [
      { ep: 'b', t: 1, obs: 'o1', act: 'go', r: 1, ok: 'yes' },
      { ep: 'a', t: 1, obs: 'o1', act: 'stay', r: 0, ok: 'no' },
      { ep: 'a', t: 0, obs: 'o0', act: 'look', r: 0.5, ok: 'yes' },
      { ep: 'b', t: 0, obs: 'o0', act: 'look', r: 0, ok: 'no' },
    ];
    const mapping: ColumnMapping = {
      version: 1, name: 'episodes', columns: ['ep', 't', 'obs', 'act', 'r', 'ok'], group: [], prompt: 'obs', response: 'act',
      reward: { columns: ['r'], combine: 'sum' }, success: { column: 'ok' }, trajectory: 'ep', turn: 't',
    };
    const result = importText(jsonl(rows), { mapping });
    expect(result.summary).toMatchObject({ trajectories: 2, turns: 4 });
    const [b, a] = result.trajectories;
    expect(b.turns.map((turn) => turn.response)).toEqual(['look', 'go']);
    expect(a.turns.map((turn) => [turn.t, turn.response, turn.reward, turn.done])).toEqual([[0, 'look', 0.5, false], [1, 'stay', 0, true]]);
    expect([b.outcome, a.outcome]).toEqual([
      { success: true, episode_reward: 1, num_turns: 2 },
      { success: false, episode_reward: 0.5, num_turns: 2 },
    ]);
    expect(result.sourceLines).toEqual([4, 3]);
  });

  it('combines several reward columns by max, and notes rows without any reward and a file of another shape', () => {
    const mapping: ColumnMapping = { version: 1, name: 'two', columns: ['p', 'c', 'r1', 'r2'], group: [], prompt: 'p', response: 'c', reward: { columns: ['r1', 'r2'], combine: 'max' } };
    const result = importText('p,c,r1,r2,extra\nx,y,1,3,e\nx,z,,,e\n', { mapping, fileName: 'run.csv' });
    expect(result.trajectories.map((t) => t.outcome.episode_reward)).toEqual([3, 0]);
    expect(result.notes).toContain('1 row(s) had no number in "r1", "r2"; read as reward 0');
    expect(result.notes.some((n) => n.startsWith('the file\'s columns differ from those the mapping "two" was made for'))).toBe(true);
  });

  it('never drops or invents a row: every row with the mapped columns is exactly one turn', () => {
    const row = fc.record({ g: fc.constantFrom('x', 'y', 'z'), tr: fc.constantFrom('1', '2'), k: fc.integer({ min: 0, max: 5 }), resp: fc.string(), r: fc.oneof(fc.double({ noNaN: true, min: -5, max: 5 }), fc.constant(null)) });
    const useTrajectory = fc.boolean();
    fc.assert(fc.property(fc.array(row, { maxLength: 40 }), useTrajectory, (rows, traj) => {
      const mapping: ColumnMapping = {
        version: 1, name: 'p', columns: ['g', 'tr', 'k', 'resp', 'r'], group: ['g'], response: 'resp', reward: { columns: ['r'], combine: 'sum' },
        ...(traj ? { trajectory: 'tr', turn: 'k' } : {}),
      };
      if (rows.length === 0) return;
      const result = importText(jsonl(rows), { mapping });
      const lines = result.trajectories.flatMap((t) => t.turns.map((turn) => turn.info?.line as number)).sort((a, b) => a - b);
      expect(lines).toEqual(rows.map((_, i) => i + 1));
      expect(result.problemCount).toBe(0);
      const responses = result.trajectories.flatMap((t) => t.turns.map((turn) => [turn.info?.line, turn.response]));
      for (const [line, response] of responses) expect(response).toBe(rows[(line as number) - 1].resp);
      expect(result.summary.groups).toBe(new Set(rows.map((r) => r.g)).size);
    }), { numRuns: 200 });
  });
});
