/**
 * The markdown summaries of the reward concepts' runs (docs/concepts/<id>/summary.md): the
 * measured numbers with the command that produced them.
 */
import { PROXY_REWARD } from './reward-hacking';
import { finalMean, warmupMean, type ConceptRunResults } from './results';
import type { BranchPoint } from './branches';

const pct = (x: number | null): string => (x === null ? '–' : `${(x * 100).toFixed(1)} %`);
const num = (x: number | null, d = 2): string => (x === null ? '–' : x.toFixed(d));

function evaluationTable(r: ConceptRunResults): string[] {
  if (r.evaluations.length === 0) return [];
  const lines = ['', `Evaluation after training (${r.evaluations[0].episodes} fresh tasks per split, temperature ${r.evaluations[0].temperature}, no update):`, '',
    '| arm | split | success | mean turns |', '|---|---|---|---|'];
  for (const e of r.evaluations) lines.push(`| ${e.arm} | ${e.split} | ${pct(e.successRate)} | ${num(e.meanTurns, 1)} |`);
  return lines;
}

function header(r: ConceptRunResults, title: string): string[] {
  const b = r.spec.base;
  return [`# ${title}: measured`, '', `Command: \`${r.command}\``, '',
    `Setting: ${b.env} (${b.taskType ?? 'any task'}, size ${b.envSize ?? 'default'}, at most ${b.maxTurns ?? 'default'} turns), ${b.estimator}, `
    + `G = ${b.groupSize}, B = ${b.tasksPerIteration}, seed ${b.seed}; ${r.spec.warmup > 0 ? `${r.spec.warmup} warm-up iterations, then ` : ''}`
    + `${r.spec.iterations} iterations per arm; backend ${r.backend}; ${(r.wallMs / 60000).toFixed(1)} min.`, ''];
}

export function hackingSummary(r: ConceptRunResults): string {
  const maxTurns = r.spec.base.maxTurns ?? 30;
  const pay = (p: BranchPoint) => p.rewardsMeasured[PROXY_REWARD] ?? 0;
  const success = (p: BranchPoint) => p.successRate;
  const lines = [...header(r, 'Reward hacking'),
    `Means over the last 10 iterations of each phase (checker's pay: mean R per episode under ${PROXY_REWARD}, at most ${maxTurns}):`, '',
    '| phase | true success | checker\'s pay | mean turns |', '|---|---|---|---|',
    `| end of warm-up (outcome) | ${pct(warmupMean(r.points, success))} | ${num(warmupMean(r.points, pay))} | ${num(warmupMean(r.points, (p) => p.meanTurns), 1)} |`];
  for (const arm of r.spec.arms) {
    lines.push(`| ${arm.label} | ${pct(finalMean(r.points, arm.id, success))} | ${num(finalMean(r.points, arm.id, pay))} | ${num(finalMean(r.points, arm.id, (p) => p.meanTurns), 1)} |`);
  }
  return [...lines, ...evaluationTable(r), ''].join('\n');
}

export function loopSummary(r: ConceptRunResults): string {
  const lines = [...header(r, 'Loop penalty and intermediate checks'),
    'Means over the last 10 iterations of each arm:', '',
    '| arm | success | loops per episode | mean turns |', '|---|---|---|---|'];
  for (const arm of r.spec.arms) {
    lines.push(`| ${arm.label} | ${pct(finalMean(r.points, arm.id, (p) => p.successRate))} | ${num(finalMean(r.points, arm.id, (p) => p.loopsPerEpisode))} | ${num(finalMean(r.points, arm.id, (p) => p.meanTurns), 1)} |`);
  }
  return [...lines, ...evaluationTable(r), ''].join('\n');
}
