/**
 * What the policy reads, as sparse indices (plain numbers; the model turns them into tensors).
 *
 * Encoder: a hashed bag of word unigrams and bigrams over the prompt parts verl-agent's prompt
 * has (task, current observation, the last `historyLength` observation/action pairs, admissible
 * commands), each part salted so "apple" in the task and "apple" in the observation are different
 * features. Buckets: `hashBuckets`; a row's active features are scaled by 1/√n in the model.
 *
 * Task word order (`taskFeatures`): 'bag' (default) reads the task like every other part. A bag
 * cannot tell "If it is conductive, place it in the red box. If it is nonconductive, place it in
 * the blue box." from the same text with the colours swapped (each colour is four words from its
 * condition, so the unigrams and bigrams are the same). 'sentences' adds each task word tagged
 * with the number of its sentence (`task.s3` "red"), so which clause a word sits in is a feature.
 *
 * Copy features [K = 4, V]: for every action word v, whether v occurs in the task, the current
 * observation, the history's observations, the history's actions. The decoder gates them per
 * position, a tiny pointer mechanism ("take the object the task names"). A token whose text is not
 * a plain word (`click[original]`, `search[gluten`, `coffee]`) also occurs where one of its
 * argument words does (`tokenArgumentWords`), so bracketed grammars copy like plain ones.
 *
 * Lookahead features [J = 10, V] per decision (constrained decoding): for each allowed action token,
 * whether an admissible command reachable through it names ≥ 1 / ≥ 2 task words, and which of the
 * task's first 8 words it contains; gated like the copy features. They let "choose the verb whose
 * commands mention the task's object" generalize across object types.
 *
 * Decoder features, one row per decision: the previous token, the bag of action words already
 * written, and the position in the response (capped at maxPositions − 1).
 */
import { fnv1a, type Vocabulary } from './vocabulary';

/** How the encoder reads the task text (a declared run setting, `taskFeatures`). */
export const TASK_FEATURES = ['bag', 'sentences'] as const;
export type TaskFeatures = (typeof TASK_FEATURES)[number];

export interface HistoryEntry {
  observation: string;
  action: string;
}

/** One turn's prompt, as verl-agent builds it (step-independent, no dialogue concatenation). */
export interface PolicyInput {
  task: string;
  observation: string;
  /** Oldest first, at most `historyLength` entries. */
  history: readonly HistoryEntry[];
  admissible: readonly string[];
}

export const COPY_KINDS = 4;
/**
 * Lookahead kinds per decision (decoding.ts): a reachable command names ≥ 1 / ≥ 2 task words, and
 * one kind per task-word position (TASK_SLOTS = 8).
 */
export const LOOKAHEAD_KINDS = 2 + 8;

export interface FeatureDims {
  hashBuckets: number;
  vocabSize: number;
  maxPositions: number;
  /** How the encoder reads the task; absent = 'bag'. */
  taskFeatures?: TaskFeatures;
}

/** Width of a decoder feature row: prev token (V) + action bag (V) + position (P). */
export function decoderWidth(d: FeatureDims): number {
  return 2 * d.vocabSize + d.maxPositions;
}

export function textWords(text: string): string[] {
  return text.toLowerCase().replace(/[^a-z0-9/]+/g, ' ').trim().split(' ').filter((w) => w.length > 0);
}

function hash(salt: string, text: string): number {
  return fnv1a(`${salt}\u0001${text}`);
}

const CACHE_LIMIT = 50_000;

/**
 * `compute` memoised per text, bounded: the table starts over past CACHE_LIMIT texts. Only for
 * pure functions, so only speed depends on it.
 */
function textMemo<V>(compute: (text: string) => V): (text: string) => V {
  const table = new Map<string, V>();
  return (text) => {
    let value = table.get(text);
    if (value === undefined) {
      value = compute(text);
      if (table.size >= CACHE_LIMIT) table.clear();
      table.set(text, value);
    }
    return value;
  };
}

/**
 * The raw n-gram hashes of a text, memoised per salt: prompts repeat the same commands,
 * observations and task across turns and group members, and hashing them is most of a prompt's cost.
 */
const NGRAMS = new Map<string, (text: string) => Uint32Array>();

function ngramHashes(salt: string, text: string): Uint32Array {
  return ngramMemo(salt)(text);
}

/** ngramHashes of one salt, for a caller that reads many texts under it. */
function ngramMemo(salt: string): (text: string) => Uint32Array {
  let memo = NGRAMS.get(salt);
  if (!memo) {
    memo = textMemo((t) => {
      const words = textWords(t);
      const out: number[] = [];
      for (let i = 0; i < words.length; i++) {
        out.push(hash(salt, words[i]));
        if (i + 1 < words.length) out.push(hash(salt, `${words[i]} ${words[i + 1]}`));
      }
      return Uint32Array.from(out);
    });
    NGRAMS.set(salt, memo);
  }
  return memo;
}

/** The task's sentences, split after `.`, `!` or `?` (empty ones dropped). */
export function sentences(text: string): string[] {
  return text.split(/[.!?]+/).map((s) => s.trim()).filter((s) => textWords(s).length > 0);
}

/** Each word of a text tagged with its sentence's number (0-based): hash('task.s<k>', word), memoised. */
const sentenceTagged = textMemo((text: string) =>
  Uint32Array.from(sentences(text).flatMap((sentence, k) => textWords(sentence).map((w) => hash(`task.s${k}`, w)))));

/**
 * Marks indices once each and returns them sorted: a reused bitmap, cleared after each use. Taking
 * scans the bitmap's words (32 indices each: 32 words for 1,024 buckets) and only the set bits in
 * them, so a prompt costs its own features plus width/32, with no sort.
 */
class IndexSet {
  private words = new Uint32Array(0);
  private used = 0; // words of the current width
  private count = 0;

  reset(width: number): void {
    this.used = (width + 31) >>> 5;
    if (this.words.length < this.used) this.words = new Uint32Array(this.used);
  }

  add(i: number): void {
    const w = i >>> 5;
    const bit = 1 << (i & 31);
    const x = this.words[w];
    if ((x & bit) === 0) {
      this.words[w] = x | bit;
      this.count++;
    }
  }

  /** The marked indices in ascending order; clears the marks. */
  take(): Int32Array {
    const out = new Int32Array(this.count);
    const words = this.words;
    let at = 0;
    for (let w = 0; w < this.used; w++) {
      let x = words[w] | 0;
      if (x === 0) continue;
      words[w] = 0;
      while (x !== 0) {
        const low = x & -x; // the lowest set bit
        out[at++] = (w << 5) + 31 - Math.clz32(low);
        x ^= low;
      }
    }
    this.count = 0;
    return out;
  }
}

const ENCODER_SET = new IndexSet();
const COPY_SET = new IndexSet();

/** Sorted unique encoder feature indices in [0, hashBuckets). */
export function encoderFeatures(input: PolicyInput, hashBuckets: number, taskFeatures: TaskFeatures = 'bag'): Int32Array {
  const set = ENCODER_SET;
  set.reset(hashBuckets);
  const add = (salt: string, text: string) => {
    const hashes = ngramHashes(salt, text);
    for (let i = 0; i < hashes.length; i++) set.add(hashes[i] % hashBuckets);
  };
  set.add(hash('bias', `h${input.history.length}`) % hashBuckets);
  add('task', input.task);
  if (taskFeatures === 'sentences') for (const h of sentenceTagged(input.task)) set.add(h % hashBuckets);
  add('obs', input.observation);
  const n = input.history.length;
  input.history.forEach((h, i) => {
    const age = n - i; // 1 = the previous turn
    add(`h${age}o`, h.observation);
    add(`h${age}a`, h.action);
  });
  // the prompt's many commands: the memo looked up once and add's loop written out (through add, or a shared
  // bucketing closure, these prompts' features took ~10 % longer in a scratch loop over a rollout's 1,908 prompts)
  const admissible = ngramMemo('adm');
  for (let i = 0; i < input.admissible.length; i++) {
    const hashes = admissible(input.admissible[i]);
    for (let k = 0; k < hashes.length; k++) set.add(hashes[k] % hashBuckets);
  }
  return set.take();
}

/**
 * The words a non-plain action token stands for, as `textWords` reads text: the part after `[`
 * when the token has one (the verb of `click[original]` is left out), else the whole token.
 * Empty for plain words (`apple`, `in/on`), which match text as themselves.
 */
export function tokenArgumentWords(token: string): string[] {
  const plain = textWords(token);
  if (plain.length === 1 && plain[0] === token) return [];
  const open = token.indexOf('[');
  return open >= 0 ? textWords(token.slice(open + 1)) : plain;
}

const argumentIndex = new WeakMap<Vocabulary, Map<string, number[]>>();

/** word → ids of the known non-plain tokens whose argument words contain it (memoized per vocabulary). */
function tokensByArgumentWord(vocab: Vocabulary): Map<string, number[]> {
  const hit = argumentIndex.get(vocab);
  if (hit) return hit;
  const index = new Map<string, number[]>();
  vocab.words.forEach((token, i) => {
    for (const w of new Set(tokenArgumentWords(token))) index.set(w, [...(index.get(w) ?? []), vocab.wordStart + i]);
  });
  argumentIndex.set(vocab, index);
  return index;
}

/**
 * The token ids a text marks (its words' ids, then the non-plain tokens they are argument words
 * of), memoised per vocabulary: the same task, observations and actions recur across turns and
 * group members.
 */
const COPY_IDS = new WeakMap<Vocabulary, (text: string) => Int32Array>();

function copyIds(vocab: Vocabulary, text: string): Int32Array {
  let memo = COPY_IDS.get(vocab);
  if (!memo) {
    memo = textMemo((t) => {
      const byArgument = tokensByArgumentWord(vocab);
      const out: number[] = [];
      for (const w of textWords(t)) {
        out.push(vocab.wordId(w));
        for (const t2 of byArgument.get(w) ?? []) out.push(t2);
      }
      return Int32Array.from(out);
    });
    COPY_IDS.set(vocab, memo);
  }
  return memo(text);
}

/** Flat indices k·V + v of the active copy features [K, V], ascending. */
export function copyFeatures(input: PolicyInput, vocab: Vocabulary): Int32Array {
  const V = vocab.size;
  const set = COPY_SET;
  set.reset(COPY_KINDS * V);
  const mark = (k: number, text: string): void => {
    const ids = copyIds(vocab, text);
    for (let i = 0; i < ids.length; i++) set.add(k * V + ids[i]);
  };
  mark(0, input.task);
  mark(1, input.observation);
  for (const h of input.history) {
    mark(2, h.observation);
    mark(3, h.action);
  }
  return set.take();
}

/** Sparse decoder feature indices in [0, decoderWidth). */
export function decoderFeatures(d: FeatureDims, prevToken: number, actionWords: readonly number[], position: number): number[] {
  const out = [prevToken];
  for (const w of actionWords) out.push(d.vocabSize + w);
  out.push(2 * d.vocabSize + Math.min(position, d.maxPositions - 1));
  return out;
}
