/**
 * shop-v0 state and goal: plain data. The catalogue is not copied into the state; it is a pure
 * function of `catalogSize` (see catalog.ts).
 */
import type { BaseEnvState, Split } from '../types';

export const SHOP_TASK_TYPES = ['beauty', 'grocery', 'fashion', 'furniture', 'electronics'] as const;
export type ShopTaskType = (typeof SHOP_TASK_TYPES)[number];

export interface ShopGoal {
  /** The product the goal was written from (others may satisfy it too). */
  asin: string;
  category: string;
  type: string;
  attributes: string[];
  /** Option dimension -> wanted value. */
  options: Record<string, string>;
  /** `price lower than {priceUpper} dollars`. */
  priceUpper: number;
  /** The instruction text shown on every page. */
  instruction: string;
}

export type ShopPage = 'search' | 'results' | 'item' | 'description' | 'features' | 'reviews' | 'done';

export interface ShopState extends BaseEnvState {
  taskType: ShopTaskType;
  split: Split;
  catalogSize: number;
  goal: ShopGoal;
  /** The search actions listed on the search page (the goal's query first, then product types). */
  suggestedQueries: string[];
  page: ShopPage;
  /** Last search (lower case). */
  query: string;
  /** Results page number, from 1. */
  pageNum: number;
  /** Item being viewed (upper-case ASIN), or null. */
  asin: string | null;
  /** Options clicked on the current item: dimension -> value. Invisible in the page text. */
  chosen: Record<string, string>;
  /** WebShop's raw reward of the purchase (0..1); 0 before buying. */
  score: number;
}
