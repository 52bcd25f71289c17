/**
 * Problems of one import: the first `limit` kept in order, all of them counted, and the lines they
 * sit on counted as lines. A line can hold several problems (a JSON Lines line holding an array of
 * three bad values is one line and three problems), so "lines skipped" and "problems" are two
 * numbers, and every message names both (`describeProblems`).
 */
import type { ImportProblem } from './types';

export const PROBLEM_LIST_LIMIT = 100;

/**
 * A set of 1-based line numbers as a growable bitset: one bit a line, so ten million bad lines
 * take about 1.2 MB, whatever order their problems come in.
 */
export class LineSet {
  private bits = new Uint32Array(64);
  size = 0;

  add(line: number): void {
    const word = line >>> 5;
    if (word >= this.bits.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const mask = 1 << (line & 31);
    if ((this.bits[word] & mask) === 0) {
      this.bits[word] |= mask;
      this.size++;
    }
  }

  has(line: number): boolean {
    const word = line >>> 5;
    return word < this.bits.length && (this.bits[word] & (1 << (line & 31))) !== 0;
  }

  delete(line: number): void {
    if (!this.has(line)) return;
    this.bits[line >>> 5] &= ~(1 << (line & 31));
    this.size--;
  }
}

export class ProblemLog {
  readonly list: ImportProblem[] = [];
  count = 0;
  /** The distinct lines (or rows) that hold at least one problem. */
  readonly lines = new LineSet();

  constructor(private readonly limit = PROBLEM_LIST_LIMIT) {}

  add(line: number | null, reason: string): void {
    this.count++;
    if (line !== null && Number.isInteger(line) && line >= 0) this.lines.add(line);
    if (this.list.length < this.limit) this.list.push({ line, reason });
  }

  /**
   * Lines skipped: lines with a problem from which no record was kept (`keptLines`, where each kept
   * record starts). A line read with a note ("extra cells ignored", "kept as logged") is not skipped.
   */
  skippedLines(keptLines: ReadonlyArray<number | null>): number {
    const kept = new LineSet();
    for (const line of keptLines) if (line !== null && this.lines.has(line)) kept.add(line);
    return this.lines.size - kept.size;
  }
}

/** `line 12: reason` / `file: reason`, for reports and the CLI. */
export function formatProblem(problem: ImportProblem): string {
  return `${problem.line === null ? 'file' : `line ${problem.line}`}: ${problem.reason}`;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * The count of what went wrong, worded the same in the CLI and the lab: "50 lines skipped, 52
 * problems (first 10 listed)"; only the problems when no line was skipped ("2 problems"); `listed`
 * when fewer problems are listed than counted.
 */
export function describeProblems(counts: { skippedLines: number; problemCount: number; listed?: number }): string {
  const { skippedLines, problemCount, listed } = counts;
  const more = listed !== undefined && listed < problemCount ? ` (first ${listed.toLocaleString('en-US')} listed)` : '';
  if (problemCount === 0) return '0 problems';
  if (skippedLines === 0) return `${plural(problemCount, 'problem')}${more}`;
  return `${plural(skippedLines, 'line')} skipped, ${plural(problemCount, 'problem')}${more}`;
}
