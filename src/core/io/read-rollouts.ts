/**
 * Reads rollouts.v1 text into validated records plus a list of errors; never throws on bad input.
 *
 * Accepted layouts (environments reference §4.2):
 * - JSON Lines: one trajectory per line (blank lines are skipped, CRLF and a BOM are fine);
 * - one JSON document: a trajectory, a plain array of trajectories, or a group wrapper
 *   `{ group_id, trajectories: [...] }`. A JSON Lines line may also hold an array or a wrapper.
 *
 * A wrapper's shared fields (`schema`, `group_id`, `source`, `env`, `task`, `train_step`) fill in
 * members that lack them; a member whose `group_id` differs from its wrapper's is an error.
 * Errors carry the 1-based line where the JSON value starts and, inside arrays/wrappers, the
 * element's index, so a user can find the offending entry.
 */
import { expandRolloutsValue } from './import/formats/rollouts-v1';
import type { RolloutTrajectoryV1, SchemaProblem } from './rollouts-v1';

export interface LocatedRecord {
  record: RolloutTrajectoryV1;
  /** 1-based line where the record's JSON value starts. */
  line: number;
  /** Position inside an array or wrapper, when the record came from one. */
  index?: number;
}

export interface ReadError {
  line: number;
  index?: number;
  message: string;
  /** The schema problems behind `message`, when the JSON parsed but the record is invalid. */
  problems?: SchemaProblem[];
}

export interface ReadResult {
  records: LocatedRecord[];
  errors: ReadError[];
}

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** A parsed JSON value: a record, an array of records/wrappers, or a wrapper. */
function expandValue(value: unknown, line: number, out: ReadResult): void {
  expandRolloutsValue(value, line, {
    record: (record, at, index) => out.records.push(index === undefined ? { record, line: at } : { record, line: at, index }),
    error: (at, index, message, problems) => out.errors.push({ line: at, index, message, ...(problems ? { problems } : {}) }),
  });
}

/** 1-based line of the first non-whitespace character. */
function firstContentLine(text: string): number {
  const start = text.search(/\S/);
  return start < 0 ? 1 : text.slice(0, start).split('\n').length;
}

function readJsonLines(lines: string[], wholeDocumentError: string, out: ReadResult): void {
  let contentLines = 0;
  let failedLines = 0;
  let firstContent = '';
  lines.forEach((raw, i) => {
    const text = raw.trim();
    if (text === '') return;
    contentLines++;
    if (contentLines === 1) firstContent = text;
    const parsed = parseJson(text);
    if (parsed.ok) expandValue(parsed.value, i + 1, out);
    else {
      failedLines++;
      out.errors.push({ line: i + 1, message: `not valid JSON: ${parsed.message}` });
    }
  });
  // A pretty-printed document with a syntax error: one error, not one per line.
  const looksLikeDocument = firstContent === '{' || firstContent.startsWith('[');
  if (contentLines > 1 && failedLines === contentLines && looksLikeDocument) {
    out.errors = [{ line: firstContentLine(lines.join('\n')), message: `not valid JSON (neither JSON Lines nor one JSON document): ${wholeDocumentError}` }];
  }
}

/** Parses rollouts.v1 JSON Lines / JSON text. Never throws. */
export function readRollouts(text: string): ReadResult {
  const out: ReadResult = { records: [], errors: [] };
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return out;
  const whole = parseJson(body);
  if (whole.ok) {
    expandValue(whole.value, firstContentLine(body), out);
    return out;
  }
  readJsonLines(body.split(/\r?\n/), whole.message, out);
  return out;
}
