/**
 * `advantages`: score anyone's rollouts with a registry estimator.
 *
 * Reads rollouts.v1 (JSON Lines, a JSON array or a `{ group_id, trajectories }` wrapper) or any log
 * `convert` reads (every framework of IMPORT_FORMATS; gzipped or not; a folder of them), groups trajectories by
 * `group_id`, runs the estimator once per group and writes one JSON line per input trajectory, in
 * input order: `{"group_id","traj_id","estimator","per_turn":[...],"components":{...}}`, where
 * per-turn components are this trajectory's row and scalar components are copied.
 *
 * Bad input never crashes: malformed lines, trajectories that cannot be converted (e.g. missing
 * `response_tokens`) and groups the estimator rejects are reported on stderr with their line
 * numbers, everything else is still scored, and the exit code is 1 if anything failed. An estimator
 * that declares an input no group of the file has (`requires`; EMPG: the turns' token entropies)
 * stops with one plain sentence saying the log cannot be scored by it.
 */
import { CliError, parseArgs, rejectUnknownFlags, stringFlag, type ParsedArgs } from '../args';
import { echo, escapeControl } from '../errors';
import { allEstimatorFlags, estimatorFlagHelp, estimatorFlagParams, switchFlags } from '../estimator-flags';
import { assembleParams } from '../../core/advantage/params';
import { unmetRequirement } from '../../core/advantage/requires';
import type { CliCommand, CliIo } from '../command';
import { MAX_BYTES_HELP, maxBytesFlag, readMappingFile } from '../read-import';
import { batchNotes, readRunBatches, skippedLinesOf, type ImportBatch } from '../read-run';
import { ESTIMATOR_IDS, getEstimator, isEstimatorId } from '../../core/advantage/registry';
import type { AdvantageEstimator, TurnAdvantages } from '../../core/advantage/types';
import { describeProblems, formatProblem, IMPORT_FRAMEWORKS, toRolloutGroups, type ConvertedGroup, type LocatedRecord } from '../../core/io';

const OWN_FLAGS = ['in', 'estimator', 'json', 'map', 'max-bytes'];

function usage(): string {
  return `Usage: npm run -s cli -- advantages --in FILE|- --estimator ID [options]

Reads rollouts.v1 (JSON Lines, a JSON array, or a {group_id, trajectories} wrapper) or any format
convert reads (${IMPORT_FRAMEWORKS.join(', ')};
gzipped or not; a folder), forms groups by group_id and writes one JSON line per input trajectory, in input order:
  {"group_id","traj_id","estimator","per_turn":[...],"components":{...}}

Options:
  --in FILE|DIR|-        input file or folder (read one training step at a time: groups form
                         within a step's files; memory of one step), or - for stdin
  --map FILE             read the rows of any table (JSON Lines, W&B table, CSV, parquet) through this
                         column mapping (the same file convert --map takes; docs/rollouts-v1.md)
  --estimator ID         one of: ${ESTIMATOR_IDS.join(', ')}
  --json                 stdout is JSON Lines either way; --json also drops the summary on stderr
${MAX_BYTES_HELP}

${estimatorFlagHelp()}

A flag the chosen estimator has no parameter for is an error. turns[].response_tokens must be
present (it gives L_{i,t}). Malformed lines are reported on stderr with their line numbers; the
exit code is 1 if any failed. A trajectory with success false but a positive reward is scored as
given, with a warning. For framework logs, every import note (what the reader did or could not
recover) follows on stderr.`;
}

function checkFlags(args: ParsedArgs): void {
  rejectUnknownFlags(args, [...OWN_FLAGS, ...allEstimatorFlags()], false);
}

function chooseEstimator(args: ParsedArgs): AdvantageEstimator<object> {
  const id = stringFlag(args, 'estimator');
  if (id === undefined) throw new CliError(`--estimator is required; valid ids: ${ESTIMATOR_IDS.join(', ')}`);
  if (!isEstimatorId(id)) throw new CliError(`unknown estimator ${echo(id)}; valid ids: ${ESTIMATOR_IDS.join(', ')}`);
  return getEstimator(id);
}

/** The estimator's declared defaults, overridden by its flags; schedules at their start (k = 0). */
export function estimatorParams(args: ParsedArgs, estimator: AdvantageEstimator<object>): Record<string, unknown> {
  return assembleParams(estimator.id, estimatorFlagParams(args, estimator.id), { k: 0, K: 1 });
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
  const mapPath = stringFlag(args, 'map');
  const mapping = mapPath === undefined ? undefined : await readMappingFile(mapPath);
  let scoredCount = 0;
  let recordCount = 0;
  let groupCount = 0;
  let failed = 0;
  let readProblems = 0;
  let skippedLines = 0;
  const notes: string[] = [];
  // One training step's files at a time (a folder): groups form within a step, are scored, printed, dropped.
  for await (const batch of readRunBatches(path, io, { estimateTokens: 'frameworks', maxBytes: maxBytesFlag(args), ...(mapping ? { mapping } : {}) })) {
    const out = scoreBatch(batch, estimator, params, io);
    scoredCount += out.scored;
    recordCount += out.records;
    groupCount += out.groups;
    failed += out.failed;
    readProblems += batch.problemCount;
    skippedLines += skippedLinesOf(batch);
    notes.push(...batchNotes(batch, true));
  }
  if (args.flags.json === undefined) for (const note of notes) io.err(escapeControl(note));
  if (recordCount === 0 && readProblems === 0) io.err('no trajectories in the input');
  if (args.flags.json === undefined) {
    io.err(`advantages: scored ${scoredCount} trajectories in ${groupCount} group${groupCount === 1 ? '' : 's'} with ${estimator.id}; ${failed} failed${skippedLines > 0 ? ` (${describeProblems({ skippedLines, problemCount: failed })})` : ''}`);
  }
  return failed > 0 || scoredCount === 0 ? 1 : 0;
}

/** One batch: its problems and failures on stderr (file, then line order), its scored lines on stdout in input order. */
function scoreBatch(batch: ImportBatch, estimator: AdvantageEstimator<object>, params: object, io: CliIo) {
  const records: LocatedRecord[] = [];
  const failures: Array<{ file: number; line: number; index: number; text: string }> = [];
  const skipped = batch.problemLines.filter((l) => l.endsWith('; file skipped'));
  for (const text of skipped) failures.push({ file: -1, line: 0, index: -1, text });
  batch.results.forEach(({ file, result }, f) => {
    const prefix = batch.several ? `${file} ` : '';
    records.push(...result.trajectories.map((record, i) => ({ record, line: result.sourceLines[i] ?? 0 })));
    for (const p of result.problems) failures.push({ file: f, line: p.line ?? 0, index: -1, text: `${prefix}${formatProblem(p)}` });
    if (result.problemCount > result.problems.length) failures.push({ file: f, line: Infinity, index: -1, text: `${prefix}… ${result.problemCount - result.problems.length} more problems` });
    if (result.format !== 'rollouts-v1' && result.tokenCounts !== 'file') io.err(`${prefix}read as ${result.adapterLabel}; L_{i,t} estimated from the response text (no token counts in the file)`);
  });
  const converted = toRolloutGroups(records);
  const unmet = converted.groups.map((g) => unmetRequirement(estimator, g.group));
  if (converted.groups.length > 0 && unmet.every((why) => why !== null)) throw new CliError(unmet[0]!);
  const scored = scoreGroups(converted.groups, estimator, params);
  for (const e of converted.errors) failures.push({ file: 0, line: e.line, index: e.index ?? -1, text: `${where(e)}: traj "${e.trajId}": ${e.message}` });
  failures.sort((a, b) => a.file - b.file || a.line - b.line || a.index - b.index);
  // Messages quote the malformed input: escape it so its bytes never reach the terminal raw.
  for (const f of failures) io.err(escapeControl(f.text));
  for (const f of scored.failures) io.err(escapeControl(f));
  for (const w of converted.warnings) io.err(escapeControl(`${where(w)}: traj "${w.trajId}": warning: ${w.message}`));
  for (const record of records) {
    const line = scored.lines.get(record);
    if (line !== undefined) io.out(line);
  }
  const failed = batch.problemCount + converted.errors.length + scored.failures.length;
  return { scored: scored.lines.size, records: records.length, groups: converted.groups.length, failed };
}

export const advantagesCommand: CliCommand = {
  name: 'advantages',
  summary: 'score rollouts (rollouts.v1 or any convert format) with an advantage estimator (one JSON line per trajectory)',
  get usage() {
    return usage();
  },
  run,
};
