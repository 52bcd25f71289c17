/**
 * A plain-loop float64 reference for src/core/loss, written from the equations in
 * docs/algorithms/loss.md, independent of tfjs. Values and analytic gradients w.r.t. log π_θ.
 */
import type { AggMode, KlType } from '../../../src/core/loss';
import type { Matrix } from './helpers';

export interface RefClip {
  clipLow: number;
  clipHigh: number;
  clipRatioC: number;
}

/** Weight w[r][k] with agg(ℓ) = Σ w·ℓ (every mode is linear in ℓ): the gradient of agg w.r.t. ℓ. */
export function aggWeights(mask: Matrix, mode: AggMode): Matrix {
  const rows = mask.length;
  const width = mask[0].length;
  let total = 0;
  for (const row of mask) for (const m of row) total += m;
  return mask.map((row) => {
    let rowCount = 0;
    for (const m of row) rowCount += m;
    return row.map((m) => {
      if (mode === 'token-mean') return m / (total + 1e-8);
      if (mode === 'seq-mean-token-sum') return m / rows;
      if (mode === 'seq-mean-token-mean') return m / (rows * rowCount);
      return m / width;
    });
  });
}

export function refAggregate(loss: Matrix, mask: Matrix, mode: AggMode): number {
  let total = 0;
  let count = 0;
  let meanOfRowMeans = 0;
  for (let r = 0; r < loss.length; r++) {
    let rowSum = 0;
    let rowCount = 0;
    for (let k = 0; k < loss[r].length; k++) {
      rowSum += loss[r][k] * mask[r][k];
      rowCount += mask[r][k];
    }
    total += rowSum;
    count += rowCount;
    meanOfRowMeans += rowSum / rowCount / loss.length; // 0/0 = NaN for an empty row, as in verl
  }
  if (mode === 'token-mean') return total / (count + 1e-8);
  if (mode === 'seq-mean-token-sum') return total / loss.length;
  if (mode === 'seq-mean-token-mean') return meanOfRowMeans;
  return total / loss[0].length;
}

export function refKl(logProb: Matrix, refLogProb: Matrix, type: KlType): { value: Matrix; grad: Matrix } {
  const value: Matrix = [];
  const grad: Matrix = [];
  logProb.forEach((row, r) => {
    value.push([]);
    grad.push([]);
    row.forEach((lp, k) => {
      const d = lp - refLogProb[r][k];
      if (type === 'k1') {
        value[r].push(d);
        grad[r].push(1);
      } else if (type === 'abs') {
        value[r].push(Math.abs(d));
        grad[r].push(Math.sign(d));
      } else if (type === 'k2') {
        value[r].push(0.5 * d * d);
        grad[r].push(d);
      } else {
        const raw = Math.exp(-d) + d - 1;
        value[r].push(Math.min(10, Math.max(-10, raw)));
        grad[r].push(raw > 10 || raw < -10 ? 0 : 1 - Math.exp(-d));
      }
    });
  });
  return { value, grad };
}

export interface RefPolicyToken {
  loss: number;
  /** dℓ/d log π_θ */
  grad: number;
  clipped: boolean;
  lowerClipped: boolean;
}

/** One token of the dual-clipped surrogate, by cases. */
export function refPolicyToken(logProb: number, oldLogProb: number, adv: number, clip: RefClip): RefPolicyToken {
  const ratio = Math.exp(logProb - oldLogProb);
  const l1 = -adv * ratio;
  const clippedRatio = Math.min(1 + clip.clipHigh, Math.max(1 - clip.clipLow, ratio));
  const l2 = -adv * clippedRatio;
  let loss = Math.max(l1, l2);
  // Unclipped branch (which includes ρ inside the clip range): dℓ/dlog π = −A·ρ; clipped branch: 0.
  let grad = l1 >= l2 ? -adv * ratio : 0;
  const l3 = -adv * clip.clipRatioC;
  const lowerClipped = adv < 0 && loss > l3;
  if (lowerClipped) {
    loss = l3;
    grad = 0;
  }
  return { loss, grad, clipped: l2 > l1, lowerClipped };
}

export interface RefPolicyLoss {
  pgLoss: number;
  clipFraction: number;
  clipFractionLower: number;
  approxKl: number;
  lossMat: Matrix;
  grad: Matrix;
}

export function refPolicyLoss(logProb: Matrix, oldLogProb: Matrix, adv: Matrix, mask: Matrix, clip: RefClip, mode: AggMode): RefPolicyLoss {
  const tokens = logProb.map((row, r) => row.map((lp, k) => refPolicyToken(lp, oldLogProb[r][k], adv[r][k], clip)));
  const lossMat = tokens.map((row) => row.map((t) => t.loss));
  const w = aggWeights(mask, 'token-mean');
  const wMode = aggWeights(mask, mode);
  let clipFraction = 0;
  let clipFractionLower = 0;
  let approxKl = 0;
  tokens.forEach((row, r) =>
    row.forEach((t, k) => {
      clipFraction += w[r][k] * Number(t.clipped);
      clipFractionLower += w[r][k] * Number(t.lowerClipped);
      approxKl += w[r][k] * (oldLogProb[r][k] - logProb[r][k]);
    }),
  );
  const grad = tokens.map((row, r) => row.map((t, k) => wMode[r][k] * t.grad));
  return { pgLoss: refAggregate(lossMat, mask, mode), clipFraction, clipFractionLower, approxKl, lossMat, grad };
}
