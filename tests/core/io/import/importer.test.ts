import { describe, expect, it } from 'vitest';
import { createImporter, importText, ImportFormatError, PROBLEM_LIST_LIMIT } from '../../../../src/core/io';
import { fixtureText, validRecord } from '../fixtures';

/** Feeds `text` in chunks of `size` characters. */
function chunked(text: string, size: number, fileName?: string) {
  const importer = createImporter({ fileName });
  for (let i = 0; i < text.length; i += size) importer.feed(text.slice(i, i + size));
  return importer.finish();
}

describe('streaming importer: rollouts.v1', () => {
  it('JSON Lines read in 7-character chunks give the same records as one feed', () => {
    const text = fixtureText('rollouts-interleaved.jsonl');
    const whole = importText(text);
    const pieces = chunked(text, 7);
    expect(whole.format).toBe('rollouts-v1');
    expect(pieces.trajectories).toEqual(whole.trajectories);
    expect(whole.trajectories.length).toBe(8);
    expect(whole.summary.groups).toBe(2);
    expect(whole.tokenCounts).toBe('file');
  });

  it('a plain array and a wrapper document are detected from content', () => {
    const lines = fixtureText('rollouts-interleaved.jsonl').trim().split('\n');
    const array = chunked(`[\n${lines.join(',\n')}\n]\n`, 13);
    expect(array.trajectories.length).toBe(8);
    expect(array.notes[0]).toBe('read as one JSON array');
    const wrapper = importText(fixtureText('rollouts-wrapper.json'));
    expect(wrapper.trajectories.length).toBe(4);
    expect(wrapper.notes[0]).toBe('read as one JSON document');
  });

  it('bad lines are problems with their line numbers and every good line is kept', () => {
    const good = JSON.stringify(validRecord());
    const lines: string[] = [];
    for (let i = 0; i < 1500; i++) lines.push(i % 3 === 1 ? '{"schema": "rollouts.v1", oops' : JSON.stringify({ ...validRecord(), traj_id: `t${i}` }));
    const result = chunked(`${good}\n${lines.join('\n')}\n`, 4096);
    expect(result.trajectories.length).toBe(1 + 1000);
    expect(result.problemCount).toBe(500);
    expect(result.problems.length).toBe(PROBLEM_LIST_LIMIT);
    expect(result.problems[0]).toEqual({ line: 3, reason: expect.stringMatching(/^not valid JSON/) });
  });

  it('missing response_tokens are estimated and marked per turn', () => {
    const record = validRecord();
    delete (record.turns as Array<Record<string, unknown>>)[0].response_tokens;
    const result = importText(JSON.stringify(record));
    expect(result.tokenCounts).toBe('mixed');
    expect(result.trajectories[0].turns[0]).toMatchObject({ response_tokens: 5, response_tokens_estimated: true }) // go·to·cabi|net·1;
    expect(result.trajectories[0].turns[1].response_tokens_estimated).toBeUndefined();
  });

  it('an empty file or an unknown format throws a readable ImportFormatError', () => {
    expect(() => importText('')).toThrow(ImportFormatError);
    expect(() => importText('{"hello": 1}\n')).toThrow(/could not read the file as .*: line 1 holds an object with keys hello/);
  });
});
