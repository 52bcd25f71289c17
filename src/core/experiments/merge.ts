/**
 * One results file from several runs of the same experiment (e.g. one environment at a time, each
 * run when that environment was ready). The parts must share experiment, size preset and sizes;
 * no run id may appear twice. Each part's provenance is kept in `parts`, so the report can say
 * which command and commit produced which runs.
 */
import type { ExperimentResults, ResultsPart } from './results';

const sizesKey = (r: ExperimentResults) => JSON.stringify(r.sizes);

export function mergeResults(parts: readonly ExperimentResults[]): ExperimentResults {
  if (parts.length === 0) throw new Error('nothing to merge');
  if (parts.length === 1) return parts[0];
  const [first] = parts;
  parts.forEach((p, i) => {
    if (p.experiment !== first.experiment) throw new Error(`part ${i + 1} is experiment ${p.experiment}, part 1 is ${first.experiment}`);
    if (p.size !== first.size || sizesKey(p) !== sizesKey(first)) {
      throw new Error(`part ${i + 1} has sizes ${p.size} ${sizesKey(p)}, part 1 has ${first.size} ${sizesKey(first)}; only runs of one size can share a table`);
    }
  });
  const seen = new Set<string>();
  for (const p of parts) {
    for (const run of p.runs) {
      if (seen.has(run.runId)) throw new Error(`run ${run.runId} appears in more than one part`);
      seen.add(run.runId);
    }
  }
  const flatParts: ResultsPart[] = parts.flatMap((p) => p.parts ?? [{
    provenance: p.provenance, envs: p.envs, arms: [...new Set(p.runs.map((r) => r.arm))], runs: p.runs.length, wallMs: p.wallMs,
  }]);
  const envs = [...new Set(parts.flatMap((p) => p.envs))];
  const last = parts.reduce((a, b) => (a.provenance.date >= b.provenance.date ? a : b));
  const commits = [...new Set(flatParts.map((p) => p.provenance.commit ?? 'unknown'))];
  return {
    ...first,
    envs,
    skippedEnvs: [...new Set(parts.flatMap((p) => p.skippedEnvs))].filter((e) => !envs.includes(e)),
    provenance: { ...last.provenance, command: flatParts.map((p) => p.provenance.command).join(' ; '), commit: commits.join(', ') },
    wallMs: parts.reduce((s, p) => s + p.wallMs, 0),
    runs: parts.flatMap((p) => p.runs),
    parts: flatParts,
  };
}
