/**
 * `experiment … --jobs N`: an experiment's runs are independent units (one run = one arm × env × seed,
 * plus its evaluation), so they can train in separate processes. The parent keeps the plan, the
 * progress lines and the ETA (core/experiments/runner.ts with `concurrency: N`); each unit trains in
 * a child `node --import tsx src/cli/main.ts experiment NAME <the same plan flags> --unit K --unit-stream`,
 * which prints its iteration records, evaluation records and finally its outcome as JSON lines on
 * stdout. A unit's numbers do not depend on the process it ran in (every random stream derives from
 * the run's own seed), so `--jobs N` gives the same results as `--jobs 1`, bit for bit (tested).
 *
 * The same `--unit K` spreads a suite over a cluster: `--dry-run --json` lists the units with the
 * command of each, every array task runs one (`--out DIR/unit-K`), and `--render` merges the parts.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EvalRecord, IterationRecord } from '../core/experiments/results';
import type { RunOne, RunOutcome } from '../core/experiments/runner';
import type { ExperimentPlan } from '../core/experiments/types';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One line of a `--unit-stream` child's stdout. */
export type UnitMessage =
  | { kind: 'iteration'; record: IterationRecord }
  | { kind: 'evaluation'; record: EvalRecord }
  | { kind: 'outcome'; outcome: RunOutcome };

/** The plan flags a child needs to plan the same experiment: everything but the parent-only ones. */
export function childArgs(argv: readonly string[]): string[] {
  const parentOnly = new Set(['--jobs', '--unit', '--out', '--render']);
  const boolOnly = new Set(['--dry-run', '--json', '--keep-checkpoints', '--unit-stream']);
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [flag] = argv[i].split('=');
    if (boolOnly.has(flag)) continue;
    if (parentOnly.has(flag)) {
      if (!argv[i].includes('=')) i++; // its value
      continue;
    }
    out.push(argv[i]);
  }
  return out;
}

/** The command that runs unit `unit` alone (what a job array's task runs). */
export function unitCommand(argv: readonly string[], unit: number, out: string): string {
  return ['npm run -s cli -- experiment', ...childArgs(argv), '--unit', String(unit), '--out', out].join(' ');
}

/** The `--dry-run --json` listing: every unit with its run id, config and command. */
export function unitListing(plan: ExperimentPlan, argv: readonly string[], out: string): unknown {
  return {
    experiment: plan.experiment, size: plan.size, sizes: plan.sizes, units: plan.runs.length,
    list: plan.runs.map((r, unit) => ({
      unit, runId: r.runId, arm: r.arm, env: r.env, seed: r.seed, config: r.config, evaluate: r.evaluate ?? null,
      command: unitCommand(argv, unit, `${out}/unit-${unit}`),
    })),
  };
}

/**
 * `runOne` that trains each unit in a child process. `argv`: the parent's experiment arguments;
 * `out`: the parent's output folder (ood's checkpoints go there); `unitOf(runId)`: the unit index.
 */
export function childRunOne(argv: readonly string[], out: string, unitOf: (runId: string) => number): RunOne {
  return (spec, hooks) => new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', 'src/cli/main.ts', 'experiment', ...childArgs(argv), '--unit', String(unitOf(spec.runId)), '--unit-stream', '--out', out];
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let buffer = '';
    let stderr = '';
    let outcome: RunOutcome | null = null;
    const handle = (line: string) => {
      if (line.trim() === '') return;
      const msg = JSON.parse(line) as UnitMessage;
      if (msg.kind === 'iteration') hooks.onIteration(msg.record);
      else if (msg.kind === 'evaluation') hooks.onEvaluation?.(msg.record);
      else outcome = msg.outcome;
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      try {
        lines.forEach(handle);
      } catch (error) {
        child.kill();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => {
      if (buffer) handle(buffer);
      if (code === 0 && outcome) resolve(outcome);
      else reject(new Error(`${spec.runId}: its process exited with ${code}${stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' | ')}` : ''}`));
    });
  });
}
