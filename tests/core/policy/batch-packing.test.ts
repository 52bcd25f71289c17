/**
 * The update's decision batch runs the network on the N decisions packed (no padding to the longest
 * response); only the loss's [R, P] view is padded. Packing must not change a single bit of what the
 * network scores: a row's log-probs are the same alone, beside a longer row, or beside empty rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import fc from 'fast-check';
import { deriveSeed } from '../../../src/core/math';
import {
  buildDecisionBatch, copyFeatures, decoderFeatures, disposeDecisionBatch, encoderFeatures, Policy, scoreDecisions,
  vocabularyForEnv, type DecisionRow, type PolicyInput,
} from '../../../src/core/policy';
import { buttonEnv } from '../rollout/tiny-env';

const env = buttonEnv({ walk: true });
const spec = vocabularyForEnv(env, { seeds: 8 });
const options = { hidden: 16, hashBuckets: 64, maxPositions: 8 };
const input: PolicyInput = {
  task: 'press the red button.', observation: 'You are at the panel.', history: [], admissible: ['press red button', 'wait'],
};

let policy: Policy;
beforeAll(async () => {
  await tf.setBackend('wasm');
  policy = Policy.create(spec, options, deriveSeed(3, 'init'));
});
afterAll(() => policy.dispose());

/** A row of `n` decisions (tokens and allowed sets vary with k). */
function row(n: number): DecisionRow {
  const prompt = { encoder: encoderFeatures(input, options.hashBuckets), copy: copyFeatures(input, policy.vocab) };
  const decisions = Array.from({ length: n }, (_, k) => ({
    token: 2 + (k % 3), allowed: k % 2 === 0 ? [2, 3, 4, 5] : null,
    features: decoderFeatures(policy.dims, 1 + k, [], k + 1), lookahead: [3, policy.dims.vocabSize + 2 + (k % 4)],
  }));
  return { prompt, decisions };
}

async function scored(rows: DecisionRow[]): Promise<{ logProb: number[][]; packed: number; positions: number }> {
  const b = buildDecisionBatch(policy.dims, rows);
  const out = tf.tidy(() => scoreDecisions(policy.weights, b, 1).logProb);
  const data = Array.from(await out.data());
  out.dispose();
  const P = b.positions;
  disposeDecisionBatch(b);
  return { logProb: rows.map((r, i) => data.slice(i * P, i * P + r.decisions.length)), packed: b.decisions, positions: P };
}

describe('packed decision batches', () => {
  it('hold exactly the recorded decisions: 1 + 4 + 2 decisions are 7 packed rows, not 3 × 4 padded ones', async () => {
    const s = await scored([row(1), row(4), row(2)]);
    expect(s.packed).toBe(7);
    expect(s.positions).toBe(4);
  });

  it('keep one empty slot when no row has a decision, and score nothing', async () => {
    const s = await scored([row(0), row(0)]);
    expect(s.packed).toBe(1);
    expect(s.logProb).toEqual([[], []]);
  });

  it('score every row bit for bit as it scores alone, whatever rows surround it', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 5 }), async (lengths) => {
      const rows = lengths.map(row);
      const together = await scored(rows);
      for (let i = 0; i < rows.length; i++) {
        const alone = await scored([rows[i]]);
        expect(together.logProb[i]).toEqual(alone.logProb[0]);
      }
    }), { numRuns: 8 });
  });
});
