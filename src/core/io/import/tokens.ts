/**
 * L_{i,t} when a file has no token counts: the response's length under a real BPE tokenizer,
 * marked on the turn as `response_tokens_estimated: true` so the UI can label it
 * (src/core/io/README.md, docs/rollouts-v1.md "Estimated response lengths").
 *
 * estimateTokens(text) = |o200k_base BPE tokens of text|, at least 1 (L divides PlanPO's R^S).
 *
 * Details a reader could get wrong:
 * - The tokenizer is `gpt-tokenizer`'s o200k_base (the GPT-4o vocabulary), loaded through its
 *   per-encoding entry so only that one rank table is bundled, and only into the import worker.
 *   The run's own tokenizer (Qwen2.5, Llama 3, ...) is unknown to the file, so the count stays an
 *   approximation: a modern byte-level BPE with a large vocabulary, close to those on English and
 *   code, not the trainer's number.
 * - Special-token strings in the text (`<|im_end|>`, `<|endoftext|>`, which SkyRL's dumps keep)
 *   are counted as ordinary text, never rejected: the importer must not throw on a log's content.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { RolloutTrajectoryV1 } from '../rollouts-v1';

/** The encoding behind `estimateTokens`, for notes and docs. */
export const TOKEN_ESTIMATE_ENCODING = 'o200k_base';

const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** The response length in o200k_base BPE tokens (at least 1). */
export function estimateTokens(text: string): number {
  return Math.max(1, countTokens(text, AS_TEXT));
}

/**
 * What to do with a turn whose `response_tokens` is missing: 'estimate' it (and mark it estimated),
 * 'skip' it (counted as neither), or leave it missing but count it as 'estimated-later' (a reader
 * that defers the estimates, `ImporterOptions.deferEstimates`; the import session fills them in).
 */
export type MissingCount = 'estimate' | 'skip' | 'estimated-later';

/** Fills missing `response_tokens` as `missing` says; returns the [file, estimated] turn counts. */
export function fillTokenCounts(record: RolloutTrajectoryV1, missing: MissingCount = 'estimate'): [number, number] {
  let file = 0;
  let estimated = 0;
  for (const turn of record.turns) {
    if (turn.response_tokens === undefined) {
      if (missing === 'skip') continue;
      if (missing === 'estimate') {
        turn.response_tokens = estimateTokens(turn.response);
        turn.response_tokens_estimated = true;
      }
      estimated++;
    } else if (turn.response_tokens_estimated === true) estimated++;
    else file++;
  }
  return [file, estimated];
}
