/** Problems of one import: the first `limit` kept in order, all of them counted. */
import type { ImportProblem } from './types';

export const PROBLEM_LIST_LIMIT = 100;

export class ProblemLog {
  readonly list: ImportProblem[] = [];
  count = 0;

  constructor(private readonly limit = PROBLEM_LIST_LIMIT) {}

  add(line: number | null, reason: string): void {
    this.count++;
    if (this.list.length < this.limit) this.list.push({ line, reason });
  }
}

/** `line 12: reason` / `file: reason`, for reports and the CLI. */
export function formatProblem(problem: ImportProblem): string {
  return `${problem.line === null ? 'file' : `line ${problem.line}`}: ${problem.reason}`;
}
