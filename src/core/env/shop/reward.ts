/**
 * WebShop's purchase reward (`engine/goal.py::get_reward`), simplified as documented in
 * docs/environments/shop.md:
 *
 *   reward = r_type · (num_attr + num_opt + r_price) / (|goal attributes| + |goal options| + 1)
 *
 * - r_type: 1 for the goal's product type, 0.5 for another type of the same category, 0 otherwise
 *   (WebShop derives it from title-noun overlap and category paths with spaCy).
 * - num_attr: goal attributes the product has (exact match; WebShop matches fuzzily, also in text).
 * - num_opt: goal options whose value was clicked on the item page (exact match).
 * - r_price: 1 if the price is at most the goal's upper bound.
 */
import type { Product } from './catalog';
import type { ShopGoal } from './state';

export interface RewardParts {
  rType: number;
  numAttr: number;
  numOpt: number;
  rPrice: number;
  reward: number;
}

export function purchaseReward(goal: ShopGoal, product: Product, chosen: Readonly<Record<string, string>>): RewardParts {
  const rType = product.type === goal.type ? 1 : product.category === goal.category ? 0.5 : 0;
  const numAttr = goal.attributes.filter((a) => product.attributes.includes(a)).length;
  const wanted = Object.entries(goal.options);
  const numOpt = wanted.filter(([dim, value]) => chosen[dim] === value).length;
  const rPrice = product.price <= goal.priceUpper ? 1 : 0;
  const reward = (rType * (numAttr + numOpt + rPrice)) / (goal.attributes.length + wanted.length + 1);
  return { rType, numAttr, numOpt, rPrice, reward };
}

/** Can buying `product` reach reward 1 (with the right options clicked)? */
export function canSatisfy(goal: ShopGoal, product: Product): boolean {
  return (
    product.type === goal.type &&
    product.price <= goal.priceUpper &&
    goal.attributes.every((a) => product.attributes.includes(a)) &&
    Object.entries(goal.options).every(([dim, value]) => product.options[dim]?.includes(value) ?? false)
  );
}
