/**
 * A set of small non-negative integers below a width, marked in a reused bitmap and taken out in
 * ascending order (which clears it). Taking scans the bitmap's words (32 indices each: 32 words for
 * 1,024 buckets) and only the set bits in them, so a use costs what it marks plus width/32, with no
 * sort and no allocation but the result. One instance serves one caller at a time: fill, then take.
 */
export class IndexSet {
  private words = new Uint32Array(0);
  private used = 0; // words of the current width
  private count = 0;

  /** Starts a use with indices in [0, width); the set must be empty (taken). */
  reset(width: number): void {
    this.used = (width + 31) >>> 5;
    if (this.words.length < this.used) this.words = new Uint32Array(this.used);
  }

  /** Marks i; true when it was not marked yet. */
  add(i: number): boolean {
    const w = i >>> 5;
    const bit = 1 << (i & 31);
    const x = this.words[w];
    if ((x & bit) !== 0) return false;
    this.words[w] = x | bit;
    this.count++;
    return true;
  }

  /** The marked indices in ascending order; clears the marks. */
  take(): Int32Array {
    return this.drain(new Int32Array(this.count));
  }

  /** The same as a plain array (what decoders hand on as allowed tokens and lookahead features). */
  takeArray(): number[] {
    return this.drain<number[]>([]); // filled in order: a packed array
  }

  private drain<T extends { [i: number]: number }>(out: T): T {
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
