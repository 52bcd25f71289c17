/**
 * report.md for one results.json: provenance, sizes, tables (mean ± 95% CI over seeds) and
 * figures (SVG files written next to it). Pure: returns text; the CLI writes the files.
 */
import { layoutBarChart, layoutLineChart, type ChartLayout } from './charts/layout';
import { chartSvg } from './charts/svg';
import { experimentFigures, type Figure } from './figures';
import { getExperiment } from './registry';
import type { ExperimentResults } from './results';
import { formatDuration } from './runner';
import { experimentTables, type ReportTable } from './tables';

export interface ReportFile {
  name: string;
  content: string;
}

/**
 * Where the report is rendered: the commit checked out then (`head`, short hash as `gitCommit` gives it) and,
 * per commit the runs ran at, the folders of src/core that differ between it and `head` (null = unknown).
 * Without a context the report states the runs' commits only.
 */
export interface ReportContext {
  head: string | null;
  coreChanges?: Readonly<Record<string, readonly string[] | null>>;
}

export interface Report {
  markdown: string;
  /** The SVG figures, referenced from the markdown by file name. */
  files: ReportFile[];
}

export function figureLayout(figure: Figure): ChartLayout {
  return figure.chart.kind === 'line' ? layoutLineChart(figure.chart.input) : layoutBarChart(figure.chart.input);
}

const escapeCell = (text: string): string => text.replace(/\|/g, '\\|');

export function markdownTable(table: Pick<ReportTable, 'columns' | 'rows'>): string {
  const head = `| ${table.columns.map(escapeCell).join(' | ')} |`;
  const rule = `|${table.columns.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`;
  return [head, rule, ...table.rows.map((row) => `| ${row.map(escapeCell).join(' | ')} |`)].join('\n');
}

/** The settings that differ between environments, read from the runs' resolved configs. */
function envSettings(results: ExperimentResults): string[] {
  return results.envs.map((env) => {
    const c = results.runs.find((r) => r.env === env)?.resolvedConfig ?? {};
    const parts = ['taskType', 'envSize', 'maxTurns', 'split'].map((k) => `${k} ${JSON.stringify(c[k] ?? null)}`);
    return `- ${env}: ${parts.join(', ')}`;
  });
}

/** The commits the runs ran at, in the order the parts list them. */
export function runCommits(results: ExperimentResults): string[] {
  const provenances = results.parts ? results.parts.map((p) => p.provenance) : [results.provenance];
  return [...new Set(provenances.map((p) => p.commit ?? 'unknown'))];
}

/** One line per run commit that is not the commit the report is rendered at, saying what differs in src/core. */
function headNotes(results: ExperimentResults, context: ReportContext | undefined): string[] {
  const head = context?.head;
  if (!head) return [];
  const others = runCommits(results).filter((c) => c !== head);
  if (others.length === 0) return ['', `Every run ran at ${head}, the commit this report was rendered at (HEAD).`];
  return others.flatMap((commit) => {
    const changes = context.coreChanges?.[commit];
    const code = changes === undefined || changes === null ? 'whether src/core differs between the two is not known'
      : changes.length === 0 ? 'src/core is identical at both' : `src/core differs in ${changes.join(', ')}`;
    return ['', `**Not HEAD:** runs at commit ${commit} did not run at ${head}, the commit (HEAD) this report was rendered at; ${code}.`];
  });
}

function provenanceLines(results: ExperimentResults): string[] {
  const line = (p: ExperimentResults['provenance'], wallMs: number) =>
    `\`${p.command}\` at commit ${p.commit ?? 'unknown'} on ${p.date} (Rollout Lab ${p.packageVersion}, TensorFlow.js ${p.tfjsVersion}, backend ${p.backend}; ${p.platform}). Wall time ${formatDuration(wallMs)}.`;
  if (!results.parts) return [`Produced by ${line(results.provenance, results.wallMs)}`];
  return [
    `Merged from ${results.parts.length} runs of the experiment (\`--render a.json,b.json\`), one per part:`,
    '',
    ...results.parts.map((part) => `- ${part.envs.join(', ')} (${part.arms.join(', ')}; ${part.runs} runs): ${line(part.provenance, part.wallMs)}`),
  ];
}

function header(results: ExperimentResults, context: ReportContext | undefined): string[] {
  const s = results.sizes;
  const def = getExperiment(results.experiment);
  return [
    `# ${results.title}`,
    '',
    `> ${def.claimLabel ?? 'Paper claim'}: ${def.claim}`,
    '',
    ...provenanceLines(results),
    ...headNotes(results, context),
    '',
    '## Size',
    '',
    `Size preset \`${results.size}\`: ${s.seeds} seed${s.seeds === 1 ? '' : 's'} (root seeds 1..${s.seeds}), ${s.iterations} iterations, ${s.tasksPerIteration} tasks × ${s.groupSize} members per iteration` +
      `${def.evaluate ? `, ${s.evalEpisodes} evaluation episodes per split` : ''}; ${results.runs.length} runs. Other settings are the trainer defaults.`,
    '',
    ...envSettings(results),
    ...(results.skippedEnvs.length > 0 ? ['', `Not run (not registered in this build): ${results.skippedEnvs.join(', ')}.`] : []),
    '',
  ];
}

export function buildReport(results: ExperimentResults, context?: ReportContext): Report {
  const tables = experimentTables(results);
  const figures = experimentFigures(results);
  const lines = [...header(results, context), '## Tables', ''];
  for (const t of tables) lines.push(`### ${t.title}`, '', t.caption, '', markdownTable(t), '');
  lines.push('## Figures', '');
  for (const f of figures) lines.push(`![${f.title}](${f.file})`, '', `*${f.caption}*`, '');
  lines.push(
    '## Method',
    '',
    '- Intervals are 95% confidence intervals over seeds from Student\'s t distribution: mean ± t(0.975, n−1)·s/√n with the Bessel-corrected s. With 2 seeds t = 12.71, with 3 seeds t = 4.30, so intervals are wide; one seed has none.',
    '- "End of training" values are training-batch statistics (sampled at the training temperature) averaged over the last quarter of the iterations, per run, then over seeds.',
    '- Differences are paired by seed: the same root seed gives every arm the same tasks in the same order.',
    '- results.json holds every run\'s per-iteration metrics and resolved config; this report is generated from it (`buildReport`).',
    '',
  );
  return { markdown: lines.join('\n'), files: figures.map((f) => ({ name: f.file, content: chartSvg(figureLayout(f)) })) };
}
