/**
 * Which layout a text file has, from its content (and, for CSV without a delimiter in its header,
 * its name); never from how its first line happens to be broken:
 *
 * - first character `[` → one top-level JSON array, split element by element;
 * - first character `{` → JSON Lines when the first line is a JSON value by itself, else one
 *   (pretty-printed) document: `{"_type": "table",` or `{ "a": 1,` on line 1 opens as a document;
 * - anything else → CSV / TSV when the name says so (`.csv`, `.tsv`) or the first line is a header
 *   with a delimiter (`,` tab `;` `|`), else JSON Lines (whose bad lines are then reported).
 *
 * `decideLayout` returns null while it needs more text (the first line is not complete yet).
 */
import { csvNameDelimiter, headerDelimiter, type CsvDelimiter } from './csv';

export type TextLayout =
  | { kind: 'lines' | 'array' | 'document' }
  | { kind: 'csv'; delimiter: CsvDelimiter; newline: '\n' | '\r\n' };

function parsesAlone(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** `text` is the head of the file (BOM removed); `complete` when no more text will come or the head is long enough to decide. */
export function decideLayout(text: string, fileName: string | undefined, complete: boolean): TextLayout | null {
  const start = text.search(/\S/);
  if (start < 0) return complete ? { kind: 'lines' } : null;
  const first = text[start];
  if (first === '[') return { kind: 'array' };
  const nl = text.indexOf('\n', start);
  if (nl < 0 && !complete) return null;
  const rawLine = nl < 0 ? text.slice(start) : text.slice(start, nl);
  const firstLine = rawLine.trim();
  if (first === '{') return { kind: parsesAlone(firstLine) ? 'lines' : 'document' };
  const delimiter = csvNameDelimiter(fileName) ?? headerDelimiter(firstLine);
  if (delimiter === null) return { kind: 'lines' };
  return { kind: 'csv', delimiter, newline: rawLine.endsWith('\r') ? '\r\n' : '\n' };
}

/**
 * A text in the document layout that is not one JSON value: is it JSON Lines whose first line is
 * broken (another of its first lines parses by itself as an object or array)?
 */
export function looksLikeJsonLines(text: string): boolean {
  const lines = text.split('\n', 21).slice(1);
  return lines.some((l) => {
    const t = l.trim();
    if (!(t.startsWith('{') || t.startsWith('['))) return false;
    return parsesAlone(t);
  });
}
