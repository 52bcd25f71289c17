/**
 * The CLI run in the test's own process: `runCli` (what `src/cli/main.ts` calls) with an io that
 * records stdout and stderr lines. It gives the same exit code and the same lines as the real
 * binary, less the cost of a Node process, a tsx compile and a tfjs load per case (about 3 s of CPU
 * each). What only a real process shows (exit status, EPIPE) is checked once, in process.test.ts.
 *
 * Every CLI test builds its io here: `cliInProcess` for a whole command line (exit code and the
 * lines printed), `recordingIo` for a test that calls one command's `run` itself (to see the error
 * it throws before runCli turns it into a line and an exit code).
 */
import { expect } from 'vitest';
import { runCli } from '../../src/cli/cli';
import type { CliIo } from '../../src/cli/command';

export interface CliResult {
  /** The exit code the binary would exit with. */
  code: number;
  /** stdout, one entry per line. */
  out: string[];
  /** stderr, one entry per line. */
  err: string[];
  /** stdout as the process would print it: the lines joined, each ending in a newline. */
  stdout: string;
  /** stderr as the process would print it. */
  stderr: string;
}

const joined = (lines: string[]) => lines.map((l) => `${l}\n`).join('');

/** An io that is not a terminal, reads `stdin` as its whole stdin, and records what is printed. */
export function recordingIo(stdin = ''): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), readStdin: async () => stdin, isTty: false };
  return { io, out, err };
}

/** Runs `argv` (without the leading command runner) as `npm run cli -- ...argv` would. */
export async function cliInProcess(argv: string[], stdin = ''): Promise<CliResult> {
  const { io, out, err } = recordingIo(stdin);
  const code = await runCli(argv, io);
  return { code, out, err, stdout: joined(out), stderr: joined(err) };
}

/**
 * A refused command line: exit 2, exactly one plain `error:` line matching `pattern` (never an
 * internal error, never "using" a fallback), nothing on stdout, so nothing ran. Returns that line.
 */
export async function expectRefused(argv: string[], pattern: RegExp): Promise<string> {
  const r = await cliInProcess(argv);
  expect(r.err).toHaveLength(1);
  expect(r.err[0]).toMatch(/^error: /);
  expect(r.err[0]).not.toMatch(/internal error|using/);
  expect(r.err[0]).toMatch(pattern);
  expect(r.out).toEqual([]);
  expect(r.code).toBe(2);
  return r.err[0];
}
