/** "Did you mean": the closest known name to a mistyped one, for the CLI's flags and the share links' keys. */

/** Edit distance (insertions, deletions, substitutions, swaps of neighbours: optimal string alignment), for "did you mean". */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let beforePrevious = previous;
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j], beforePrevious[j - 2] + 1);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length];
}

/** The closest known name when it is close enough to be a typo (distance ≤ max(1, ⌊len/3⌋)), else null. */
export function closest(name: string, known: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== null && bestDistance <= Math.max(1, Math.floor(name.length / 3)) ? best : null;
}

/** " (did you mean X?)" or "" */
export function didYouMean(name: string, known: Iterable<string>, prefix = ''): string {
  const guess = closest(name, known);
  return guess === null ? '' : `; did you mean ${prefix}${guess}?`;
}
