import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { advantagesCommand } from '../../src/cli/commands/advantages';
import { convertCommand } from '../../src/cli/commands/convert';
import { COMMANDS } from '../../src/cli/commands/index';
import { ESTIMATOR_IDS, getEstimator } from '../../src/core/advantage/registry';
import { importBytes, importText } from '../../src/core/io';
import { recordingIo } from './in-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string) => `${ROOT}tests/fixtures/import/${name}`;
const tmp = mkdtempSync(join(tmpdir(), 'convert-'));

async function run(command: typeof convertCommand, argv: string[], stdin = '') {
  const { io, out, err } = recordingIo(stdin);
  const code = await command.run(argv, io);
  return { code, out, err };
}

describe('convert', () => {
  it('is registered as a CLI command', () => {
    expect(COMMANDS.map((c) => c.name)).toContain('convert');
  });

  it.each([
    ['verl-agent', 'verl-agent/7.jsonl', 8],
    ['verl-agent', 'verl-agent-uid/7.jsonl', 8],
    ['agentgym-rl', 'agentgym-rl/step5/2.json', 8],
    ['ragen', 'ragen-cache.json', 8],
  ])('--from %s --in %s writes rollouts.v1 that re-imports as %i trajectories', async (from, file, n) => {
    const out = join(tmp, `${from}.jsonl`);
    const { code, err } = await run(convertCommand, ['--from', from, '--in', fixture(file), '--out', out]);
    expect(code).toBe(0);
    expect(err.at(-1)).toMatch(new RegExp(`^convert: read 1 file as .*; wrote ${n} trajectories in 2 groups; token counts: (estimated|file); 0 problems$`));
    const back = importText(readFileSync(out, 'utf8'));
    expect(back.format).toBe('rollouts-v1');
    expect(back.trajectories).toHaveLength(n);
  });

  it('detects the format when --from is omitted, writes gzip for .gz, and --advantages scores every estimator', async () => {
    const out = join(tmp, 'auto.jsonl.gz');
    const { code, err } = await run(convertCommand, ['--in', fixture('agentgym-rl/step5/2.json'), '--out', out, '--advantages']);
    expect(code).toBe(0);
    const back = importBytes(new Uint8Array(readFileSync(out)));
    expect(back.notes[0]).toBe('gzip-compressed');
    // Every estimator whose declared inputs the log has; one that requires more (EMPG: turn entropies) is named, not failed.
    const needy = ESTIMATOR_IDS.filter((id) => (getEstimator(id).requires ?? []).length > 0);
    expect(needy.length).toBeGreaterThan(0);
    expect(Object.keys(back.trajectories[0].advantages?.estimators ?? {})).toEqual(ESTIMATOR_IDS.filter((id) => !needy.includes(id)));
    for (const id of needy) expect(err.join('\n')).toContain(`cannot be scored by ${getEstimator(id).label}`);
    expect(back.trajectories[0].train_step).toBe(5);
  });

  it('reads a folder of step files in natural order', async () => {
    const { code, out } = await run(convertCommand, ['--in', fixture('agentgym-rl'), '--out', '-']);
    expect(code).toBe(0);
    expect(importText(out.join('\n')).summary.trainSteps).toEqual([5]);
  });

  it('problems go to stderr with line numbers and the exit code is 1; good trajectories are still written', async () => {
    const out = join(tmp, 'bad.jsonl');
    const { code, err } = await run(convertCommand, ['--in', fixture('ragen-malformed.jsonl'), '--out', out]);
    expect(code).toBe(1);
    expect(err.slice(0, 2)).toEqual(['line 3: env 2: the history has no turn with a response', expect.stringMatching(/^line 6: not valid JSON/)]);
    expect(importText(readFileSync(out, 'utf8')).trajectories).toHaveLength(6);
  });

  it('a file of another framework, an unknown --from and missing flags are one-line errors', async () => {
    await expect(run(convertCommand, ['--from', 'ragen', '--in', fixture('verl-agent/7.jsonl'), '--out', '-'])).rejects.toThrow(
      /could not read the file as RAGEN rollout cache \/ RAGEN validation dump: line 1 holds an object with keys input, output, score, step/,
    );
    await expect(run(convertCommand, ['--from', 'nosuch', '--in', 'x', '--out', '-'])).rejects.toThrow(/unknown --from "nosuch"; valid values: rollouts\.v1, verl-agent, agentgym-rl, ragen, .*trl, openrlhf/);
    await expect(run(convertCommand, ['--in', fixture('nope.jsonl'), '--out', '-'])).rejects.toThrow(/no such file/);
    await expect(run(convertCommand, ['--in', fixture('ragen-cache.json')])).rejects.toThrow(/--out FILE/);
  });
});

describe('advantages reads every import format', () => {
  it('scores a verl-agent dump (gzipped) and says that L is estimated', async () => {
    const gz = join(tmp, 'dump.jsonl.gz');
    writeFileSync(gz, gzipSync(new Uint8Array(readFileSync(fixture('verl-agent/7.jsonl')))));
    const { code, out, err } = await run(advantagesCommand, ['--in', gz, '--estimator', 'planpo']);
    expect(code).toBe(0);
    expect(out).toHaveLength(8);
    expect(err[0]).toMatch(/read as verl-agent rollout_data_dir dump; L_\{i,t\} estimated from the response text/);
  });
});
