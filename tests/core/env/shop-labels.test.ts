import { describe, expect, it } from 'vitest';
import { shopEnv as env } from '../../../src/core/env/shop/index';
import { catalog } from '../../../src/core/env/shop/catalog';

describe('shop-v0 result labels and titles', () => {
  it('labels each ASIN the results page lists with the title and price printed beside it', () => {
    const { state } = env.reset(4, { taskType: 'grocery' });
    const results = env.step(state, env.admissibleActions(state)[0]);
    const labels = env.commandLabels!(results.state);
    const asins = env.admissibleActions(results.state).filter((a) => /^click\[b0/.test(a));
    expect(asins.length).toBeGreaterThan(0);
    expect(Object.keys(labels).sort()).toEqual(asins);
    for (const [action, label] of Object.entries(labels)) {
      const asin = action.slice('click['.length, -1).toUpperCase();
      expect(results.observation).toContain(`${asin} [SEP] ${label}`);
    }
  });

  it('has no labels on the search and item pages (their buttons are their own text)', () => {
    const { state } = env.reset(4, { taskType: 'grocery' });
    expect(env.commandLabels!(state)).toEqual({});
    const plan = env.solve(state);
    const item = env.step(env.step(state, plan[0]).state, plan[1]).state;
    expect(item.page).toBe('item');
    expect(env.commandLabels!(item)).toEqual({});
  });

  it('a title names the brand, every attribute and the product type, as a long shop title does', () => {
    for (const p of catalog(60)) {
      const title = p.title.toLowerCase();
      for (const a of p.attributes) expect(title).toContain(a);
      expect(title.endsWith(p.type)).toBe(true);
    }
  });

  it('the goal product is labelled with every attribute word the instruction asks for', () => {
    for (let seed = 0; seed < 50; seed++) {
      const { state } = env.reset(seed);
      const product = catalog(60).find((p) => p.asin === state.goal.asin)!;
      for (const a of state.goal.attributes) expect(product.title.toLowerCase()).toContain(a);
    }
  });
});
