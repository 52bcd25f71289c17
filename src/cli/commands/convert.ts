/**
 * `convert`: any supported rollout log → rollouts.v1 JSON Lines (gzipped when --out ends in .gz),
 * optionally with every registry estimator's advantages (`--advantages`, docs/rollouts-v1.md).
 * Problems go to stderr with their line numbers; the exit code is 1 if there were any.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { Gzip, strToU8 } from 'fflate';
import { CliError, parseArgs, stringFlag, type ParsedArgs } from '../args';
import type { CliCommand, CliIo } from '../command';
import { MAX_BYTES_HELP, maxBytesFlag, readMappingFile } from '../read-import';
import { checkOutputPath } from '../errors';
import { refuseSameFile } from '../files';
import { batchNotes, readRunBatches, skippedLinesOf } from '../read-run';
import { ESTIMATOR_IDS } from '../../core/advantage/registry';
import { describeProblems, formatsOfFramework, IMPORT_FRAMEWORKS, outcomeDisagreementNote, scoreTrajectories, writeRollouts, type ImportFormatId, type RolloutTrajectoryV1 } from '../../core/io';

const FROM = IMPORT_FRAMEWORKS.filter((f) => f !== 'rollouts.v1');
const KNOWN_FLAGS = ['from', 'in', 'out', 'advantages', 'json', 'map', 'max-bytes'];

const USAGE = `Usage: npm run -s cli -- convert [--from ${FROM.join('|')} | --map FILE] --in FILE|DIR|- --out FILE|- [--advantages]

Reads rollouts from another framework's logs and writes rollouts.v1 JSON Lines (gzip when --out ends in .gz).
The format is detected from the content; --from restricts it to one framework's formats.

  --from F        ${FROM.join(' | ')} (also rollouts.v1, to re-check or re-score a file)
  --map FILE      read the rows of any table (JSON Lines of flat objects, a W&B table, CSV, parquet)
                  through this column mapping (the lab's "Export mapping" file; docs/rollouts-v1.md)
  --in FILE|DIR   a log file (.json, .jsonl, .csv, .tsv, also gzipped; .parquet), a folder of them (read
                  one training step at a time, in step order: rollout_data_dir/{step}.jsonl,
                  rollout_log_dir/step{N}/{rank}.json; memory of one step), or - (stdin)
  --out FILE|-    where to write rollouts.v1 (- for stdout)
  --advantages    also score every estimator (${ESTIMATOR_IDS.length} of them, default parameters) into advantages.estimators
  --json          stderr summary as one JSON object (notes included)
${MAX_BYTES_HELP}

Response lengths come from the file's token counts when present, otherwise from the text estimate
(turns[].response_tokens_estimated = true). Problems are listed on stderr (first 100 per file) with line numbers,
then every note on what the reader did or could not recover. A table no reader knows is an error that
prints a guessed mapping to start from.`;

function checkFlags(args: ParsedArgs): void {
  const unknown = Object.keys(args.flags).filter((f) => !KNOWN_FLAGS.includes(f));
  if (unknown.length > 0) throw new CliError(`unknown option --${unknown[0]}; valid options: ${KNOWN_FLAGS.map((f) => `--${f}`).join(', ')}`);
  if (args.positionals.length > 0) throw new CliError(`unexpected argument "${args.positionals[0]}"; see --help`);
}

function formatsFrom(args: ParsedArgs): ImportFormatId[] | undefined {
  const from = stringFlag(args, 'from');
  if (from === undefined) return undefined;
  const formats = formatsOfFramework(from);
  if (formats.length === 0) throw new CliError(`unknown --from "${from}"; valid values: ${IMPORT_FRAMEWORKS.join(', ')}`);
  return formats;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['advantages', 'json']);
  checkFlags(args);
  const formats = formatsFrom(args);
  const mapPath = stringFlag(args, 'map');
  if (mapPath !== undefined && formats !== undefined) throw new CliError('--map and --from exclude each other: a mapping reads every row itself');
  const mapping = mapPath === undefined ? undefined : await readMappingFile(mapPath);
  const input = stringFlag(args, 'in');
  if (input === undefined) throw new CliError('--in FILE (or a folder, or - for stdin) is required');
  const output = stringFlag(args, 'out');
  if (output === undefined) throw new CliError('--out FILE (or - for stdout) is required');
  await refuseSameFile(output, input);
  if (output !== '-') await checkOutputPath(output, '--out');

  const sink = outputSink(output, io);
  const adapters = new Set<string>();
  const tokens = new Set<string>();
  const notes: string[] = [];
  let files = 0;
  let trajectories = 0;
  let groups = 0;
  let problems = 0;
  let listed = 0;
  let problemCount = 0;
  let skippedLines = 0;
  // One step's files at a time (a folder): read, score, write, drop.
  for await (const batch of readRunBatches(input, io, { formats, estimateTokens: true, maxBytes: maxBytesFlag(args), ...(mapping ? { mapping } : {}) })) {
    let records: RolloutTrajectoryV1[] = batch.results.flatMap(({ result }) => result.trajectories);
    const scoreErrors: string[] = [];
    if (args.flags.advantages !== undefined) {
      const scored = scoreTrajectories(records, { estimators: ESTIMATOR_IDS });
      records = scored.records;
      for (const e of scored.errors) scoreErrors.push(`traj "${e.trajId}": ${e.message}`);
      for (const why of scored.unscored) if (!notes.includes(`note: ${why}`)) notes.push(`note: ${why}`);
    }
    await sink.write(writeRollouts(records));
    for (const line of [...batch.problemLines, ...scoreErrors]) io.err(line);
    notes.push(...batchNotes(batch));
    const disagree = outcomeDisagreementNote(records);
    if (disagree !== null) notes.push(`warning: ${batch.step === null ? '' : `step ${batch.step}: `}${disagree}`);
    for (const { result } of batch.results) {
      adapters.add(result.adapterLabel);
      tokens.add(result.tokenCounts);
    }
    files += batch.results.length;
    trajectories += records.length;
    groups += new Set(records.map((r) => r.group_id)).size;
    listed += batch.problemLines.length;
    problemCount += batch.problemCount;
    skippedLines += skippedLinesOf(batch);
    problems += batch.problemCount + scoreErrors.length;
  }
  await sink.close();
  if (args.flags.json === undefined) for (const line of notes) io.err(line);
  const summary = { adapters: [...adapters], trajectories, groups, problems, skippedLines, tokenCounts: tokens.size === 1 ? [...tokens][0] : 'mixed', files, notes };
  if (args.flags.json !== undefined) io.err(JSON.stringify(summary));
  else {
    const tally = describeProblems({ skippedLines, problemCount: problems, listed: problemCount > listed ? listed : undefined });
    io.err(`convert: read ${files} file${files === 1 ? '' : 's'} as ${summary.adapters.join(', ')}; wrote ${trajectories} trajectories in ${groups} groups; token counts: ${summary.tokenCounts}; ${tally}`);
  }
  return problems > 0 ? 1 : 0;
}

/**
 * Where the records go, step by step: stdout, a file, or a gzip file (fflate's streaming Gzip,
 * mtime 0). The file is opened at the first write, so a failed read leaves no empty file behind.
 */
function outputSink(output: string, io: CliIo): { write(text: string): Promise<void>; close(): Promise<void> } {
  if (output === '-') {
    let any = false;
    return {
      write: async (text) => {
        if (text.length === 0) return;
        any = true;
        io.out(text.trimEnd());
      },
      close: async () => { if (!any) io.out(''); },
    };
  }
  let handle: FileHandle | null = null;
  const gzip = output.endsWith('.gz');
  let pending: Uint8Array[] = [];
  const zip = gzip ? new Gzip({ mtime: 0 }, (chunk) => { pending.push(chunk); }) : null;
  const flush = async (bytes: readonly Uint8Array[]) => {
    try {
      handle ??= await open(output, 'w');
      for (const b of bytes) await handle.write(b);
    } catch (error) {
      throw new CliError(`cannot write --out "${output}": ${(error as { code?: string }).code ?? 'unwritable'}`);
    }
  };
  const drain = async () => {
    const out = pending;
    pending = [];
    await flush(out);
  };
  return {
    write: async (text) => {
      if (zip) {
        zip.push(strToU8(text));
        await drain();
      } else await flush([strToU8(text)]);
    },
    close: async () => {
      if (zip) {
        zip.push(new Uint8Array(0), true);
        await drain();
      } else await flush([]);
      await handle?.close();
    },
  };
}

export const convertCommand: CliCommand = {
  name: 'convert',
  summary: 'convert verl / verl-agent / TRL / OpenRLHF / SkyRL / AgentGym(-RL) / RAGEN logs, or any table through --map, to rollouts.v1 (optionally with every estimator\'s advantages)',
  usage: USAGE,
  run,
};
