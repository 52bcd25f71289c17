/**
 * Early stop at a success target: a run may end once the mean training success of its last
 * `window` iterations reaches `threshold` (the CLI's `--stop-at-success X --stop-window N`).
 * Pure: it reads the success rates logged so far, oldest first.
 */
export interface SuccessStop {
  threshold: number;
  window: number;
}

/** Mean of the last `window` success rates, or null while fewer than `window` are logged. */
export function trailingSuccess(rates: readonly number[], window: number): number | null {
  if (!Number.isInteger(window) || window < 1) throw new RangeError(`window must be a positive integer, got ${window}`);
  if (rates.length < window) return null;
  let sum = 0;
  for (let i = rates.length - window; i < rates.length; i++) sum += rates[i];
  return sum / window;
}

/** True once the trailing mean over `stop.window` iterations is ≥ `stop.threshold`. */
export function reachedSuccess(rates: readonly number[], stop: SuccessStop): boolean {
  const mean = trailingSuccess(rates, stop.window);
  return mean !== null && mean >= stop.threshold;
}
