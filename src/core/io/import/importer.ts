/**
 * createImporter: the streaming entry point the import worker and the CLI call.
 *
 *   const importer = createImporter({ fileName: 'step12/0.json' });
 *   for (const chunk of chunks) { importer.feed(chunk); report(importer.progress()); }
 *   const result = importer.finish();   // trajectories, problems, format, tokenCounts, notes
 *
 * The layout is read from the content (`layout.ts`): a top-level array, JSON Lines, one
 * (pretty-printed) document, or CSV / TSV; parquet bytes come in as rows through `feedRows`
 * (`bytes.ts`). A W&B table value (`{"_type": "table", "columns", "data"}`) is expanded into one
 * row object per data row. The first value that parses picks the format (`IMPORT_FORMATS`, in
 * order; `formats` restricts the candidates, e.g. `convert --from verl-agent`), unless a column
 * `mapping` is given, which reads every row. Bad values are problems with their line, good ones are
 * always kept. `finish` throws `ImportFormatError` when no format matched; for a table of flat
 * rows the error carries its columns and a guessed mapping (`error.table`).
 */
import { CsvRows } from './csv';
import { LineSplitter, ArraySplitter } from './json-stream';
import { decideLayout, looksLikeJsonLines } from './layout';
import { guessMapping, mappingMatches, tableColumns, type ColumnMapping, type TableColumn } from './mapping';
import { ProblemLog } from './problems';
import { parsePythonJson } from './python-json';
import { IMPORT_FORMATS } from './registry';
import { columnsOf, isFlatRow, isTableDocument, tableRows, type Row } from './rows';
import { fillTokenCounts } from './tokens';
import { summarizeTrajectories } from './summary';
import { mappedFormat } from './formats/mapped';
import type { AdapterSession, ImportAdapter, ImportFormatId, ImportProgress, ImportResult, JsonLayout } from './types';
import type { RolloutTrajectoryV1 } from '../rollouts-v1';

export interface ImporterOptions {
  /** The file's name or relative path (AgentGym-RL reads step and rank from `step{N}/{rank}.json`; `.csv` / `.tsv` pick CSV). */
  fileName?: string;
  /** Only these formats are candidates (default: all, in registry order). */
  formats?: readonly ImportFormatId[];
  /**
   * Fill missing `response_tokens` with the text estimate (marked `response_tokens_estimated`):
   * always (true, the default), never (false), or only for framework logs, which never carry
   * counts ('frameworks': a rollouts.v1 record without counts stays without them).
   */
  estimateTokens?: boolean | 'frameworks';
  /**
   * With `estimateTokens` true (the default): leave the missing counts missing, counted as estimated,
   * and say so in the result (`estimatesDeferred`); whoever uses a record fills them first with
   * `fillTokenCounts` (the lab's import session does, group by group, when a group is first scored
   * or shown). The BPE estimate is the readers' largest cost; a step of thousands of trajectories
   * opens without it.
   */
  deferEstimates?: boolean;
  /** Read every row (JSON object, CSV / parquet / W&B table row) through this column mapping instead of detecting a format. */
  mapping?: ColumnMapping;
}

export interface Importer {
  feed(text: string): void;
  /** Rows of a table decoded elsewhere (parquet); `firstRow` is the 0-based index of `rows[0]` in the file. */
  feedRows(rows: Row[], columns: string[], firstRow: number): void;
  finish(): ImportResult;
  progress(): ImportProgress;
}

/** A table no reader recognised: its columns with samples and the lab's guessed mapping (for the mapping form). */
export interface UnknownTable {
  columns: TableColumn[];
  guess: ColumnMapping;
}

/** ImportFormatError as plain data (what crosses the import worker). */
export interface ImportFormatErrorData {
  message: string;
  empty: boolean;
  table?: UnknownTable;
}

/** The input is not in any format the candidates read (or is empty: `empty`); the message says why. */
export class ImportFormatError extends Error {
  constructor(message: string, readonly empty = false, readonly table?: UnknownTable) {
    super(message);
  }

  toData(): ImportFormatErrorData {
    return { message: this.message, empty: this.empty, ...(this.table ? { table: this.table } : {}) };
  }
}

const HEAD_LIMIT = 1 << 20;
const SAMPLE_ROWS = 50;

function keysOf(value: unknown): string {
  if (Array.isArray(value)) return 'a JSON array';
  if (typeof value !== 'object' || value === null) return `a JSON ${value === null ? 'null' : typeof value}`;
  const keys = Object.keys(value).slice(0, 8);
  return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.join(', ')}`;
}

const LAYOUT_NOTES: Record<JsonLayout, string> = {
  lines: 'read as JSON Lines', array: 'read as one JSON array', document: 'read as one JSON document', csv: 'read as CSV', parquet: 'read as parquet',
};

export function createImporter(options: ImporterOptions = {}): Importer {
  const candidates: ImportAdapter[] = options.mapping
    ? [mappedFormat(options.mapping)]
    : options.formats ? IMPORT_FORMATS.filter((f) => options.formats!.includes(f.id)) : [...IMPORT_FORMATS];
  const problems = new ProblemLog();
  const notes: string[] = [];
  const trajectories: RolloutTrajectoryV1[] = [];
  const sourceLines: Array<number | null> = [];
  const unknownRows: Row[] = [];
  const estimate = options.estimateTokens ?? true;
  const defer = estimate === true && options.deferEstimates === true;
  let fileTurns = 0;
  let estimatedTurns = 0;
  let layout: JsonLayout | null = null;
  let head: string[] = [];
  let headLength = 0;
  let splitter: LineSplitter | ArraySplitter | null = null;
  let csv: CsvRows | null = null;
  let documentPieces: string[] | null = null;
  let adapter: ImportAdapter | null = null;
  let session: AdapterSession | null = null;
  let firstUnknown: string | null = null;
  let tableRowCount = 0;
  let firstColumns: string[] = [];
  let nonFinite = false;
  let finished = false;

  const ctxFor = (l: JsonLayout) => ({
    fileName: options.fileName,
    layout: l,
    emit(record: RolloutTrajectoryV1, line: number | null) {
      const fill = estimate === true || (estimate === 'frameworks' && adapter?.id !== 'rollouts-v1');
      const [file, estimated] = fillTokenCounts(record, defer ? 'estimated-later' : fill ? 'estimate' : 'skip');
      fileTurns += file;
      estimatedTurns += estimated;
      trajectories.push(record);
      sourceLines.push(line);
    },
    problem: (line: number | null, reason: string) => problems.add(line, reason),
    note: (text: string) => notes.push(text),
  });

  /** One value (a JSON value or a table row) that starts on `line`; `columns` when it is a table row. */
  function onItem(value: unknown, line: number, columns?: string[]): void {
    if (session === null) {
      const sample = { value, layout: layout!, fileName: options.fileName, ...(columns ? { columns } : {}) };
      adapter = candidates.find((f) => f.detect(sample)) ?? null;
      if (adapter === null) {
        firstUnknown ??= `${layout === 'parquet' || (columns && layout !== 'csv') ? 'row' : 'line'} ${line} holds ${keysOf(value)}`;
        problems.add(line, `not a record of ${candidates.map((f) => f.label).join(' / ')} (${keysOf(value)})`);
        if (unknownRows.length < SAMPLE_ROWS && (columns !== undefined || isFlatRow(value))) unknownRows.push(value as Row);
        return;
      }
      firstColumns = columns ?? (isFlatRow(value) ? Object.keys(value) : []);
      session = adapter.open(ctxFor(layout!));
    }
    session.item(value, line);
  }

  function onValue(value: unknown, line: number): void {
    if (!isTableDocument(value)) return onItem(value, line);
    const rows = tableRows(value);
    rows.forEach((row, k) => onItem(row, k + 1, value.columns));
    tableRowCount += rows.length;
    if (value.data.some((cells) => cells.length > value.columns.length)) problems.add(line, 'some table rows have more cells than the table has columns; the extra cells were ignored');
  }

  /** The parsed value, or the parse error's message (NaN / Infinity read as null, and remembered for the note). */
  function parse(text: string): { value: unknown } | { error: string } {
    try {
      const parsed = parsePythonJson(text);
      nonFinite ||= parsed.nonFinite;
      return { value: parsed.value };
    } catch (error) {
      return { error: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  function onText(text: string, line: number): void {
    const parsed = parse(text);
    if ('error' in parsed) problems.add(line, parsed.error);
    else onValue(parsed.value, line);
  }

  function startLines(text: string, kind: 'lines' | 'array'): void {
    layout = kind;
    splitter = kind === 'array' ? new ArraySplitter(onText, (line, reason) => problems.add(line, reason)) : new LineSplitter(onText);
    splitter.push(text);
  }

  function decide(force: boolean): void {
    let text = head.join('');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const decided = decideLayout(text, options.fileName, force || headLength >= HEAD_LIMIT);
    if (decided === null) return;
    head = [];
    if (decided.kind === 'csv') {
      layout = 'csv';
      csv = new CsvRows(decided.delimiter, decided.newline, (row, line) => onItem(row, line, csv!.columns), (line, reason) => problems.add(line, reason));
      csv.push(text);
    } else if (decided.kind === 'document') {
      layout = 'document';
      documentPieces = [text];
    } else startLines(text, decided.kind);
  }

  /** The buffered document: one JSON value, or JSON Lines whose first line is broken. */
  function finishDocument(): void {
    const text = documentPieces!.join('');
    documentPieces = null;
    const line = 1 + (text.slice(0, Math.max(0, text.search(/\S/))).match(/\n/g)?.length ?? 0);
    const parsed = parse(text);
    if (!('error' in parsed)) onValue(parsed.value, line);
    else if (looksLikeJsonLines(text)) {
      startLines(text, 'lines');
      splitter!.finish();
    } else problems.add(line, parsed.error);
  }

  function unknownFormat(): ImportFormatError {
    const why = firstUnknown ?? (problems.count > 0 ? `no line of it is valid JSON (${problems.list[0].reason})` : 'the file is empty');
    const message = `could not read the file as ${candidates.map((f) => f.label).join(' / ')}: ${why}`;
    if (unknownRows.length === 0) return new ImportFormatError(message, why === 'the file is empty');
    const table = { columns: tableColumns(unknownRows), guess: guessMapping(columnsOf(unknownRows), unknownRows) };
    return new ImportFormatError(`${message}; its columns can be read through a column mapping`, false, table);
  }

  return {
    feed(text: string): void {
      if (finished) throw new Error('feed after finish');
      if (splitter) splitter.push(text);
      else if (csv) csv.push(text);
      else if (documentPieces) documentPieces.push(text);
      else if (layout === 'parquet') throw new Error('feed after feedRows: a parquet import takes rows only');
      else {
        head.push(text);
        headLength += text.length;
        decide(false);
      }
    },

    feedRows(rows: Row[], columns: string[], firstRow: number): void {
      if (finished) throw new Error('feedRows after finish');
      if (layout !== null && layout !== 'parquet') throw new Error('feedRows after feed: rows come from parquet files only');
      layout = 'parquet';
      rows.forEach((row, i) => onItem(row, firstRow + i + 1, columns));
      tableRowCount += rows.length;
    },

    progress: () => ({ groups: session?.groups() ?? 0, trajectories: trajectories.length, lines: splitter?.lines ?? csv?.lines ?? tableRowCount }),

    finish(): ImportResult {
      finished = true;
      if (layout === null) decide(true);
      if (splitter) splitter.finish();
      if (csv) csv.finish();
      if (documentPieces) finishDocument();
      session?.finish();
      if (adapter === null) throw unknownFormat();
      const found: ImportAdapter = adapter;
      const tableNote = tableRowCount > 0 && layout !== 'parquet' && layout !== 'csv' ? `; a table of ${tableRowCount} rows` : '';
      notes.unshift(`${LAYOUT_NOTES[layout!]}${layout === 'csv' ? ` (${csv!.rows} rows)` : layout === 'parquet' ? ` (${tableRowCount} rows)` : tableNote}`);
      if (nonFinite) notes.push('NaN / Infinity (written by Python\'s json, not JSON) were read as empty cells');
      const mapping = options.mapping;
      if (mapping && !mappingMatches(mapping, firstColumns)) notes.push(`the file's columns differ from those the mapping "${mapping.name}" was made for (${mapping.columns.join(', ')})`);
      return {
        format: found.id,
        adapterLabel: found.label,
        trajectories,
        sourceLines,
        problems: problems.list,
        problemCount: problems.count,
        skippedLines: problems.skippedLines(sourceLines),
        tokenCounts: estimatedTurns === 0 ? 'file' : fileTurns === 0 ? 'estimated' : 'mixed',
        notes,
        summary: summarizeTrajectories(trajectories),
        ...(found.rewardless ? { rewardless: true } : {}),
        ...(defer && estimatedTurns > 0 ? { estimatesDeferred: true } : {}),
      };
    },
  };
}

/** One-shot: a whole text → ImportResult (tests, small files). */
export function importText(text: string, options: ImporterOptions = {}): ImportResult {
  const importer = createImporter(options);
  importer.feed(text);
  return importer.finish();
}
