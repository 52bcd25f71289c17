/**
 * shop-v0 search engine: a token-overlap ranker standing in for WebShop's Lucene/BM25 index.
 * A query token found in a product's title scores 2, found only in its attributes or
 * description scores 1; products scoring 0 are not returned. Ties keep catalogue order.
 * At most 50 hits (`SEARCH_RETURN_N`), shown 10 per page (`PRODUCT_WINDOW`).
 */
import { catalog, type Product } from './catalog';

export const SEARCH_RETURN_N = 50;
export const PRODUCT_WINDOW = 10;

export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9-]+/g) ?? [];
}

function relevance(queryTokens: readonly string[], product: Product): number {
  const title = new Set(tokens(product.title));
  const body = new Set(tokens(`${product.attributes.join(' ')} ${product.description}`));
  let score = 0;
  for (const token of queryTokens) score += title.has(token) ? 2 : body.has(token) ? 1 : 0;
  return score;
}

const memo = new Map<string, readonly Product[]>();

/** Ranked hits for `query` in the catalogue of `size` products (memoized; pure). */
export function search(size: number, query: string): readonly Product[] {
  const key = `${size}\u0000${query}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const queryTokens = [...new Set(tokens(query))];
  const scored = catalog(size)
    .map((product, index) => ({ product, index, score: relevance(queryTokens, product) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, SEARCH_RETURN_N)
    .map((s) => s.product);
  if (memo.size > 5000) memo.clear();
  memo.set(key, scored);
  return scored;
}

/** The products shown on results page `pageNum` (from 1). */
export function resultsPage(size: number, query: string, pageNum: number): readonly Product[] {
  return search(size, query).slice((pageNum - 1) * PRODUCT_WINDOW, pageNum * PRODUCT_WINDOW);
}
