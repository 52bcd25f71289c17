/**
 * The study's markdown summary (`summary.md` next to the docs page): the headline sentence per
 * split, then pass@N and best-of-N per checkpoint, with the command that produced them.
 */
import type { SearchResults } from './results';
import { searchCurves, searchHeadlines, type SearchHeadline } from './summary';
import { checkpointLabel } from './figures';

const pct = (v: number | null): string => (v === null ? '–' : `${(v * 100).toFixed(1)} %`);

export function headlineSentence(h: SearchHeadline): string {
  const match = h.matchingN === null
    ? `the initial policy does not reach that within ${h.maxN} samples`
    : `the initial policy needs best-of-${h.matchingN} to match it`;
  return `${h.split} tasks: best-of-${h.midN} with the initial policy ${pct(h.initialBestMid)} success (best-of-1 ${pct(h.initialBest1)}, ` +
    `best-of-${h.maxN} ${pct(h.initialBestMax)}); trained policy (${h.trainedIteration} iterations, ${h.trainingEpisodes} training episodes), ` +
    `best-of-1 ${pct(h.trainedBest1)}, best-of-${h.maxN} ${pct(h.trainedBestMax)}; ${match}.`;
}

export function searchReport(results: SearchResults): string {
  const c = results.config;
  const o = results.options;
  const curves = searchCurves(results);
  const Ns = curves[0]?.points.map((p) => p.N) ?? [];
  const lines = [
    '# Test-time search vs training-time RL: measured',
    '',
    `Produced by \`${results.provenance.command}\` at commit ${results.provenance.commit ?? 'unknown'} on ${results.provenance.date} (${results.provenance.backend}).`,
    '',
    `Run: ${c.env} (envSize ${c.envSize ?? 'default'}, ${c.taskType ?? 'any task type'}, turn cap ${c.maxTurns ?? 'env default'}), ` +
      `${c.estimator}, seed ${c.seed}, B = ${c.tasksPerIteration}, G = ${c.groupSize}. Search: ${o.tasks} fresh tasks per split ` +
      `('eval-env' stream), n = ${o.samplesPerTask} samples each at temperature ${o.temperature}, at iterations ${o.checkpoints.join(', ')}.`,
    '',
    ...searchHeadlines(results).map((h) => `- ${headlineSentence(h)}`),
    '',
  ];
  for (const split of o.splits) {
    lines.push(`## ${split} tasks: success (mean over ${o.tasks} tasks)`, '');
    lines.push(`| Checkpoint | Training episodes | ${Ns.map((N) => `pass@${N}`).join(' | ')} | ${Ns.map((N) => `first-${N}`).join(' | ')} |`);
    lines.push(`| --- | --- | ${Ns.map(() => '---').join(' | ')} | ${Ns.map(() => '---').join(' | ')} |`);
    for (const curve of curves.filter((cv) => cv.split === split)) {
      lines.push(`| ${checkpointLabel(curve.iteration, curve.trainingEpisodes)} | ${curve.trainingEpisodes} | ` +
        `${curve.points.map((p) => pct(p.passAtK.mean)).join(' | ')} | ${curve.points.map((p) => pct(p.bestOfN.mean)).join(' | ')} |`);
    }
    lines.push('');
  }
  lines.push('pass@N: unbiased estimate from all n samples (Chen et al. 2021, Eq. 1). first-N: the literal best-of-N on the first N samples in sampling order.');
  return `${lines.join('\n')}\n`;
}
