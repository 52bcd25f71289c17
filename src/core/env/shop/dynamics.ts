/**
 * shop-v0 transitions: WebShop's `search[...]` / `click[...]` actions (`parse_action`: the
 * argument is lower-cased; `search` only where there is a search bar; `click` only on the
 * page's clickables). An invalid action returns null: the caller re-shows the same page.
 */
import { findProduct } from './catalog';
import { clickables } from './pages';
import { purchaseReward } from './reward';
import type { ShopState } from './state';

export interface ParsedAction {
  verb: string;
  arg: string;
}

export function parseAction(action: string): ParsedAction | null {
  const match = /^(.+)\[(.+)\]$/s.exec(action.trim());
  if (!match) return null;
  return { verb: match[1].trim().toLowerCase(), arg: match[2].trim().toLowerCase() };
}

function click(state: ShopState, target: string): ShopState {
  switch (target) {
    case 'back to search':
      return { ...state, page: 'search', query: '', pageNum: 1, asin: null, chosen: {} };
    case 'next >':
      return { ...state, pageNum: state.pageNum + 1 };
    case '< prev':
      if (state.page === 'results') return { ...state, pageNum: state.pageNum - 1 };
      if (state.page === 'item') return { ...state, page: 'results', asin: null, chosen: {} };
      return { ...state, page: 'item' };
    case 'description':
    case 'features':
    case 'reviews':
      return { ...state, page: target };
    case 'buy now': {
      const product = findProduct(state.catalogSize, state.asin!)!;
      const { reward } = purchaseReward(state.goal, product, state.chosen);
      return { ...state, page: 'done', score: reward };
    }
  }
  if (state.page === 'results') return { ...state, page: 'item', asin: target.toUpperCase(), chosen: {} };
  const product = findProduct(state.catalogSize, state.asin!)!;
  const dim = Object.keys(product.options).find((d) => product.options[d].includes(target))!;
  return { ...state, chosen: { ...state.chosen, [dim]: target } };
}

/** The state after `action` (turn counter untouched), or null when the action is invalid here. */
export function applyShopAction(state: ShopState, action: string): ShopState | null {
  const parsed = parseAction(action);
  if (!parsed) return null;
  if (parsed.verb === 'search') {
    if (state.page !== 'search' || parsed.arg.length === 0) return null;
    return { ...state, page: 'results', query: parsed.arg, pageNum: 1 };
  }
  if (parsed.verb !== 'click' || parsed.arg === 'search') return null;
  if (!clickables(state).includes(parsed.arg)) return null;
  return click(state, parsed.arg);
}

/** The listed actions: suggested searches on the search page, else one click per clickable. */
export function shopActions(state: ShopState): string[] {
  if (state.page === 'search') return state.suggestedQueries.map((q) => `search[${q}]`);
  return clickables(state).map((c) => `click[${c}]`);
}
