/**
 * convert and advantages on compressed input that is cut short, a bomb, or only the gzip magic
 * bytes, and convert with its output set to its input: each refused with one plain `error:` line
 * and exit 2, never an internal error, never an empty success.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gzipSync, strToU8 } from 'fflate';
import { cliInProcess } from './in-process';
import { validRecord } from '../core/io/fixtures';

const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-bad-gzip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: Uint8Array | string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const text = Array.from({ length: 200 }, (_, i) => JSON.stringify(validRecord({ traj_id: `t${i}`, group_id: `g${i % 20}` }))).join('\n') + '\n';
const gz = gzipSync(strToU8(text));

async function refused(argv: string[], pattern: RegExp) {
  const r = await cliInProcess(argv);
  expect(r.err).toHaveLength(1);
  expect(r.err[0]).toMatch(/^error: /);
  expect(r.err[0]).not.toMatch(/internal error/);
  expect(r.err[0]).toMatch(pattern);
  expect(r.code).toBe(2);
}

describe('compressed input that cannot be read whole', () => {
  it.each([
    ['cut short', () => file('cut.jsonl.gz', gz.subarray(0, gz.length >> 1)), /cut\.jsonl\.gz: gzip data ends early after [\d.]+ kB/],
    ['only the gzip magic bytes', () => file('magic.jsonl.gz', new Uint8Array([0x1f, 0x8b])), /magic\.jsonl\.gz: the file holds the start of a gzip file \(2 bytes\) and no data/],
    ['a bomb past --max-bytes', () => file('bomb.jsonl.gz', gzipSync(new Uint8Array(5e6))), /bomb\.jsonl\.gz: the gzip data expands past 100\.0 kB: refused; set --max-bytes to allow more \(now 100000\)/],
  ])('%s: convert and advantages refuse it by name', async (_what, make, pattern) => {
    const path = make();
    await refused(['convert', '--in', path, '--out', join(dir, 'out.jsonl'), '--max-bytes', '100000'], pattern);
    await refused(['advantages', '--estimator', 'grpo', '--in', path, '--max-bytes', '100000'], pattern);
  });

  it('the same file reads under the default limit, and --max-bytes below its size refuses it', async () => {
    const path = file('good.jsonl.gz', gz);
    const ok = await cliInProcess(['convert', '--in', path, '--out', join(dir, 'good-out.jsonl')]);
    expect(ok.code).toBe(0);
    expect(readFileSync(join(dir, 'good-out.jsonl'), 'utf8').trim().split('\n')).toHaveLength(200);
    await refused(['convert', '--in', path, '--out', join(dir, 'x.jsonl'), '--max-bytes', String(text.length - 1)], /expands past/);
  });

  it.each(['0', '-5', '1.5', 'lots'])('--max-bytes %s is refused', async (value) => {
    await refused(['convert', '--in', file('any.jsonl', text), '--out', join(dir, 'y.jsonl'), '--max-bytes', value], /--max-bytes/);
  });
});

describe('convert never overwrites its input', () => {
  it('--out equal to --in (as written, or by another path to the same file) is refused and the input is unchanged', async () => {
    const path = file('self.jsonl', text);
    await refused(['convert', '--in', path, '--out', path], /--out ".*self\.jsonl" is the --in file; writing it would overwrite the input/);
    await refused(['convert', '--in', path, '--out', join(dir, '.', 'x', '..', 'self.jsonl')], /is the --in file/);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});
