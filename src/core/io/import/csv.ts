/**
 * CSV and TSV text, chunk by chunk, into rows (papaparse's low-level `Parser`, the one its own
 * streaming reader drives): each chunk is parsed up to its last complete row and the incomplete
 * tail is carried into the next, so a file never exists as one string and quoted cells may hold
 * commas and newlines. The first row is the header. Cells stay strings (`cellNumber` in `rows.ts`
 * reads numbers); an empty cell is ''.
 *
 * Line numbers are exact: a row's line is 1 + the lines before it, counting the newlines inside
 * its quoted cells. Blank lines are skipped.
 */
import Papa from 'papaparse';
import type { Row } from './rows';

export type CsvDelimiter = ',' | '\t' | ';' | '|';

const DELIMITERS: readonly CsvDelimiter[] = [',', '\t', ';', '|'];

/** `.csv` / `.tsv` (optionally gzipped) by name. */
export function csvNameDelimiter(fileName: string | undefined): CsvDelimiter | null {
  if (fileName === undefined) return null;
  if (/\.tsv(\.gz)?$/i.test(fileName)) return '\t';
  if (/\.csv(\.gz)?$/i.test(fileName)) return ',';
  return null;
}

/** The delimiter a header line uses: the most frequent of , tab ; | outside quotes (null if none). */
export function headerDelimiter(firstLine: string): CsvDelimiter | null {
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  let best: CsvDelimiter | null = null;
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const count = unquoted.split(d).length - 1;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

function newlinesIn(cells: readonly string[]): number {
  let n = 0;
  for (const c of cells) for (let i = c.indexOf('\n'); i >= 0; i = c.indexOf('\n', i + 1)) n++;
  return n;
}

/** A push parser: `push(text)` for each chunk, `finish()` at the end; rows go to `sink`. */
export class CsvRows {
  private readonly parser: Papa.Parser;
  private tail = '';
  private line = 1;
  private header: string[] | null = null;
  private rowsRead = 0;

  constructor(
    delimiter: CsvDelimiter,
    newline: '\n' | '\r\n',
    private readonly sink: (row: Row, line: number) => void,
    private readonly problem: (line: number, reason: string) => void,
  ) {
    this.parser = new Papa.Parser({ delimiter, newline, quoteChar: '"', escapeChar: '"' });
  }

  /** The header's column names (empty until the first row is read). */
  get columns(): string[] {
    return this.header ?? [];
  }

  get lines(): number {
    return this.line;
  }

  get rows(): number {
    return this.rowsRead;
  }

  push(chunk: string): void {
    const text = this.tail + chunk;
    const result = this.parser.parse(text, 0, true) as { data: string[][]; meta: { cursor: number } };
    this.tail = text.slice(result.meta.cursor);
    for (const cells of result.data) this.take(cells);
  }

  finish(): void {
    if (this.tail !== '') {
      const result = this.parser.parse(this.tail, 0, false) as { data: string[][] };
      this.tail = '';
      for (const cells of result.data) this.take(cells);
    }
    if (this.header === null) this.problem(1, 'the CSV file has no header row');
  }

  private take(raw: string[]): void {
    const line = this.line;
    this.line += 1 + newlinesIn(raw);
    const cells = raw.length > 0 && raw[raw.length - 1].endsWith('\r') ? [...raw.slice(0, -1), raw[raw.length - 1].slice(0, -1)] : raw;
    if (cells.length === 1 && cells[0].trim() === '') return;
    if (this.header === null) {
      this.header = cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
      return;
    }
    if (cells.length > this.header.length) this.problem(line, `row has ${cells.length} cells but the header has ${this.header.length} columns; the extra cells were ignored`);
    const row: Row = {};
    this.header.forEach((name, i) => {
      row[name] = i < cells.length ? cells[i] : '';
    });
    this.rowsRead++;
    this.sink(row, line);
  }
}
