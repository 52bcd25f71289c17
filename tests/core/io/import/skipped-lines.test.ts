/**
 * Lines skipped are counted as lines and problems as problems: a bad line holding an array of
 * three values is one line skipped and three problems, never three lines.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createImporter, describeProblems, importText, LineSet } from '../../../../src/core/io';
import { validRecord } from '../fixtures';

const good = (i: number) => JSON.stringify(validRecord({ traj_id: `t${i}`, group_id: `g${i % 2}` }));

/** The file: 54 lines, 4 good, 48 not JSON, one array of 3 numbers, one object that is not a record. */
function fiftyFourLines(): string {
  const lines = [0, 1, 2, 3].map(good);
  for (let i = 0; i < 48; i++) lines.push(`{"bad json ${i}`);
  lines.push('[1, 2, 3]', '{"foo": 1}');
  return `${lines.join('\n')}\n`;
}

describe('skipped lines counted as lines', () => {
  it('a file of 54 lines with 50 bad ones says 50 lines skipped (and 52 problems: the array line holds 3)', () => {
    const result = importText(fiftyFourLines());
    expect(result.trajectories).toHaveLength(4);
    expect(result.skippedLines).toBe(50);
    expect(result.problemCount).toBe(52);
    expect(result.problems.filter((p) => p.line === 53)).toHaveLength(3);
    expect(describeProblems(result)).toBe('50 lines skipped, 52 problems');
  });

  it('the count does not depend on how the text is cut into chunks', () => {
    const text = fiftyFourLines();
    fc.assert(fc.property(fc.integer({ min: 1, max: 400 }), (size) => {
      const importer = createImporter();
      for (let i = 0; i < text.length; i += size) importer.feed(text.slice(i, i + size));
      const result = importer.finish();
      expect([result.skippedLines, result.problemCount]).toEqual([50, 52]);
    }), { numRuns: 20 });
  });

  it('for any mix of good lines, bad lines and bad arrays, lines skipped = bad lines and problems ≥ lines skipped', () => {
    const kind = fc.constantFrom('good', 'not-json', 'array-of-3', 'not-a-record');
    fc.assert(fc.property(fc.array(kind, { minLength: 1, maxLength: 40 }), (kinds) => {
      const lines = ['good', ...kinds].map((k, i) => k === 'good' ? good(i) : k === 'not-json' ? '{"cut' : k === 'array-of-3' ? '[1, "a", null]' : '{"x": 1}');
      const result = importText(lines.join('\n'));
      const bad = kinds.filter((k) => k !== 'good').length;
      expect(result.skippedLines).toBe(bad);
      expect(result.problemCount).toBe(bad + 2 * kinds.filter((k) => k === 'array-of-3').length);
      expect(result.trajectories).toHaveLength(lines.length - bad);
    }), { numRuns: 60 });
  });

  it('a line read with a note is not skipped: CSV extra cells are a problem of a kept row', () => {
    const csv = 'prompt,completion,reward,step\np,c,1,0,extra\nq,d,0,0\n';
    const result = importText(csv, { fileName: 'x.csv' });
    expect(result.problemCount).toBe(1);
    expect(result.skippedLines).toBe(0);
    expect(describeProblems(result)).toBe('1 problem');
  });
});

describe('describeProblems words the count the same for the CLI and the lab', () => {
  it.each([
    [{ skippedLines: 0, problemCount: 0 }, '0 problems'],
    [{ skippedLines: 1, problemCount: 1 }, '1 line skipped, 1 problem'],
    [{ skippedLines: 1000, problemCount: 1000, listed: 100 }, '1,000 lines skipped, 1,000 problems (first 100 listed)'],
    [{ skippedLines: 0, problemCount: 3, listed: 3 }, '3 problems'],
  ])('%j → %s', (counts, text) => {
    expect(describeProblems(counts)).toBe(text);
  });
});

describe('LineSet', () => {
  it('counts each line once, in any order, and far past its first size', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 200 }), (lines) => {
      const set = new LineSet();
      for (const l of lines) set.add(l);
      expect(set.size).toBe(new Set(lines).size);
      for (const l of lines) expect(set.has(l)).toBe(true);
      const first = lines[0];
      if (first !== undefined) {
        set.delete(first);
        expect(set.has(first)).toBe(false);
        expect(set.size).toBe(new Set(lines).size - 1);
      }
    }), { numRuns: 50 });
  });
});
