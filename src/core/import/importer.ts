/**
 * The one seam between the import session and the rollouts readers of `src/core/io`: a streaming
 * importer (`feed(text)` chunk by chunk, `finish()` once) whose result names the format, the
 * adapter that read it, the trajectories, the problems (first 100 listed, all counted) and where
 * the token counts L_{i,t} came from. Switching to another reader is this file only.
 *
 * This implementation reads rollouts.v1 JSON Lines line by line (`readRollouts` per line), and a
 * whole JSON document (a wrapper or an array) at `finish()` when the first line does not parse.
 */
import { readRollouts } from '../io/read-rollouts';
import type { RolloutTrajectoryV1 } from '../io/rollouts-v1';

export interface ImportProblem {
  line: number;
  reason: string;
}

export interface ImportResult {
  format: string;
  adapterLabel: string;
  trajectories: RolloutTrajectoryV1[];
  /** The first MAX_LISTED_PROBLEMS problems. */
  problems: ImportProblem[];
  problemCount: number;
  /** 'file': every turn has response_tokens; 'estimated': none has; 'mixed': some. */
  tokenCounts: 'file' | 'estimated' | 'mixed';
  notes: string[];
}

export interface ImporterProgress {
  trajectories: number;
  groups: number;
  problems: number;
}

export interface RolloutImporter {
  feed(text: string): void;
  finish(): ImportResult;
  progress(): ImporterProgress;
}

export const MAX_LISTED_PROBLEMS = 100;

/** Problems: the first MAX_LISTED_PROBLEMS kept, all counted. */
export class ProblemList {
  readonly listed: ImportProblem[] = [];
  count = 0;
  add(line: number, reason: string): void {
    this.count++;
    if (this.listed.length < MAX_LISTED_PROBLEMS) this.listed.push({ line, reason });
  }
}

export function createRolloutImporter(_options: { fileName: string }): RolloutImporter {
  const trajectories: RolloutTrajectoryV1[] = [];
  const groupIds = new Set<string>();
  const problems = new ProblemList();
  let carry = '';
  let lineNo = 0;
  let documentMode: boolean | null = null;
  const documentParts: string[] = [];
  let firstLineNo = 0;

  const readLine = (raw: string) => {
    lineNo++;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (documentMode) {
      documentParts.push(text);
      return;
    }
    if (text.trim() === '') return;
    const body = documentMode === null && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    const { records, errors } = readRollouts(body);
    if (documentMode === null) {
      documentMode = records.length === 0 && errors.some((e) => e.message.startsWith('not valid JSON')) && /^\s*[[{]\s*$|^\s*\[/.test(body);
      if (documentMode) {
        firstLineNo = lineNo;
        documentParts.push(body);
        return;
      }
    }
    for (const r of records) {
      trajectories.push(r.record);
      groupIds.add(r.record.group_id);
    }
    for (const e of errors) problems.add(lineNo, e.message);
  };

  return {
    feed(text) {
      const lines = (carry + text).split('\n');
      carry = lines.pop() ?? '';
      for (const line of lines) readLine(line);
    },
    finish() {
      if (carry !== '') readLine(carry);
      carry = '';
      if (documentMode) {
        const { records, errors } = readRollouts(documentParts.join('\n'));
        for (const r of records) trajectories.push(r.record);
        for (const e of errors) problems.add(e.line + firstLineNo - 1, e.message);
      }
      return {
        format: documentMode ? 'rollouts.v1 JSON document' : 'rollouts.v1 JSON Lines',
        adapterLabel: 'rollouts.v1 reader',
        trajectories,
        problems: problems.listed,
        problemCount: problems.count,
        tokenCounts: tokenSource(trajectories),
        notes: [],
      };
    },
    progress: () => ({ trajectories: trajectories.length, groups: groupIds.size, problems: problems.count }),
  };
}

/** Where L_{i,t} comes from across the whole import. */
export function tokenSource(trajectories: readonly RolloutTrajectoryV1[]): ImportResult['tokenCounts'] {
  let present = 0;
  let absent = 0;
  for (const t of trajectories) for (const turn of t.turns) if (turn.response_tokens === undefined) absent++; else present++;
  return absent === 0 ? 'file' : present === 0 ? 'estimated' : 'mixed';
}
