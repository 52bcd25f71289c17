import { describe, expect, it } from 'vitest';
import { createImporter, estimateTokens, importText, ImportFormatError, PROBLEM_LIST_LIMIT } from '../../../../src/core/io';
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

describe('chunked JSON splitting', () => {
  it('an array whose strings hold brackets, braces, commas and escaped quotes splits the same at every chunk size', () => {
    const lines = fixtureText('import/html-payloads.jsonl').trim().split('\n');
    const tricky = JSON.stringify({ ...(JSON.parse(lines[0]) as object), traj_id: 'a"]},{[\\"\\\\' });
    const text = `[${[tricky, ...lines.slice(1)].join(',')}]`;
    const whole = importText(text);
    expect(whole.trajectories).toHaveLength(8);
    expect(whole.trajectories[0].traj_id).toBe('a"]},{[\\"\\\\');
    for (const size of [1, 3, 1000]) expect(chunked(text, size).trajectories).toEqual(whole.trajectories);
  });

  it('CRLF line ends, a BOM and blank lines are fine; a cut-short array is reported at the element that broke', () => {
    const lines = fixtureText('rollouts-interleaved.jsonl').trim().split('\n');
    expect(importText(`\ufeff${lines.join('\r\n\r\n')}\r\n`).trajectories).toHaveLength(8);
    const cut = `[\n${lines.slice(0, 3).join(',\n')},\n${lines[3].slice(0, 40)}`;
    const result = importText(cut);
    expect(result.trajectories).toHaveLength(3);
    expect(result.problems).toEqual([{ line: 5, reason: expect.stringMatching(/ends inside this element/) }]);
  });
});

describe('the token estimate', () => {
  it('counts o200k_base BPE tokens, at least 1', () => {
    expect(estimateTokens('')).toBe(1);
    expect(estimateTokens('the countertop')).toBe(2); // "the" " countertop"
    expect(estimateTokens('<think>ok</think>')).toBe(7); // "<th" "ink" ">" "ok" "</" "think" ">"
    expect(estimateTokens('想想 café')).toBe(3); // "想" "想" " café"
  });

  it('counts special-token strings in a log as text instead of throwing', () => {
    expect(estimateTokens('done<|im_end|>')).toBeGreaterThan(estimateTokens('done'));
    expect(() => estimateTokens('<|endoftext|><|im_start|>user')).not.toThrow();
  });

  it('grows with the text: a response repeated k times counts about k times as many tokens', () => {
    const one = estimateTokens(' I go to the countertop 1 and take the apple.');
    const ten = estimateTokens(' I go to the countertop 1 and take the apple.'.repeat(10));
    expect(ten).toBe(10 * one);
  });
});
