/**
 * `samples --out DIR`: writes the sample files of every import format (src/core/io/samples), built
 * from our own environments, and DIR/index.json listing them (id, label, format, file, env).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CliError, parseArgs, stringFlag } from '../args';
import type { CliCommand, CliIo } from '../command';
import { buildSamples, sampleIndex } from '../../core/io/samples/index';

const USAGE = `Usage: npm run -s cli -- samples --out DIR

Writes small sample files in every supported import format (rollouts.v1, verl-agent, AgentGym-RL,
RAGEN), produced from the household / shop / science environments by a seeded scripted policy,
and DIR/index.json listing them. npm run samples writes public/samples.`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  const unknown = Object.keys(args.flags).filter((f) => f !== 'out');
  if (unknown.length > 0) throw new CliError(`unknown option --${unknown[0]}; valid options: --out`);
  const out = stringFlag(args, 'out');
  if (out === undefined) throw new CliError('--out DIR is required');
  const samples = buildSamples();
  try {
    for (const sample of samples) {
      const path = join(out, sample.file);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, sample.bytes);
    }
    await writeFile(join(out, 'index.json'), `${JSON.stringify(sampleIndex(samples), null, 2)}\n`, 'utf8');
  } catch (error) {
    throw new CliError(`cannot write under --out "${out}": ${(error as { code?: string }).code ?? 'unwritable'}`);
  }
  io.err(`samples: wrote ${samples.length} files and index.json to ${out}`);
  return 0;
}

export const samplesCommand: CliCommand = { name: 'samples', summary: 'write sample files in every import format', usage: USAGE, run };
