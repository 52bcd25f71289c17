/**
 * shop-v0: a miniature of WebShop, the web-shopping benchmark of the PlanPO paper.
 *
 * ## Description
 * A seeded catalogue (five categories, twenty product types, attributes, options, prices) behind
 * WebShop's page graph: search page, results (10 per page, at most 50 hits), item page with
 * options, description/features/reviews sub-pages, and `Buy Now`. The instruction asks for a
 * product type with attributes, option values and a price cap.
 *
 * ## Actions
 * `search[query]` on the search page and `click[x]` for a clickable of the current page
 * (lower-cased button texts, ASINs and option values). `admissibleActions` lists the clicks and,
 * on the search page, a few suggested queries (the instruction's words and each product type
 * of the category); `step` accepts any non-empty query, as WebShop does. Invalid actions re-show
 * the same page.
 *
 * ## Observation
 * The page's visible strings joined by ` [SEP] ` (WebShop's simple text mode). Clicked options
 * are not shown. `commandLabels` names, for each ASIN on a results page, the title and price shown
 * beside it.
 *
 * ## Reward
 * 10 on a purchase with WebShop reward 1.0 (verl-agent's scale), else 0. The raw WebShop reward
 * r_type · (attributes + options + price matched) / (|attributes| + |options| + 1) is kept in
 * `state.score` and printed on the final page.
 *
 * ## Episode end
 * On `click[buy now]`, or at `maxTurns` (default 15, at most 50).
 *
 * ## Options
 * `taskType` = category (`beauty`, `grocery`, `fashion`, `furniture`, `electronics`); `split`
 * (`unseen` asks for product types `seen` never asks for); `size` = catalogue size (20..500,
 * default 60); `maxTurns`.
 *
 * ## Version history
 * - v0: first version.
 * - v0 (issue 14): titles name every attribute; `commandLabels` gives each listed ASIN the title and
 *   price printed beside it. Dynamics, reward and task distribution unchanged (docs/environments/shop.md).
 */
import type { EnvOptions, SizeRange, StepResult, TextEnv } from '../types';
import { CATALOG_SIZE } from './catalog';
import { applyShopAction, shopActions } from './dynamics';
import { drawGoal, suggestedQueries } from './goal';
import { solveShop } from './oracle';
import { pageText, resultLabels } from './pages';
import { SHOP_TASK_TYPES, type ShopState, type ShopTaskType } from './state';
import { resolveCommonOptions, SPLITS } from '../options';
import { constructDemoGroup, demoOptions } from '../demo';

export const SHOP_DEFAULT_MAX_TURNS = 15;
export const SHOP_MAX_TURNS_LIMIT = 50;
const SUCCESS_REWARD = 10;
/** The `size` option's declaration: the registry entry's `sizeRange`, and what reset checks against. */
const SHOP_SIZE_RANGE: SizeRange = { ...CATALOG_SIZE, unit: 'catalogue products' };

function resetShop(seed: number, options: EnvOptions = {}): ShopState {
  const { taskType, split, size: catalogSize, maxTurns } = resolveCommonOptions<ShopTaskType>(seed, options, {
    env: 'shop-v0', stream: 'shop', taskTypes: SHOP_TASK_TYPES, size: SHOP_SIZE_RANGE,
    maxTurns: { limit: SHOP_MAX_TURNS_LIMIT, default: SHOP_DEFAULT_MAX_TURNS },
  });
  const goal = drawGoal(seed, taskType, split, catalogSize);
  return {
    turn: 0,
    maxTurns,
    done: false,
    success: false,
    taskType,
    split,
    catalogSize,
    goal,
    suggestedQueries: suggestedQueries(goal),
    page: 'search',
    query: '',
    pageNum: 1,
    asin: null,
    chosen: {},
    score: 0,
  };
}

function step(state: ShopState, action: string): StepResult<ShopState> {
  if (state.done) return { state, observation: pageText(state), reward: 0, done: true, success: state.success };
  const turn = state.turn + 1;
  const next = { ...(applyShopAction(state, action) ?? state), turn };
  next.success = next.page === 'done' && next.score === 1;
  next.done = next.page === 'done' || turn >= state.maxTurns;
  return { state: next, observation: pageText(next), reward: next.success ? SUCCESS_REWARD : 0, done: next.done, success: next.success };
}

export const shopEnv: TextEnv<ShopState> = {
  id: 'shop-v0',
  label: 'Shop (WebShop miniature)',
  maxTurns: SHOP_DEFAULT_MAX_TURNS,
  maxTurnsLimit: SHOP_MAX_TURNS_LIMIT,
  sizeRange: SHOP_SIZE_RANGE,
  taskTypes: SHOP_TASK_TYPES,
  splits: SPLITS,
  noOpFeedback: null, // an invalid action re-shows the same page
  demoGroup: (seed, taskType) => constructDemoGroup(shopEnv, seed, demoOptions(shopEnv, taskType)),
  reset(seed, options) {
    const state = resetShop(seed, options);
    return { state, observation: pageText(state), task: state.goal.instruction };
  },
  step,
  admissibleActions(state) {
    if (state.done) return [];
    return [...new Set(shopActions(state))].sort();
  },
  solve: solveShop,
  commandLabels: resultLabels,
  describeLocation(state) {
    switch (state.page) {
      case 'results':
        return `results page ${state.pageNum} for "${state.query}"`;
      case 'item':
        return `item ${state.asin}`;
      case 'description':
      case 'features':
      case 'reviews':
        return `${state.page} of ${state.asin}`;
      default:
        return `${state.page} page`;
    }
  },
};

export type { ShopState, ShopTaskType } from './state';
