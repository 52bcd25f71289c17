import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { numberParam } from '../../../src/core/params/spec';
import { getReward, REWARD_IDS, type AnyRewardFunction } from '../../../src/core/reward/registry';
import { checkRewardDeclarations, rewardTurn } from './reward-contract';

/** r_{i,t} = p on the goal step, else 0: a toy entry with one parameter. */
const toy: AnyRewardFunction = {
  id: 'toy-goal',
  label: 'Toy goal pay',
  summary: 'Pays p on the step that reaches the goal and nothing else (a contract-test entry).',
  equation: String.raw`r_{i,t} = p\cdot\mathbb{1}[\text{goal at } t]`,
  kind: 'verifiable',
  usesChecks: false,
  params: [numberParam('pay', 2, 0, 10, 'p (pay)', 'paid on the goal step', { cliFlag: 'toy-pay', linkKey: 'toyPay' })],
  defaults: { pay: 2 },
  turnRewards: (episode, params) => episode.turns.map((t) => (t.success ? (params as { pay: number }).pay : 0)),
};

describe('reward registry contract', () => {
  it.each(REWARD_IDS)('%s honours the declaration contract', (id) => {
    expect(getReward(id).id).toBe(id);
    checkRewardDeclarations(getReward(id));
  });

  it('a toy entry honours the same contract, and the contract catches a broken one', () => {
    checkRewardDeclarations(toy);
    expect(toy.turnRewards({ task: 't', turns: [rewardTurn('a'), rewardTurn('b', { success: true })] }, { pay: 3 })).toEqual([0, 3]);
    expect(() => checkRewardDeclarations({ ...toy, defaults: { pay: 5 } })).toThrow();
    expect(() => checkRewardDeclarations({ ...toy, kind: 'bribe' as never })).toThrow();
  });
});

/** The table rows of docs/rewards.md, by the id in their first cell. */
function docRows(): Map<string, string> {
  const text = readFileSync('docs/rewards.md', 'utf8');
  const rows = new Map<string, string>();
  for (const m of text.matchAll(/^\| `([a-z0-9-]+)` \|(.*)$/gm)) rows.set(m[1], m[2]);
  return rows;
}

describe('docs/rewards.md follows the registry', () => {
  const rows = docRows();

  it('has one table row per registered reward and none for another id', () => {
    expect([...rows.keys()].sort()).toEqual([...REWARD_IDS].sort());
  });

  it.each(REWARD_IDS)('the %s row states its kind and every parameter with its flag, link key and default', (id) => {
    const entry = getReward(id);
    const row = rows.get(id) ?? '';
    expect(row.split('|')[0].trim()).toBe(entry.kind);
    if (entry.params.length === 0) expect(row).toMatch(/\| none \|\s*$/);
    for (const p of entry.params) {
      expect(row).toContain(`\`--${p.cliFlag}\``);
      expect(row).toContain(`\`reward.${p.linkKey}\``);
      expect(row).toMatch(new RegExp(`\\(${String(p.default).replace('.', '\\.')}(\\.0)?\\)`));
    }
  });
});
