/**
 * Loops: a turn whose command repeats the previous turn's command (`examine fridge 1` twice in a
 * row). The loop-penalty reward charges for them and the trainer reports them per episode.
 */

/** 1 for each turn t ≥ 1 with a_t = a_{t−1}, else 0 (length = actions.length). */
export function repeatFlags(actions: readonly string[]): number[] {
  return actions.map((a, t) => (t > 0 && a === actions[t - 1] ? 1 : 0));
}

/** How many turns repeat the previous turn's command. */
export function countLoops(actions: readonly string[]): number {
  return repeatFlags(actions).reduce((s, x) => s + x, 0);
}
