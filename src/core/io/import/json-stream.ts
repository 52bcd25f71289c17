/**
 * Chunked JSON readers with line numbers, linear in the input: a JSON Lines splitter and a
 * top-level-array splitter that hands out one element's text at a time (so a 100 MB array never
 * exists as one parsed value). Neither re-scans what it has already seen; text that spans chunks is
 * kept as a list of pieces and joined once.
 */

/** Called with one complete piece of JSON text and the 1-based line it starts on. */
export type ValueSink = (text: string, line: number) => void;

/** Splits chunks into lines (LF or CRLF); blank lines are skipped. */
export class LineSplitter {
  private pieces: string[] = [];
  private line = 1;

  constructor(private readonly sink: ValueSink) {}

  /** Lines read so far (the one in progress included). */
  get lines(): number {
    return this.line;
  }

  push(chunk: string): void {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      let text = chunk.slice(start, nl);
      if (this.pieces.length > 0) {
        this.pieces.push(text);
        text = this.pieces.join('');
        this.pieces = [];
      }
      this.emit(text);
      this.line++;
      start = nl + 1;
    }
    if (start < chunk.length) this.pieces.push(chunk.slice(start));
  }

  finish(): void {
    if (this.pieces.length > 0) this.emit(this.pieces.join(''));
    this.pieces = [];
  }

  private emit(raw: string): void {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() !== '') this.sink(text, this.line);
  }
}

const enum Ch {
  Newline = 10,
  Space = 32,
  Quote = 34,
  Comma = 44,
  Backslash = 92,
  OpenBracket = 91,
  CloseBracket = 93,
  OpenBrace = 123,
  CloseBrace = 125,
}

const isSpace = (c: number): boolean => c === Ch.Space || c === Ch.Newline || c === 9 || c === 13;

/**
 * Splits a top-level JSON array `[v0, v1, ...]` into its elements' texts as they complete. Strings
 * and nesting are tracked so commas and brackets inside them do not split. Malformed structure is
 * reported through `problem` at the end (`finish`), with the line where the broken element began.
 */
export class ArraySplitter {
  private depth = 0;
  private inString = false;
  private escape = false;
  private inElement = false;
  private scalar = false;
  private closed = false;
  private startLine = 1;
  private line = 1;
  private pieces: string[] = [];
  private trailing = false;

  constructor(
    private readonly sink: ValueSink,
    private readonly problem: (line: number, reason: string) => void,
  ) {}

  get lines(): number {
    return this.line;
  }

  push(chunk: string): void {
    let segStart = 0;
    const n = chunk.length;
    for (let i = 0; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (c === Ch.Newline) this.line++;
      if (this.inString) {
        if (this.escape) this.escape = false;
        else if (c === Ch.Backslash) this.escape = true;
        else if (c === Ch.Quote) {
          this.inString = false;
          if (this.inElement && this.depth === 1) segStart = this.end(chunk, segStart, i + 1);
        }
        continue;
      }
      if (this.closed) {
        if (!isSpace(c)) this.trailing = true;
        continue;
      }
      if (this.depth === 0) {
        if (c === Ch.OpenBracket) this.depth = 1;
        else if (!isSpace(c)) this.trailing = true;
        continue;
      }
      if (this.scalar) {
        if (c === Ch.Comma || c === Ch.CloseBracket || isSpace(c)) {
          segStart = this.end(chunk, segStart, i);
          if (c === Ch.CloseBracket) this.close();
        }
        continue;
      }
      if (!this.inElement) {
        if (isSpace(c) || c === Ch.Comma) continue;
        if (c === Ch.CloseBracket) {
          this.close();
          continue;
        }
        this.inElement = true;
        this.startLine = this.line;
        segStart = i;
        if (c === Ch.OpenBrace || c === Ch.OpenBracket) this.depth = 2;
        else if (c === Ch.Quote) this.inString = true;
        else this.scalar = true;
        continue;
      }
      if (c === Ch.Quote) this.inString = true;
      else if (c === Ch.OpenBrace || c === Ch.OpenBracket) this.depth++;
      else if (c === Ch.CloseBrace || c === Ch.CloseBracket) {
        this.depth--;
        if (this.depth === 1) segStart = this.end(chunk, segStart, i + 1);
      }
    }
    if (this.inElement) this.pieces.push(chunk.slice(segStart));
  }

  finish(): void {
    if (this.inElement) {
      if (this.scalar) this.end('', 0, 0);
      else this.problem(this.startLine, 'the JSON array ends inside this element (the file is cut short or a bracket is missing)');
    } else if (!this.closed && this.depth === 1) {
      this.problem(this.line, 'the JSON array is not closed with "]" (the file may be cut short)');
    }
    if (this.trailing) this.problem(this.line, 'text outside the top-level JSON array was ignored');
  }

  private close(): void {
    this.depth = 0;
    this.closed = true;
  }

  /** Emits the element that ends at chunk[endExclusive - 1]; returns the next segment start. */
  private end(chunk: string, segStart: number, endExclusive: number): number {
    let text = chunk.slice(segStart, endExclusive);
    if (this.pieces.length > 0) {
      this.pieces.push(text);
      text = this.pieces.join('');
      this.pieces = [];
    }
    this.inElement = false;
    this.scalar = false;
    this.depth = 1;
    this.sink(text, this.startLine);
    return endExclusive;
  }
}
