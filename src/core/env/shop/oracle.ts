/**
 * shop-v0 oracle: a shortest plan to a purchase with reward 1.0, by breadth-first search over
 * pages with the real transitions, skipping actions that never shorten a plan: sub-pages,
 * items that cannot score 1, option values the goal does not ask for, paging past the last hit,
 * and buying before the purchase would score 1.
 */
import { findProduct } from './catalog';
import { applyShopAction, shopActions } from './dynamics';
import { canSatisfy, purchaseReward } from './reward';
import { PRODUCT_WINDOW, search } from './search';
import type { ShopState } from './state';

function useful(state: ShopState, action: string): boolean {
  const target = action.slice('click['.length, -1);
  if (action.startsWith('search[')) return true;
  if (target === 'back to search' || target === '< prev') return true;
  if (state.page === 'results') {
    if (target === 'next >') return state.pageNum * PRODUCT_WINDOW < search(state.catalogSize, state.query).length;
    return canSatisfy(state.goal, findProduct(state.catalogSize, target)!);
  }
  if (state.page !== 'item') return false;
  const product = findProduct(state.catalogSize, state.asin!)!;
  if (target === 'buy now') return purchaseReward(state.goal, product, state.chosen).reward === 1;
  return Object.entries(state.goal.options).some(([dim, value]) => value === target && state.chosen[dim] !== value);
}

const key = (s: ShopState) => JSON.stringify([s.page, s.query, s.pageNum, s.asin, Object.entries(s.chosen).sort()]);

/** A shortest list of actions from `state` to a purchase scoring 1.0; [] once the episode is over. */
export function solveShop(state: ShopState): string[] {
  if (state.done) return [];
  const nodes: Array<{ state: ShopState; parent: number; action: string }> = [{ state, parent: -1, action: '' }];
  const seen = new Set([key(state)]);
  for (let head = 0; head < nodes.length; head++) {
    const current = nodes[head].state;
    for (const action of shopActions(current)) {
      if (!useful(current, action)) continue;
      const next = applyShopAction(current, action)!;
      const k = key(next);
      if (seen.has(k)) continue;
      seen.add(k);
      nodes.push({ state: next, parent: head, action });
      if (next.page === 'done') {
        const plan: string[] = [];
        for (let i = nodes.length - 1; i > 0; i = nodes[i].parent) plan.push(nodes[i].action);
        return plan.reverse();
      }
    }
  }
  throw new Error(`shop-v0: no purchase scores 1.0 for "${state.goal.instruction}"`);
}
