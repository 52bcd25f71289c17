/**
 * L_{i,t} when a file has no token counts: an estimate from the response text, marked on the turn
 * as `response_tokens_estimated: true` so the UI can label it (src/core/io/README.md).
 *
 * estimateTokens(text) = Σ over pieces of the text:
 *   - a run of letters and digits of length n  → ⌈n / 6⌉   ("the" 1, "countertop" 2)
 *   - one CJK / kana / hangul character        → 1
 *   - one other non-space character (punctuation, symbols, "<" ">" "/" of tags) → 1
 *   whitespace counts 0; the result is at least 1 (L divides PlanPO's R^S).
 * It tracks BPE tokenizers (Qwen2.5, Llama 3) on English agent output to within roughly ±25%:
 * good enough to compare responses of one file with each other, not a tokenizer count.
 */
import type { RolloutTrajectoryV1 } from '../rollouts-v1';

const PIECES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}_]+|[^\s]/gu;
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export const WORD_CHARS_PER_TOKEN = 6;

export function estimateTokens(text: string): number {
  let total = 0;
  for (const match of text.matchAll(PIECES)) {
    const piece = match[0];
    if (piece.length === 1 || WIDE.test(piece)) total += 1;
    else if (/^[\p{L}\p{N}_]/u.test(piece)) total += Math.ceil(piece.length / WORD_CHARS_PER_TOKEN);
    else total += 1;
  }
  return Math.max(1, total);
}

/** Fills missing `response_tokens` with the estimate (and marks them); returns [file, estimated] turn counts. */
export function fillTokenCounts(record: RolloutTrajectoryV1): [number, number] {
  let file = 0;
  let estimated = 0;
  for (const turn of record.turns) {
    if (turn.response_tokens === undefined) {
      turn.response_tokens = estimateTokens(turn.response);
      turn.response_tokens_estimated = true;
      estimated++;
    } else if (turn.response_tokens_estimated === true) estimated++;
    else file++;
  }
  return [file, estimated];
}
