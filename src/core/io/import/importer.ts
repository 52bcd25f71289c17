/**
 * createImporter: the streaming entry point the import worker and the CLI call.
 *
 *   const importer = createImporter({ fileName: 'step12/0.json' });
 *   for (const chunk of chunks) { importer.feed(chunk); report(importer.progress()); }
 *   const result = importer.finish();   // trajectories, problems, format, tokenCounts, notes
 *
 * The layout is read from the first bytes: `[` → one top-level array, split element by element;
 * a first line that is only `{` → one pretty-printed document (parsed at the end); anything else →
 * JSON Lines. The first value that parses picks the format (`IMPORT_FORMATS`, in order; `formats`
 * restricts the candidates, e.g. `convert --from verl-agent`). Bad values are problems with their
 * line, good ones are always kept. `finish` throws `ImportFormatError` when no format matched.
 */
import { ArraySplitter, LineSplitter } from './json-stream';
import type { ColumnMapping, TableColumn } from './mapping';
import { ProblemLog } from './problems';
import { IMPORT_FORMATS } from './registry';
import { fillTokenCounts } from './tokens';
import { summarizeTrajectories } from './summary';
import type { AdapterSession, ImportAdapter, ImportFormatId, ImportProgress, ImportResult, JsonLayout } from './types';
import type { RolloutTrajectoryV1 } from '../rollouts-v1';

export interface ImporterOptions {
  /** The file's name or relative path (AgentGym-RL reads step and rank from `step{N}/{rank}.json`). */
  fileName?: string;
  /** Only these formats are candidates (default: all, in registry order). */
  formats?: readonly ImportFormatId[];
  /**
   * Fill missing `response_tokens` with the text estimate (marked `response_tokens_estimated`):
   * always (true, the default), never (false), or only for framework logs, which never carry
   * counts ('frameworks': a rollouts.v1 record without counts stays without them).
   */
  estimateTokens?: boolean | 'frameworks';
  /** Read every row (JSON object, CSV / parquet / W&B table row) through this column mapping instead of detecting a format. */
  mapping?: ColumnMapping;
}

export interface Importer {
  feed(text: string): void;
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

function keysOf(value: unknown): string {
  if (Array.isArray(value)) return 'a JSON array';
  if (typeof value !== 'object' || value === null) return `a JSON ${value === null ? 'null' : typeof value}`;
  const keys = Object.keys(value).slice(0, 8);
  return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.join(', ')}`;
}

export function createImporter(options: ImporterOptions = {}): Importer {
  const candidates: ImportAdapter[] = options.formats ? IMPORT_FORMATS.filter((f) => options.formats!.includes(f.id)) : [...IMPORT_FORMATS];
  const problems = new ProblemLog();
  const notes: string[] = [];
  const trajectories: RolloutTrajectoryV1[] = [];
  const sourceLines: Array<number | null> = [];
  const estimate = options.estimateTokens ?? true;
  let fileTurns = 0;
  let estimatedTurns = 0;
  let layout: JsonLayout | null = null;
  let head: string[] = [];
  let headLength = 0;
  let splitter: LineSplitter | ArraySplitter | null = null;
  let documentPieces: string[] | null = null;
  let adapter: ImportAdapter | null = null;
  let session: AdapterSession | null = null;
  let firstUnknown: string | null = null;
  let finished = false;

  const ctxFor = (l: JsonLayout) => ({
    fileName: options.fileName,
    layout: l,
    emit(record: RolloutTrajectoryV1, line: number | null) {
      const fill = estimate === true || (estimate === 'frameworks' && adapter?.id !== 'rollouts-v1');
      const [file, estimated] = fillTokenCounts(record, fill);
      fileTurns += file;
      estimatedTurns += estimated;
      trajectories.push(record);
      sourceLines.push(line);
    },
    problem: (line: number | null, reason: string) => problems.add(line, reason),
    note: (text: string) => notes.push(text),
  });

  function onValue(value: unknown, line: number): void {
    if (session === null) {
      const sample = { value, layout: layout!, fileName: options.fileName };
      adapter = candidates.find((f) => f.detect(sample)) ?? null;
      if (adapter === null) {
        firstUnknown ??= `line ${line} holds ${keysOf(value)}`;
        problems.add(line, `not a record of ${candidates.map((f) => f.label).join(' / ')} (${keysOf(value)})`);
        return;
      }
      session = adapter.open(ctxFor(layout!));
    }
    session.item(value, line);
  }

  function onText(text: string, line: number): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.add(line, `not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    onValue(value, line);
  }

  function decide(force: boolean): void {
    let text = head.join('');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const start = text.search(/\S/);
    if (start < 0 && !force) return;
    const first = start < 0 ? '' : text[start];
    if (first === '{') {
      const nl = text.indexOf('\n', start);
      if (nl < 0 && !force && headLength < HEAD_LIMIT) return;
      const firstLine = (nl < 0 ? text.slice(start) : text.slice(start, nl)).trim();
      layout = firstLine === '{' ? 'document' : 'lines';
    } else layout = first === '[' ? 'array' : 'lines';
    head = [];
    if (layout === 'document') documentPieces = [text];
    else {
      splitter = layout === 'array' ? new ArraySplitter(onText, (line, reason) => problems.add(line, reason)) : new LineSplitter(onText);
      splitter.push(text);
    }
  }

  return {
    feed(text: string): void {
      if (finished) throw new Error('feed after finish');
      if (splitter) splitter.push(text);
      else if (documentPieces) documentPieces.push(text);
      else {
        head.push(text);
        headLength += text.length;
        decide(false);
      }
    },

    progress: () => ({ groups: session?.groups() ?? 0, trajectories: trajectories.length, lines: splitter?.lines ?? 0 }),

    finish(): ImportResult {
      finished = true;
      if (layout === null) decide(true);
      if (splitter) splitter.finish();
      if (documentPieces) {
        const text = documentPieces.join('');
        documentPieces = null;
        onText(text, 1 + (text.slice(0, Math.max(0, text.search(/\S/))).match(/\n/g)?.length ?? 0));
      }
      session?.finish();
      if (adapter === null) {
        const why = firstUnknown ?? (problems.count > 0 ? `no line of it is valid JSON (${problems.list[0].reason})` : 'the file is empty');
        throw new ImportFormatError(`could not read the file as ${candidates.map((f) => f.label).join(' / ')}: ${why}`, why === 'the file is empty');
      }
      const found: ImportAdapter = adapter;
      if (layout === 'lines') notes.unshift('read as JSON Lines');
      else if (layout === 'array') notes.unshift('read as one JSON array');
      else notes.unshift('read as one JSON document');
      return {
        format: found.id,
        adapterLabel: found.label,
        trajectories,
        sourceLines,
        problems: problems.list,
        problemCount: problems.count,
        tokenCounts: estimatedTurns === 0 ? 'file' : fileTurns === 0 ? 'estimated' : 'mixed',
        notes,
        summary: summarizeTrajectories(trajectories),
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
