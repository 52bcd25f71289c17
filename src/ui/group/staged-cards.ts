/**
 * While a new group replaces the one on screen (a live run's next iteration), the trajectory cards
 * switch over a few per frame, in display order, instead of all in one main-thread task: a card
 * shows the new group's data once its stage has come, and until then exactly what it showed
 * before (the same objects, so its memoised component skips the render). Pure.
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
 * `order` or had no card before, `previous[i]` otherwise.
 */
export function stagedCards<C>(previous: ReadonlyArray<C> | null, next: readonly C[], order: readonly number[], switched: number): C[] {
  const done = new Set(order.slice(0, Math.max(0, switched)));
  return next.map((card, i) => (done.has(i) || previous?.[i] === undefined ? card : previous[i]));
}
