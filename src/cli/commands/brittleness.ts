/**
 * `brittleness`: the seen/unseen split across the concepts. Reads each concept's results file
 * (src/core/brittleness/sources.ts), writes rows.json, summary.md and splits.svg to --out.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs, rejectUnknownFlags, stringFlag } from '../args';
import { readJsonFile } from '../errors';
import type { CliCommand, CliIo } from '../command';
import { brittlenessChart, brittlenessTable, SPLIT_SOURCES, type SplitRow } from '../../core/brittleness';
import { chartSvg } from '../../core/experiments/charts/svg';

const USAGE = `Usage: npm run -s cli -- brittleness [--out DIR]

Seen vs unseen success for every concept that has a split, read from the results files their own
commands wrote: ${SPLIT_SOURCES.map((s) => s.file).join(', ')}.
Writes rows.json, summary.md and splits.svg to --out (default docs/concepts/brittleness).`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv);
  rejectUnknownFlags(args, new Set(['out']), false);
  const out = stringFlag(args, 'out') ?? 'docs/concepts/brittleness';
  const rows: SplitRow[] = [];
  const missing: string[] = [];
  for (const source of SPLIT_SOURCES) {
    try {
      rows.push(...source.rows(await readJsonFile(source.file, `${source.concept} results`)));
    } catch (error) {
      missing.push(`${source.concept}: ${error instanceof Error ? error.message : String(error)} (run \`${source.command}\`)`);
    }
  }
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'rows.json'), JSON.stringify({ format: 'rollout-lab.brittleness.v1', sources: SPLIT_SOURCES.map((s) => ({ concept: s.concept, file: s.file, command: s.command })), rows, missing }, null, 1) + '\n');
  const summary = [
    '# Brittleness: seen vs unseen tasks, every concept', '',
    `Produced by \`npm run -s cli -- brittleness ${argv.join(' ')}\``.trimEnd() + ' from the results files below.', '',
    brittlenessTable(rows), '',
    'Values: mean ± 95 % interval (over tasks for search rows, over seeds for experiment rows; no interval with one seed). ' +
      '"not resolved": the gap is within the two intervals together.', '',
    ...SPLIT_SOURCES.map((s) => `- ${s.concept}: \`${s.file}\`, written by \`${s.command}\``),
    ...(missing.length > 0 ? ['', 'Missing:', ...missing.map((m) => `- ${m}`)] : []),
  ];
  await writeFile(join(out, 'summary.md'), summary.join('\n') + '\n');
  await writeFile(join(out, 'splits.svg'), chartSvg(brittlenessChart(rows)) + '\n');
  io.out(brittlenessTable(rows));
  for (const m of missing) io.err(`missing: ${m}`);
  return 0;
}

export const brittlenessCommand: CliCommand = {
  name: 'brittleness',
  summary: 'seen vs unseen success across the concepts (the out-of-distribution check)',
  usage: USAGE,
  run,
};
