/**
 * `summary`: a run folder's per-step heterogeneity overview (src/core/run/step-summary.ts) for
 * notebooks, read one step at a time (memory of the largest step). Mergeable: `--part K/N --state`
 * writes part K of N as an exact state, `--merge` combines state files into the summary that one
 * process over the whole folder gives, to the bit.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { CliError, parseArgs, rejectUnknownFlags, stringFlag } from '../args';
import type { CliCommand, CliIo } from '../command';
import { escapeControl } from '../errors';
import { batchNotes, parsePart, readRunBatches } from '../read-run';
import { readMappingFile } from '../read-import';
import {
  addStepFiles, addUnreadFile, emptySummary, finishSummary, mergeSummaries, summaryStateFromJson, summaryStateToJson, SummaryStateError, type RunSummaryState,
} from '../../core/run/run-summary';
import { summaryCsv } from '../../core/run/summary-csv';

const USAGE = `Usage: npm run -s cli -- summary --in DIR|FILE [--part K/N] [--json | --csv | --state] [--out FILE]
       npm run -s cli -- summary --merge STATE... [--json | --csv | --state] [--out FILE]

Per training step of a run (a folder of step files: rollout_data_dir/{step}.jsonl, rollout_log_dir/step{N}/{rank}.json,
global_step_N…, any format convert reads): groups, trajectories, success rate, the share of groups whose rewards are
all equal (GRPO gives them no gradient), the spread of T_i and L_{i,t} within groups, the mean max/min and CV of response
lengths, and every registry estimator's mean A and mean |A| (default parameters), plus a total row. Steps are read one
at a time; the readers' notes are kept per step (JSON) and printed on stderr.

  --in DIR|FILE   the run folder (or one file)
  --map FILE      read every file's rows through this column mapping (as convert --map)
  --part K/N      only the steps at positions K, K+N, K+2N, … (1-based; for a job array)
  --state         write the exact mergeable state instead of the summary (a part's output)
  --merge         the positional arguments are state files (from --state); print their merged summary
  --json          the summary as JSON (default: a table)
  --csv           the summary as CSV, one row per step and a total row
  --out FILE      write there instead of stdout

A run split with --part 1/4 … 4/4 --state and merged with --merge gives the same --json, byte for byte, as one
process over the whole folder (counts are integers, sums exact).`;

async function readStates(files: readonly string[]): Promise<RunSummaryState> {
  if (files.length === 0) throw new CliError('--merge needs one or more state files (written by summary --state)');
  const state = emptySummary();
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new CliError(`cannot read state "${file}": ${(error as { code?: string }).code === 'ENOENT' ? 'no such file' : 'unreadable'}`);
    }
    try {
      mergeSummaries(state, summaryStateFromJson(JSON.parse(text)));
    } catch (error) {
      if (error instanceof SyntaxError || error instanceof SummaryStateError) throw new CliError(`state "${file}": ${error.message}`);
      throw error;
    }
  }
  return state;
}

async function readFolder(input: string, io: CliIo, args: ReturnType<typeof parseArgs>): Promise<{ state: RunSummaryState; problems: number }> {
  const mapPath = stringFlag(args, 'map');
  const mapping = mapPath === undefined ? undefined : await readMappingFile(mapPath);
  const part = parsePart(stringFlag(args, 'part'));
  const state = emptySummary();
  let problems = 0;
  for await (const batch of readRunBatches(input, io, { ...(mapping ? { mapping } : {}), ...(part ? { part } : {}) })) {
    addStepFiles(state, batch.step, batch.results.map(({ file, result }) => ({ path: file, result })));
    for (const line of batch.problemLines.filter((l) => l.endsWith('; file skipped'))) addUnreadFile(state, batch.step, line.split(':')[0], line);
    for (const line of [...batch.problemLines, ...batchNotes(batch)]) io.err(escapeControl(line));
    problems += batch.problemCount;
  }
  return { state, problems };
}

function table(state: RunSummaryState): string {
  const s = finishSummary(state);
  const f = (v: number | null, d = 2) => (v === null ? '–' : v.toFixed(d));
  const rows = [...s.steps, { ...s.total, step: 'total' as const }].map((r) =>
    [String(r.step ?? '?'), String(r.groups), String(r.trajectories), f(r.successRate), f(r.zeroGrpoFraction), f(r.successTurnsSpread), f(r.responseTokensSpread), f(r.lengthRatio), f(r.lengthCv)]);
  const header = ['step', 'groups', 'trajs', 'success', 'allEqual', 'sd(T)', 'sd(L)', 'maxL/minL', 'cv(L)'];
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k].length)));
  return [header, ...rows].map((r) => r.map((c, k) => c.padStart(widths[k])).join('  ')).join('\n');
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['json', 'csv', 'state', 'merge']);
  rejectUnknownFlags(args, ['in', 'map', 'part', 'json', 'csv', 'state', 'merge', 'out'], args.flags.merge !== undefined);
  const modes = ['json', 'csv', 'state'].filter((m) => args.flags[m] !== undefined);
  if (modes.length > 1) throw new CliError(`--${modes[0]} and --${modes[1]} exclude each other: choose one output`);
  const input = stringFlag(args, 'in');
  let state: RunSummaryState;
  let problems = 0;
  if (args.flags.merge !== undefined) {
    if (input !== undefined) throw new CliError('--merge reads state files, not --in; give the state files as arguments');
    state = await readStates(args.positionals);
  } else {
    if (input === undefined) throw new CliError('--in DIR (a run folder, or one file) is required; or --merge STATE...');
    ({ state, problems } = await readFolder(input, io, args));
  }
  const text = modes[0] === 'state' ? JSON.stringify(summaryStateToJson(state))
    : modes[0] === 'json' ? JSON.stringify(finishSummary(state), null, 2)
      : modes[0] === 'csv' ? summaryCsv(finishSummary(state)).trimEnd() : table(state);
  const out = stringFlag(args, 'out');
  if (out === undefined) io.out(text);
  else {
    try {
      await writeFile(out, `${text}\n`);
    } catch (error) {
      throw new CliError(`cannot write --out "${out}": ${(error as { code?: string }).code ?? 'unwritable'}`);
    }
  }
  const total = finishSummary(state).total;
  io.err(`summary: ${total.trajectories} trajectories in ${total.groups} groups over ${state.size} step row${state.size === 1 ? '' : 's'}; ${problems} problems`);
  return problems > 0 ? 1 : 0;
}

export const summaryCommand: CliCommand = {
  name: 'summary',
  summary: 'a run folder\'s per-step heterogeneity overview (JSON / CSV / table), read step by step; --part / --state / --merge split it across processes',
  usage: USAGE,
  run,
};
