/**
 * An exactly mergeable floating-point sum: Shewchuk's non-overlapping partials (the algorithm behind
 * Python's `math.fsum`). The partials represent the exact real sum of every value added; `value()`
 * rounds it once, correctly (round-half-even), so the result does not depend on the order the values
 * came in or on how they were split between sums that were later merged. Plain `+=` does: two parts
 * of a run summed separately and then added differ from one pass in the last bits.
 *
 * Written here because no maintained npm package offers a *mergeable* exact sum (the Kahan and
 * pairwise sums of @stdlib are compensated, not exact, and so still order-dependent).
 * Finite values only (a NaN or ±Infinity is refused by `add`).
 */
export class ExactSum {
  /** Non-overlapping, increasing magnitude; their real sum is the exact total. */
  private readonly partials: number[] = [];

  static from(partials: readonly number[]): ExactSum {
    const sum = new ExactSum();
    for (const p of partials) sum.add(p);
    return sum;
  }

  add(value: number): this {
    if (!Number.isFinite(value)) throw new RangeError(`ExactSum takes finite numbers, got ${value}`);
    const partials = this.partials;
    let x = value;
    let i = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j];
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    partials.length = i;
    partials.push(x);
    return this;
  }

  merge(other: ExactSum): this {
    for (const p of other.partials) this.add(p);
    return this;
  }

  /** The partials (for a part's state file); `ExactSum.from` reads them back exactly. */
  toJSON(): number[] {
    return this.partials.filter((p) => p !== 0);
  }

  /**
   * The exact sum rounded once to the nearest double (ties to even). A total of zero is +0 whatever
   * was added (even only −0s), so a sum read back from its partials, which drop zeros, is the same.
   */
  value(): number {
    const p = this.partials;
    let n = p.length;
    if (n === 0) return 0;
    let hi = p[--n];
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = p[--n];
      hi = x + y;
      lo = y - (hi - x);
      if (lo !== 0) break;
    }
    // Round half to even across the remaining partials: when lo is exactly half an ulp and the
    // partials below push the same way, the sum lies past the halfway point.
    if (n > 0 && ((lo < 0 && p[n - 1] < 0) || (lo > 0 && p[n - 1] > 0))) {
      const y = lo * 2;
      const x = hi + y;
      if (y === x - hi) hi = x;
    }
    return hi === 0 ? 0 : hi;
  }
}
