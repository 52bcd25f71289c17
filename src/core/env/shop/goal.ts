/**
 * shop-v0 goals in the format of WebShop's synthetic goals (verl-agent's default):
 * `{instruction} with {opt}: {val}, and {opt}: {val}, and price lower than {P} dollars`.
 * Task types are the five categories; the `unseen` split asks only for each category's held-out
 * product type (the last of its list), which the `seen` split never asks for.
 */
import { createRng, deriveSeed } from '../../math/rng';
import type { Split } from '../types';
import { catalog, categoryOf } from './catalog';
import type { ShopGoal, ShopTaskType } from './state';

export function splitTypes(category: string, split: Split): readonly string[] {
  const types = categoryOf(category).types;
  return split === 'unseen' ? types.slice(-1) : types.slice(0, -1);
}

export function instructionText(goal: Omit<ShopGoal, 'instruction'>): string {
  const options = Object.entries(goal.options).map(([dim, value]) => `${dim}: ${value}`);
  const withOptions = options.length > 0 ? ` with ${options.join(', and ')}` : '';
  return `Find me ${goal.attributes.join(' and ')} ${goal.type}${withOptions}, and price lower than ${goal.priceUpper.toFixed(2)} dollars`;
}

/** A goal written from one product of the task's category and split. */
export function drawGoal(seed: number, taskType: ShopTaskType, split: Split, size: number): ShopGoal {
  const rng = createRng(deriveSeed(seed, 'shop', 'goal'));
  const wanted = splitTypes(taskType, split);
  const pool = catalog(size).filter((p) => p.category === taskType && wanted.includes(p.type));
  if (pool.length === 0) throw new Error(`shop-v0: no ${split} ${taskType} products in a catalogue of ${size}`);
  const product = rng.pick(pool);
  const attributes = rng.shuffled(product.attributes).slice(0, 1 + rng.int(2)).sort();
  const options: Record<string, string> = {};
  for (const [dim, values] of Object.entries(product.options)) {
    if (rng.next() < 0.6) options[dim] = rng.pick(values);
  }
  const priceUpper = (Math.floor(product.price / 10) + 1 + rng.int(3)) * 10;
  const goal = { asin: product.asin, category: product.category, type: product.type, attributes, options, priceUpper };
  return { ...goal, instruction: instructionText(goal) };
}

/** The search actions offered on the search page: the goal's own words, then each type of its category. */
export function suggestedQueries(goal: ShopGoal): string[] {
  const own = `${goal.attributes.join(' ')} ${goal.type}`;
  return [...new Set([own, ...categoryOf(goal.category).types])].sort();
}
