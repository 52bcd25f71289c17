/**
 * One response, token by token: `<think> θ… </think><action> w… </action>`.
 *
 * Constrained decoding (default) allows only tokens that keep the response well formed and the
 * action a prefix of an admissible command: `<think>`, then thought tokens or `</think>` (at most
 * `maxThinkTokens` thoughts), `<action>`, words that extend some admissible command, and
 * `</action>` once the words spell a whole command. Tokens with a single allowed value are forced:
 * they count in L_{i,t} but carry no choice (log-prob 0, no gradient).
 *
 * Free decoding allows every token at every position until `</action>` or `maxResponseTokens`;
 * the environment judges the result (an inadmissible command gives `Nothing happens.`), and a
 * response without both tag pairs is format-invalid (verl-agent's is_action_valid, penalty 0.1).
 */
import { textWords } from './features';
import {
  ACTION_CLOSE, ACTION_OPEN, PAD, THINK_CLOSE, THINK_OPEN, splitWords, type Vocabulary,
} from './vocabulary';

export type DecodingMode = 'constrained' | 'free';

/** Task words the lookahead features track by position. */
export const TASK_SLOTS = 8;

export interface DecodeLimits {
  maxThinkTokens: number;
  /** Hard cap on response length (free decoding; constrained responses end on their own). */
  maxResponseTokens: number;
}

type Phase = 'start' | 'think' | 'between' | 'action' | 'done';

/** A command's token ids and the words the lookahead reads in it and its label (read-only, shared). */
interface CommandEntry {
  tokens: readonly number[];
  words: ReadonlySet<string>;
  /** The last task this command was matched against (by identity: an episode splits its task once) and what matched. */
  task?: { words: readonly string[]; overlap: number; slots: number };
}

/** How many distinct task words `entry` names, and which of the first TASK_SLOTS it names (bit j = word j). */
function taskMatch(entry: CommandEntry, taskWords: readonly string[]): { overlap: number; slots: number } {
  if (entry.task?.words === taskWords) return entry.task;
  const w = entry.words;
  const overlap = new Set(taskWords.filter((t) => w.has(t))).size;
  let slots = 0;
  for (let j = 0; j < Math.min(TASK_SLOTS, taskWords.length); j++) if (w.has(taskWords[j])) slots |= 1 << j;
  entry.task = { words: taskWords, overlap, slots };
  return entry.task;
}

const THOUGHT_TOKENS = new WeakMap<Vocabulary, number[]>();

/** </think> and every thought token, ascending: what a thought may continue with (shared, read-only). */
function thoughtTokens(vocab: Vocabulary): number[] {
  let out = THOUGHT_TOKENS.get(vocab);
  if (!out) {
    out = [THINK_CLOSE];
    for (let i = 0; i < vocab.thoughts.length; i++) out.push(vocab.thoughtStart + i);
    THOUGHT_TOKENS.set(vocab, out);
  }
  return out;
}

const COMMAND_LIMIT = 50_000;
const COMMANDS = new WeakMap<Vocabulary, Map<string, CommandEntry>>();

/**
 * `command`'s entry, memoised per vocabulary: a group's members and its turns see the same
 * admissible commands again and again, and splitting them was most of what a decoder allocated.
 * Pure, so only speed depends on it; the table starts over past COMMAND_LIMIT commands.
 */
function commandEntry(vocab: Vocabulary, table: Map<string, CommandEntry>, command: string, label: string): CommandEntry {
  const key = label === '' ? command : `${command}\u0000${label}`; // commands hold no NUL
  let entry = table.get(key);
  if (entry === undefined) {
    entry = { tokens: vocab.encodeAction(command), words: new Set([...splitWords(command), ...textWords(`${command} ${label}`)]) };
    if (table.size >= COMMAND_LIMIT) table.clear();
    table.set(key, entry);
  }
  return entry;
}

/**
 * Scratch tables indexed by token id, shared by every decoder (a call fills and clears what it
 * uses before it returns): which tokens a call has seen (`marks`), and lookahead's per-token
 * maximum task-word count (`most`) and task-word slots (`bits`).
 */
const TOKEN_SCRATCH = { marks: new Uint8Array(256), most: new Int32Array(256), bits: new Int32Array(256) };

/** TOKEN_SCRATCH, grown to at least V tokens. */
function tokenScratch(V: number): { readonly marks: Uint8Array; readonly most: Int32Array; readonly bits: Int32Array } {
  if (TOKEN_SCRATCH.marks.length < V) {
    TOKEN_SCRATCH.marks = new Uint8Array(V);
    TOKEN_SCRATCH.most = new Int32Array(V);
    TOKEN_SCRATCH.bits = new Int32Array(V);
  }
  return TOKEN_SCRATCH;
}

/** Sorts a short list of numbers ascending, in place (an insertion sort: Array#sort allocates a work copy). */
function sortAscending(a: number[]): number[] {
  for (let i = 1; i < a.length; i++) {
    const x = a[i];
    let j = i - 1;
    for (; j >= 0 && a[j] > x; j--) a[j + 1] = a[j];
    a[j + 1] = x;
  }
  return a;
}

export class ResponseDecoder {
  readonly tokens: number[] = [];
  /** Action-word ids since `<action>` (the decoder's "bag" feature). */
  readonly actionWords: number[] = [];
  private phase: Phase = 'start';
  private thinkCount = 0;
  /** Indices into `commands` still consistent with the action prefix. */
  private live: number[];
  private readonly commandTokens: ReadonlyArray<readonly number[]>;

  /** Per command: how many distinct task words it contains, and which task-word slots (bit j = word j). */
  private readonly overlap: number[];
  private readonly slots: number[];

  /**
   * `taskWords`: the task's words in order (lookahead features; see `lookahead()`). `labels`: the
   * page text shown with each command's target, parallel to `commands` (an env's
   * `commandLabels`, e.g. a product title beside its ASIN); the lookahead reads a command's words
   * (in `textWords` form, so `click[original]` names `original`) plus its label's.
   */
  constructor(
    private readonly vocab: Vocabulary,
    private readonly commands: readonly string[],
    private readonly mode: DecodingMode,
    private readonly limits: DecodeLimits,
    taskWords: readonly string[] = [],
    labels: readonly string[] = [],
  ) {
    let table = COMMANDS.get(vocab);
    if (!table) COMMANDS.set(vocab, (table = new Map()));
    const entries = mode === 'constrained' ? commands.map((c, i) => commandEntry(vocab, table, c, labels[i] ?? '')) : [];
    this.commandTokens = entries.map((e) => e.tokens);
    this.live = entries.map((_, i) => i);
    const matches = entries.map((e) => taskMatch(e, taskWords));
    this.overlap = matches.map((m) => m.overlap);
    this.slots = matches.map((m) => m.slots);
  }

  get done(): boolean {
    return this.phase === 'done';
  }

  /**
   * Allowed next tokens, ascending; `null` means every token but <pad> (free decoding). The array
   * may be shared with other calls (a thought's tokens): read it, never change it.
   */
  allowed(): number[] | null {
    if (this.mode === 'free') return null;
    switch (this.phase) {
      case 'start':
        return [THINK_OPEN];
      case 'think': {
        if (this.thinkCount >= this.limits.maxThinkTokens) return [THINK_CLOSE];
        return thoughtTokens(this.vocab);
      }
      case 'between':
        return [ACTION_OPEN];
      case 'action':
        return this.actionContinuations();
      case 'done':
        return [];
    }
  }

  private actionContinuations(): number[] {
    const k = this.actionWords.length;
    const { marks } = tokenScratch(this.vocab.size);
    const next: number[] = [];
    for (let j = 0; j < this.live.length; j++) {
      const seq = this.commandTokens[this.live[j]];
      const v = seq.length === k ? ACTION_CLOSE : seq[k];
      if (marks[v] === 0) {
        marks[v] = 1;
        next.push(v);
      }
    }
    for (let j = 0; j < next.length; j++) marks[next[j]] = 0;
    if (next.length === 0) next.push(ACTION_CLOSE); // no admissible command at all
    return sortAscending(next);
  }

  /**
   * Lookahead features of the next decision, sparse flat indices j·V + v. For each allowed action
   * token v, over the admissible commands reachable through v: j = 0 / 1: some command names ≥ 1 /
   * ≥ 2 distinct task words; j = 2 + s: some command contains the task's word number s (s < 8), so
   * the gate can tell the task's object from its receptacle. Constrained decoding, action span only.
   */
  lookahead(): number[] {
    if (this.mode !== 'constrained' || this.phase !== 'action') return [];
    const V = this.vocab.size;
    const k = this.actionWords.length;
    // per next token v: the most task words of a command through v, and the task-word slots they name
    const { marks, most, bits: bitsOf } = tokenScratch(V);
    const tokens: number[] = [];
    for (let j = 0; j < this.live.length; j++) {
      const i = this.live[j];
      const seq = this.commandTokens[i];
      const v = seq.length === k ? ACTION_CLOSE : seq[k];
      if (marks[v] === 0) {
        marks[v] = 1;
        tokens.push(v);
        most[v] = 0;
        bitsOf[v] = 0;
      }
      most[v] = Math.max(most[v], this.overlap[i]);
      bitsOf[v] |= this.slots[i];
    }
    const out: number[] = [];
    for (let t = 0; t < tokens.length; t++) {
      const v = tokens[t];
      marks[v] = 0;
      if (most[v] >= 1) out.push(v);
      if (most[v] >= 2) out.push(V + v);
      for (let s = 0; s < TASK_SLOTS; s++) if (bitsOf[v] & (1 << s)) out.push((2 + s) * V + v);
    }
    return sortAscending(out);
  }

  push(token: number): void {
    if (this.phase === 'done') throw new Error('push() after the response ended');
    this.tokens.push(token);
    if (this.mode === 'free') {
      if (token === ACTION_OPEN) this.actionWords.length = 0;
      else if (this.vocab.isWord(token)) this.actionWords.push(token);
      if (token === ACTION_CLOSE || this.tokens.length >= this.limits.maxResponseTokens) this.phase = 'done';
      return;
    }
    if (this.phase === 'start') this.phase = 'think';
    else if (this.phase === 'think') {
      if (token === THINK_CLOSE) this.phase = 'between';
      else this.thinkCount++;
    } else if (this.phase === 'between') this.phase = 'action';
    else if (this.phase === 'action') {
      if (token === ACTION_CLOSE) this.phase = 'done';
      else {
        const k = this.actionWords.length;
        this.actionWords.push(token);
        this.live = this.live.filter((i) => this.commandTokens[i][k] === token);
      }
    }
  }

  /** The admissible command the constrained response spells (first match), or null. */
  constrainedCommand(): string | null {
    const k = this.actionWords.length;
    const hit = this.live.find((i) => this.commandTokens[i].length === k);
    return hit === undefined ? null : this.commands[hit];
  }
}

/** `<think>hmm so</think><action>go to countertop 1</action>`: tags hug, words are space-separated. */
export function renderResponse(vocab: Vocabulary, tokens: readonly number[]): string {
  let out = '';
  let prevWord = false;
  for (const id of tokens) {
    if (id === PAD) continue;
    const isTag = id <= ACTION_CLOSE;
    if (!isTag && prevWord) out += ' ';
    out += vocab.text(id);
    prevWord = !isTag;
  }
  return out;
}

export interface ParsedResponse {
  /** The command sent to the environment. */
  action: string;
  /** Both tag pairs present in order (verl-agent's is_action_valid). */
  formatValid: boolean;
}

/** verl-agent's projection: the text inside <action></action>, else the response's last 30 characters. */
export function parseFreeResponse(vocab: Vocabulary, tokens: readonly number[]): ParsedResponse {
  const at = (id: number, from = 0): number => tokens.indexOf(id, from);
  const tOpen = at(THINK_OPEN);
  const tClose = tOpen >= 0 ? at(THINK_CLOSE, tOpen) : -1;
  const aOpen = at(ACTION_OPEN, Math.max(tClose, 0));
  const aClose = aOpen >= 0 ? at(ACTION_CLOSE, aOpen) : -1;
  const formatValid = tOpen >= 0 && tClose > tOpen && aOpen > tClose && aClose > aOpen;
  const firstOpen = at(ACTION_OPEN);
  const firstClose = firstOpen >= 0 ? at(ACTION_CLOSE, firstOpen) : -1;
  if (firstOpen >= 0 && firstClose > firstOpen) {
    const words = tokens.slice(firstOpen + 1, firstClose).map((id) => vocab.text(id));
    return { action: splitWords(words.join(' ')).join(' '), formatValid };
  }
  return { action: renderResponse(vocab, tokens).slice(-30), formatValid };
}
