/**
 * What a lab run sends the page per iteration: the report (lab-report.ts) of a default iteration as
 * the structured clone carries it (bytes of V8's serializer, which postMessage uses), how long one
 * deserialization takes (what the page's thread pays per report, before the store keeps it), and the
 * worker's compare time. Three forms of the same iterations, interleaved: the records with every
 * registered estimator's advantages (computed and kept, as before 7cd24e2), the lab's compared
 * estimators only (7cd24e2), and that report as the worker posts it (`toWire`: an observation that
 * repeats the previous turn's feedback left out; its deserialization includes the page's `fromWire`).
 *
 *   npx tsx bench/lab-report-size.ts [--iterations 3] [--seed 1]      (Node, wasm, one thread)
 *
 * `BENCH_REPORT_SIZE=1 npm run bench` runs it as a row of the bench.
 */
import { deserialize, serialize } from 'node:v8';
import { pathToFileURL } from 'node:url';
import { DEFAULT_CONFIG, Trainer } from '../src/core/train';
import { compactGroups, fromWire, labReport, toWire, type IterationReport, type WireReport } from '../src/core/train/lab-report';
import { useNodeBackend } from '../src/cli/tf-node';

export interface ReportSizeFigures {
  form: 'every estimator' | 'lab estimators' | 'as posted';
  estimators: number;
  reportKb: number[];
  deserializeMs: number[];
  compareMs: number[];
}

const LAB = ['grpo', 'planpo'];

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

/** Median of `reps` deserializations of one clone (each then read by `read`), in ms. */
function deserializeMs(buffer: Buffer, read: (value: never) => unknown = (v) => v, reps = 15): number {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    read(deserialize(buffer) as never);
    times.push(performance.now() - t0);
  }
  return median(times);
}

export async function benchReportSize(iterations = 3, seed = 1): Promise<ReportSizeFigures[]> {
  await useNodeBackend('wasm');
  const forms = [
    { form: 'every estimator' as const, compare: true },
    { form: 'lab estimators' as const, compare: LAB },
  ];
  const runs = await Promise.all(forms.map((f) => Trainer.create({ ...DEFAULT_CONFIG, seed }, { compare: f.compare })));
  const out: ReportSizeFigures[] = [...forms.map((f) => f.form), 'as posted' as const].map((form) => ({ form, estimators: 0, reportKb: [], deserializeMs: [], compareMs: [] }));
  const add = (f: ReportSizeFigures, report: IterationReport | WireReport, compareMs: number, read?: (v: never) => unknown) => {
    const clone = serialize(report);
    f.estimators = Object.keys(report.groups[0]?.[0]?.estimator_advantages ?? {}).length;
    f.reportKb.push(clone.length / 1024);
    f.deserializeMs.push(deserializeMs(clone, read));
    f.compareMs.push(compareMs);
  };
  for (let k = 0; k < iterations; k++) {
    for (const [i, run] of runs.entries()) { // interleaved: the same iteration of both trainers, one after the other
      const result = await run.runIteration();
      const compareMs = result.metrics.timing.compareMs;
      if (forms[i].compare === true) {
        add(out[0], { ...labReport(result, LAB), groups: compactGroups(result.groups) }, compareMs); // the report as it was: every estimator kept
      } else {
        const report = labReport(result, LAB);
        add(out[1], report, compareMs);
        add(out[2], toWire(report), compareMs, fromWire);
      }
    }
  }
  runs.forEach((r) => r.dispose());
  return out;
}

export function formatReportSize(figures: readonly ReportSizeFigures[]): string {
  const list = (xs: readonly number[], digits: number) => xs.map((x) => x.toFixed(digits)).join(', ');
  return figures.map((f) => `  ${f.form.padEnd(16)} (${String(f.estimators).padStart(2)} estimators): report ${list(f.reportKb, 0)} kB; `
    + `deserialize ${list(f.deserializeMs, 1)} ms; compare ${list(f.compareMs, 1)} ms per iteration`).join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const iterations = arg('iterations', 3);
  const seed = arg('seed', 1);
  const figures = await benchReportSize(iterations, seed);
  process.stdout.write(`Lab report per iteration (DEFAULT_CONFIG, seed ${seed}, Node wasm; iterations 1..${iterations}):\n${formatReportSize(figures)}\n`);
}
