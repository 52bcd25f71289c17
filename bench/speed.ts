/**
 * Old code vs this code in one interleaved run: a default iteration (RunConfig defaults, from the
 * initial weights, Node wasm) and its update phase (`miniBatches` Adam steps), timed in two child
 * processes (bench/speed-child.ts), one per tree, that take turns round by round (old first on odd
 * rounds, new first on even ones) after one untimed warm-up round each, so load on a shared machine
 * hits both alike. Prints medians and the new/old ratios.
 *
 * The old tree is a git worktree of an earlier commit with its own node_modules, e.g.
 *   git worktree add ../rollout-lab-base <commit> && cp -al node_modules ../rollout-lab-base/
 * and `BENCH_SPEED_BASE=../rollout-lab-base` (BENCH_SPEED_ROUNDS, default 7). A copy of the tree works
 * too: `git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/`.
 * Besides wall times it prints each side's CPU time per iteration (process user + system): on a
 * machine shared with other jobs, wall time mostly measures the wait for a core; CPU time does not.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CONFIG } from '../src/core/train/config';
import { median } from '../src/bench/timing';

interface RoundTiming {
  totalMs: number;
  rolloutMs: number;
  updateMs: number;
  /** The child's CPU time (user + system) over the iteration: what load on a shared machine inflates least. */
  cpuMs: number;
}

class Side {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: Interface;
  private readonly queue: Array<(line: string) => void> = [];

  constructor(readonly label: string, root: string) {
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'speed-child.ts');
    this.child = spawn(process.execPath, ['--import', 'tsx', script, root], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.resume(); // tfjs's Node banner
    this.lines = createInterface({ input: this.child.stdout });
    this.lines.on('line', (line) => this.queue.shift()?.(line));
  }

  private next(): Promise<Record<string, number | boolean>> {
    return new Promise((resolve, reject) => {
      const fail = () => reject(new Error(`${this.label}: child exited`));
      this.child.once('exit', fail);
      this.queue.push((line) => {
        this.child.off('exit', fail);
        resolve(JSON.parse(line));
      });
    });
  }

  ready(): Promise<unknown> {
    return this.next();
  }

  async round(): Promise<RoundTiming> {
    this.child.stdin.write('round\n');
    return (await this.next()) as unknown as RoundTiming;
  }

  close(): void {
    this.child.stdin.end();
  }
}

export interface SpeedFigures {
  rounds: number;
  old: RoundTiming;
  new: RoundTiming;
  /** new / old */
  iterationRatio: number;
  updateRatio: number;
  rolloutRatio: number;
  /** Median update time per Adam step (update / miniBatches). */
  oldStepMs: number;
  newStepMs: number;
}

export async function benchSpeed(base: string, rounds: number, log: (line: string) => void): Promise<SpeedFigures> {
  const sides = [new Side('old', path.resolve(base)), new Side('new', process.cwd())];
  try {
    await Promise.all(sides.map((s) => s.ready()));
    for (const s of sides) await s.round(); // warm-up (JIT, wasm pages), not timed
    const times: RoundTiming[][] = [[], []];
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) times[i].push(await sides[i].round());
      log(`bench: speed round ${r + 1}/${rounds}: old ${times[0][r].totalMs.toFixed(0)} ms (CPU ${times[0][r].cpuMs.toFixed(0)}), new ${times[1][r].totalMs.toFixed(0)} ms (CPU ${times[1][r].cpuMs.toFixed(0)})`);
    }
    const med = (t: RoundTiming[]): RoundTiming => ({
      totalMs: median(t.map((x) => x.totalMs)), rolloutMs: median(t.map((x) => x.rolloutMs)), updateMs: median(t.map((x) => x.updateMs)),
      cpuMs: median(t.map((x) => x.cpuMs)),
    });
    const [o, n] = times.map(med);
    const steps = DEFAULT_CONFIG.miniBatches * DEFAULT_CONFIG.epochs;
    return {
      rounds, old: o, new: n, iterationRatio: n.totalMs / o.totalMs, updateRatio: n.updateMs / o.updateMs,
      rolloutRatio: n.rolloutMs / o.rolloutMs, oldStepMs: o.updateMs / steps, newStepMs: n.updateMs / steps,
    };
  } finally {
    sides.forEach((s) => s.close());
  }
}

export function formatSpeed(f: SpeedFigures, base: string): string {
  const row = (name: string, o: number, n: number) =>
    `${name.padEnd(28)} ${o.toFixed(0).padStart(9)} ${n.toFixed(0).padStart(9)}   ${(n / o).toFixed(2)}×`;
  return [
    `Old code (${base}) vs this code, Node wasm, default iteration from the initial weights, ${f.rounds} interleaved rounds (medians):`,
    `${''.padEnd(28)} ${'old ms'.padStart(9)} ${'new ms'.padStart(9)}   new/old`,
    row('iteration', f.old.totalMs, f.new.totalMs),
    row('  rollout', f.old.rolloutMs, f.new.rolloutMs),
    row('  update', f.old.updateMs, f.new.updateMs),
    row('  update, per Adam step', f.oldStepMs, f.newStepMs),
    row('iteration, CPU time', f.old.cpuMs, f.new.cpuMs),
    'π_ref is scored inside the update in trees since 2026-12-04 (before: part of the rollout), so compare those two rows with care.',
  ].join('\n');
}
