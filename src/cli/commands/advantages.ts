/**
 * `advantages`: score anyone's rollouts.v1 file with a registry estimator.
 *
 * Reads JSON Lines (or a JSON array / `{ group_id, trajectories }` wrapper), groups trajectories by
 * `group_id`, runs the estimator once per group and writes one JSON line per input trajectory, in
 * input order: `{"group_id","traj_id","estimator","per_turn":[...],"components":{...}}`, where
 * per-turn components are this trajectory's row and scalar components are copied.
 *
 * Bad input never crashes: malformed lines, trajectories that cannot be converted (e.g. missing
 * `response_tokens`) and groups the estimator rejects are reported on stderr with their line
 * numbers, everything else is still scored, and the exit code is 1 if anything failed.
 */
import { readFile } from 'node:fs/promises';
import { CliError, parseArgs, stringFlag, type ParsedArgs } from '../args';
import { allEstimatorFlags, estimatorFlagHelp, estimatorFlagParams, switchFlags } from '../estimator-flags';
import { assembleParams } from '../../core/advantage/params';
import type { CliCommand, CliIo } from '../command';
import { ESTIMATOR_IDS, getEstimator, isEstimatorId } from '../../core/advantage/registry';
import type { AdvantageEstimator, TurnAdvantages } from '../../core/advantage/types';
import { readRollouts, toRolloutGroups, type ConvertedGroup, type LocatedRecord } from '../../core/io';

const OWN_FLAGS = ['in', 'estimator', 'json'];

function usage(): string {
  return `Usage: npm run -s cli -- advantages --in FILE|- --estimator ID [options]

Reads rollouts.v1 (JSON Lines, a JSON array, or a {group_id, trajectories} wrapper), forms groups by
group_id and writes one JSON line per input trajectory, in input order:
  {"group_id","traj_id","estimator","per_turn":[...],"components":{...}}

Options:
  --in FILE|-            input file, or - for stdin
  --estimator ID         one of: ${ESTIMATOR_IDS.join(', ')}
  --json                 stdout is JSON Lines either way; --json also drops the summary on stderr

${estimatorFlagHelp()}

A flag the chosen estimator has no parameter for is an error. turns[].response_tokens must be
present (it gives L_{i,t}). Malformed lines are reported on stderr with their line numbers; the
exit code is 1 if any failed. A trajectory with success false but a positive reward is scored as
given, with a warning.`;
}

function checkFlags(args: ParsedArgs): void {
  const known = [...OWN_FLAGS, ...allEstimatorFlags()];
  const unknown = Object.keys(args.flags).filter((f) => !known.includes(f));
  if (unknown.length > 0) throw new CliError(`unknown option --${unknown[0]}; valid options: ${known.map((f) => `--${f}`).join(', ')}`);
  if (args.positionals.length > 0) throw new CliError(`unexpected argument "${args.positionals[0]}"; see --help`);
}

function chooseEstimator(args: ParsedArgs): AdvantageEstimator<object> {
  const id = stringFlag(args, 'estimator');
  if (id === undefined) throw new CliError(`--estimator is required; valid ids: ${ESTIMATOR_IDS.join(', ')}`);
  if (!isEstimatorId(id)) throw new CliError(`unknown estimator "${id}"; valid ids: ${ESTIMATOR_IDS.join(', ')}`);
  return getEstimator(id);
}

/** The estimator's declared defaults, overridden by its flags; schedules at their start (k = 0). */
export function estimatorParams(args: ParsedArgs, estimator: AdvantageEstimator<object>): Record<string, unknown> {
  return assembleParams(estimator.id, estimatorFlagParams(args, estimator.id), { k: 0, K: 1 });
}

async function readInput(path: string, io: CliIo): Promise<string> {
  if (path === '-') {
    if (io.isTty) throw new CliError('--in - reads stdin, but stdin is a terminal; pipe a file in or pass --in FILE');
    return io.readStdin();
  }
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable');
    throw new CliError(`cannot read --in "${path}": ${why}`);
  }
}

function where(located: { line: number; index?: number }): string {
  return located.index === undefined ? `line ${located.line}` : `line ${located.line}, element ${located.index}`;
}

/** This trajectory's slice of the components: per-turn arrays → its row, scalars as they are. */
function componentsOf(result: TurnAdvantages, i: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(result.components).map(([key, value]) => [key, Array.isArray(value) ? value[i] : value]));
}

/** Runs the estimator on each group; returns the output line per record and the failure messages. */
function scoreGroups(groups: readonly ConvertedGroup[], estimator: AdvantageEstimator<object>, params: object) {
  const lines = new Map<LocatedRecord, string>();
  const failures: string[] = [];
  for (const { groupId, members, group } of groups) {
    let result: TurnAdvantages;
    try {
      result = estimator.estimate(group, params);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      for (const m of members) failures.push(`${where(m)}: group "${groupId}": ${estimator.id} failed: ${reason}`);
      continue;
    }
    members.forEach((m, i) => {
      const out = { group_id: groupId, traj_id: m.record.traj_id, estimator: estimator.id, per_turn: result.perTurn[i], components: componentsOf(result, i) };
      lines.set(m, JSON.stringify(out));
    });
  }
  return { lines, failures };
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['json', ...switchFlags()]);
  checkFlags(args);
  const estimator = chooseEstimator(args);
  const params = estimatorParams(args, estimator);
  const path = stringFlag(args, 'in');
  if (path === undefined) throw new CliError('--in FILE (or --in - for stdin) is required');
  const text = await readInput(path, io);

  const read = readRollouts(text);
  const converted = toRolloutGroups(read.records);
  const scored = scoreGroups(converted.groups, estimator, params);

  const failures = [
    ...read.errors.map((e) => ({ line: e.line, index: e.index ?? -1, text: `${where(e)}: ${e.message}` })),
    ...converted.errors.map((e) => ({ line: e.line, index: e.index ?? -1, text: `${where(e)}: traj "${e.trajId}": ${e.message}` })),
  ].sort((a, b) => a.line - b.line || a.index - b.index);
  for (const f of failures) io.err(f.text);
  for (const f of scored.failures) io.err(f);
  for (const w of converted.warnings) io.err(`${where(w)}: traj "${w.trajId}": warning: ${w.message}`);
  for (const record of read.records) {
    const line = scored.lines.get(record);
    if (line !== undefined) io.out(line);
  }

  const failed = failures.length + scored.failures.length;
  if (read.records.length === 0 && read.errors.length === 0) io.err('no trajectories in the input');
  if (args.flags.json === undefined) {
    const groups = converted.groups.length;
    io.err(`advantages: scored ${scored.lines.size} trajectories in ${groups} group${groups === 1 ? '' : 's'} with ${estimator.id}; ${failed} failed`);
  }
  return failed > 0 || scored.lines.size === 0 ? 1 : 0;
}

export const advantagesCommand: CliCommand = {
  name: 'advantages',
  summary: 'score a rollouts.v1 file with an advantage estimator (one JSON line per trajectory)',
  get usage() {
    return usage();
  },
  run,
};
