/**
 * shop-v0 pages in WebShop's simple text mode: the visible strings of a page joined by ` [SEP] `,
 * and the lower-cased clickables of each page (`web_agent_text_env.py`).
 */
import { findProduct, type Product } from './catalog';
import { resultsPage, search } from './search';
import type { ShopState } from './state';

export const SEP = ' [SEP] ';

export const price = (p: Product) => `$${p.price.toFixed(2)}`;

/** `1.0`, `0.5`, `0.6667`: Python's float printing for the simple cases. */
export const formatScore = (score: number) => (Number.isInteger(score) ? score.toFixed(1) : String(Math.round(score * 1e4) / 1e4));

function currentProduct(state: ShopState): Product {
  const product = state.asin === null ? undefined : findProduct(state.catalogSize, state.asin);
  if (!product) throw new Error(`shop-v0: no product ${state.asin} in the catalogue`);
  return product;
}

function subPageText(state: ShopState, product: Product): string {
  if (state.page === 'description') return product.description;
  if (state.page === 'features') return product.features.join(SEP);
  return 'No reviews yet.';
}

function itemParts(product: Product): string[] {
  const options = Object.entries(product.options).flatMap(([dim, values]) => [dim, ...values]);
  return [
    '< Prev',
    ...options,
    product.title,
    `Price: ${price(product)}`,
    'Rating: N.A.',
    'Description',
    'Features',
    'Reviews',
    'Buy Now',
  ];
}

/** The observation for the page `state` shows. */
export function pageText(state: ShopState): string {
  const head = ['Instruction:', state.goal.instruction, 'Back to Search'];
  switch (state.page) {
    case 'search':
      return ['WebShop', 'Instruction:', state.goal.instruction, 'Search'].join(SEP);
    case 'results': {
      const total = search(state.catalogSize, state.query).length;
      const items = resultsPage(state.catalogSize, state.query, state.pageNum);
      return [
        ...head,
        `Page ${state.pageNum} (Total results: ${total})`,
        ...(state.pageNum > 1 ? ['< Prev'] : []),
        'Next >',
        ...items.flatMap((p) => [p.asin, p.title, price(p)]),
      ].join(SEP);
    }
    case 'item':
      return [...head, ...itemParts(currentProduct(state))].join(SEP);
    case 'description':
    case 'features':
    case 'reviews':
      return [...head, '< Prev', subPageText(state, currentProduct(state))].join(SEP);
    case 'done':
      return [
        'Thank you for shopping with us!',
        'Your code:',
        'None',
        '(Paste it in your MTurk interface.)',
        'Purchased',
        state.asin ?? '',
        'Your score (min 0.0, max 1.0)',
        formatScore(state.score),
      ].join(SEP);
  }
}

/** The lower-cased strings `click[...]` accepts on this page. */
export function clickables(state: ShopState): string[] {
  switch (state.page) {
    case 'search':
    case 'done':
      return [];
    case 'results': {
      const items = resultsPage(state.catalogSize, state.query, state.pageNum).map((p) => p.asin.toLowerCase());
      return ['back to search', ...(state.pageNum > 1 ? ['< prev'] : []), 'next >', ...items];
    }
    case 'item': {
      const values = Object.values(currentProduct(state).options).flat();
      return ['back to search', '< prev', 'description', 'features', 'reviews', 'buy now', ...values];
    }
    default:
      return ['back to search', '< prev'];
  }
}

/**
 * What the results page shows beside each ASIN it lists (`click[asin]` → `{Title} [SEP] {$price}`),
 * so a reader of the page (the policy's lookahead features) knows what a click would open.
 * Other pages' buttons and options are their own text.
 */
export function resultLabels(state: ShopState): Record<string, string> {
  if (state.page !== 'results') return {};
  const labels: Record<string, string> = {};
  for (const p of resultsPage(state.catalogSize, state.query, state.pageNum)) {
    labels[`click[${p.asin.toLowerCase()}]`] = `${p.title}${SEP}${price(p)}`;
  }
  return labels;
}
