/**
 * A gameable proxy: a keyword checker that pays when the task's words show up in what the agent
 * sees, as a naive "is it making progress?" judge would.
 *
 *   r_{i,t} = m · |K ∩ words(o_{t+1})| / |K|,   K = the task's content words
 *
 * (`put a apple in fridge` → K = {apple, fridge}; o_{t+1} is the step's feedback). It never
 * checks the goal. An agent that keeps the task's object in view (examining the receptacle the
 * apple lies on, or `inventory` while holding it) is paid every turn, while finishing the task
 * ends the episode and the payments with it: optimizing this proxy can lower true success.
 *
 * Details a reader could get wrong (pinned in tests/core/reward/keyword-proxy.test.ts):
 * - Words are lower-cased runs of letters; numbers (`apple 1`) do not matter.
 * - Function words and task verbs (a, the, in, put, ...) are not keywords.
 * - A task with no content words pays nothing.
 */
import { numberParam } from '../params/spec';
import type { RewardFunction } from './types';

export interface KeywordProxyParams {
  /** m: pay of a turn whose feedback holds every keyword. */
  mentionPay: number;
}

const STOP_WORDS = new Set([
  'a', 'an', 'the', 'some', 'in', 'on', 'at', 'to', 'of', 'with', 'under', 'and', 'it', 'them', 'two',
  'put', 'find', 'look', 'examine', 'buy', 'get', 'for', 'from', 'your', 'task', 'is', 'then',
]);

/** Lower-cased letter runs. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z]+/g) ?? [];
}

/** K: the task's distinct content words, in order. */
export function taskKeywords(task: string): string[] {
  return [...new Set(wordsOf(task).filter((w) => w.length > 1 && !STOP_WORDS.has(w)))];
}

/** Share of the keywords present in `text` (0 when there are none). */
export function keywordShare(keywords: readonly string[], text: string): number {
  if (keywords.length === 0) return 0;
  const seen = new Set(wordsOf(text));
  return keywords.filter((k) => seen.has(k)).length / keywords.length;
}

export const keywordProxyReward: RewardFunction<KeywordProxyParams> = {
  id: 'keyword-proxy',
  label: 'Keyword checker (gameable proxy)',
  summary: "Pays each turn the task's words appear in the feedback. It never checks the goal, so it can be gamed.",
  equation: String.raw`r_{i,t} = m\,\frac{\lvert K \cap \mathrm{words}(o_{t+1})\rvert}{\lvert K\rvert},\quad K = \text{the task's content words}`,
  kind: 'proxy',
  usesChecks: false,
  params: [numberParam('mentionPay', 1, 0, 100, 'm (pay per mention)', 'paid on a turn whose feedback contains every task keyword (a share for some)')],
  defaults: { mentionPay: 1 },
  turnRewards(episode, p) {
    const keywords = taskKeywords(episode.task);
    return episode.turns.map((turn) => p.mentionPay * keywordShare(keywords, turn.feedback));
  },
};
