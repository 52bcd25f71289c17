/**
 * `schema`: prints the rollouts.v1 JSON Schema generated from the zod definition, or writes it
 * (`npm run schema` writes public/schemas/rollouts.v1.json).
 */
import { writeFile } from 'node:fs/promises';
import { CliError, parseArgs, stringFlag } from '../args';
import type { CliCommand, CliIo } from '../command';
import { rolloutsV1JsonSchemaText } from '../../core/io/json-schema';

const USAGE = `Usage: npm run -s cli -- schema [--out FILE]

Prints the JSON Schema of rollouts.v1 (generated from src/core/io/rollouts-v1.ts), or writes it to FILE.
npm run schema rewrites public/schemas/rollouts.v1.json.`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  const unknown = Object.keys(args.flags).filter((f) => f !== 'out');
  if (unknown.length > 0) throw new CliError(`unknown option --${unknown[0]}; valid options: --out`);
  if (args.positionals.length > 0) throw new CliError(`unexpected argument "${args.positionals[0]}"; see --help`);
  const text = rolloutsV1JsonSchemaText();
  const out = stringFlag(args, 'out');
  if (out === undefined) {
    io.out(text.trimEnd());
    return 0;
  }
  try {
    await writeFile(out, text, 'utf8');
  } catch (error) {
    throw new CliError(`cannot write --out "${out}": ${(error as { code?: string }).code ?? 'unwritable'}`);
  }
  io.err(`schema: wrote ${out}`);
  return 0;
}

export const schemaCommand: CliCommand = {
  name: 'schema',
  summary: 'print or write the rollouts.v1 JSON Schema',
  usage: USAGE,
  run,
};
