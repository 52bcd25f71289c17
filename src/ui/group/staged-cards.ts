/**
 * While a new group replaces the one on screen (a live run's next iteration), the trajectory cards
 * switch over a few per frame, in display order, instead of all in one main-thread task: a card
 * shows the new group's data once its stage has come, and until then exactly what it showed
 * before (the same objects, so its memoised component skips the render). A member that had no card
 * (a run's first group, or a group that grew) is drawn when its stage comes: a first group of eight
 * cards laid out in one frame was the longest task left while two runs train. Pure.
 */

/** What one trajectory card is drawn from; `bound` is the bar scale it was drawn with. */
export interface CardData<R, V, L> {
  record: R;
  verdict: V;
  lanes: L;
  bound: number;
}

/**
 * Per member, the card data to draw: `next[i]` when member i is among the first `switched` of
 * `order`, otherwise `previous[i]`, which is undefined (no card yet) for a member that had none.
 */
export function stagedCards<C>(previous: ReadonlyArray<C> | null, next: readonly C[], order: readonly number[], switched: number): Array<C | undefined> {
  const done = new Set(order.slice(0, Math.max(0, switched)));
  return next.map((card, i) => (done.has(i) ? card : previous?.[i]));
}
