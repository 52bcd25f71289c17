/**
 * The policy's output vocabulary: a fixed list of token ids, word-level.
 *
 *   id 0            <pad>
 *   ids 1..4        <think> </think> <action> </action>
 *   next |θ| ids    thought tokens ("hmm", "so", ...): free words the policy may emit before acting
 *   next |W| ids    action words, collected from the environment's grammar (`probeActionWords`)
 *   last U ids      hashed buckets for action words the probe never saw (`<w0>` ... `<wU-1>`)
 *
 * Thought tokens carry no reward and change nothing in the world: they only cost response length
 * L_{i,t}. They model verbose reasoning; they are not reasoning.
 *
 * Gotchas:
 * - Two distinct unseen words can share a bucket. Constrained decoding then resolves the token
 *   sequence to the first admissible command that matches (sorted order), deterministically.
 * - The vocabulary is part of a checkpoint: the same env id always probes to the same list.
 */
import type { BaseEnvState, Split, TextEnv } from '../env/types';

export const PAD = 0;
export const THINK_OPEN = 1;
export const THINK_CLOSE = 2;
export const ACTION_OPEN = 3;
export const ACTION_CLOSE = 4;
const SPECIAL_TEXT = ['<pad>', '<think>', '</think>', '<action>', '</action>'];

export const DEFAULT_THOUGHTS = ['hmm', 'okay', 'so', 'first', 'then', 'maybe', 'check', 'next'];

/** Plain data (stored in checkpoints). */
export interface VocabularySpec {
  thoughts: string[];
  words: string[];
  unknownBuckets: number;
}

export interface Vocabulary extends VocabularySpec {
  size: number;
  /** First thought id; thought ids are [thoughtStart, thoughtStart + thoughts.length). */
  thoughtStart: number;
  /** First action-word id (words, then unknown buckets). */
  wordStart: number;
  /** Id of an action word (known word or its hashed bucket). */
  wordId(word: string): number;
  /** Text of a token id. */
  text(id: number): string;
  /** Token ids of an action command (split on whitespace). */
  encodeAction(command: string): number[];
  isThought(id: number): boolean;
  isWord(id: number): boolean;
}

/** FNV-1a, 32 bits (word buckets and feature hashing). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function splitWords(command: string): string[] {
  return command.trim().split(/\s+/).filter((w) => w.length > 0);
}

export function createVocabulary(spec: VocabularySpec): Vocabulary {
  const thoughtStart = SPECIAL_TEXT.length;
  const wordStart = thoughtStart + spec.thoughts.length;
  const bucketStart = wordStart + spec.words.length;
  const size = bucketStart + spec.unknownBuckets;
  const index = new Map<string, number>();
  spec.words.forEach((w, i) => index.set(w, wordStart + i));
  const wordId = (word: string): number => {
    const known = index.get(word);
    if (known !== undefined) return known;
    if (spec.unknownBuckets <= 0) throw new Error(`unknown action word "${word}" and no unknown buckets`);
    return bucketStart + (fnv1a(word) % spec.unknownBuckets);
  };
  return {
    ...spec,
    size,
    thoughtStart,
    wordStart,
    wordId,
    text(id) {
      if (id < thoughtStart) return SPECIAL_TEXT[id];
      if (id < wordStart) return spec.thoughts[id - thoughtStart];
      if (id < bucketStart) return spec.words[id - wordStart];
      return `<w${id - bucketStart}>`;
    },
    encodeAction: (command) => splitWords(command).map(wordId),
    isThought: (id) => id >= thoughtStart && id < wordStart,
    isWord: (id) => id >= wordStart && id < size,
  };
}

export interface ProbeOptions {
  /** Resets per (task type, split); default 48. */
  seeds?: number;
  /** Steps along the oracle plan per reset; default 40. */
  maxSteps?: number;
}

/**
 * Every word of every admissible command met along oracle plans from a fixed set of resets
 * (seeds 0..n-1, every task type and split). Deterministic: depends only on the environment.
 */
export function probeActionWords<S extends BaseEnvState>(env: TextEnv<S>, options: ProbeOptions = {}): string[] {
  const seeds = options.seeds ?? 48;
  const maxSteps = options.maxSteps ?? 40;
  const words = new Set<string>();
  const add = (cmds: readonly string[]): void => cmds.forEach((c) => splitWords(c).forEach((w) => words.add(w)));
  const splits: readonly (Split | undefined)[] = env.splits.length > 0 ? env.splits : [undefined];
  for (const taskType of env.taskTypes) {
    for (const split of splits) {
      for (let seed = 0; seed < seeds; seed++) {
        let { state } = env.reset(seed, { taskType, split });
        const plan = env.solve(state);
        add(plan);
        for (let step = 0; step <= Math.min(plan.length, maxSteps); step++) {
          add(env.admissibleActions(state));
          if (step === plan.length || state.done) break;
          state = env.step(state, plan[step]).state;
        }
      }
    }
  }
  return [...words].sort();
}

/** The vocabulary for an environment: default thoughts, probed words, 16 unknown buckets. */
export function vocabularyForEnv<S extends BaseEnvState>(env: TextEnv<S>, options: ProbeOptions = {}): VocabularySpec {
  return { thoughts: [...DEFAULT_THOUGHTS], words: probeActionWords(env, options), unknownBuckets: 16 };
}
