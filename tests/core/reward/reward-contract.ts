/**
 * The declaration contract every reward entry honours, as one function over an entry, so the
 * shipped entries and a toy entry run the very same checks.
 */
import katex from 'katex';
import { expect } from 'vitest';
import { paramDefaults } from '../../../src/core/advantage/params';
import { checkParam } from '../../../src/core/params/validate';
import type { AnyRewardFunction } from '../../../src/core/reward/registry';
import { REWARD_KINDS, type RewardTurn } from '../../../src/core/reward/types';

export const rewardTurn = (action: string, extra: Partial<RewardTurn> = {}): RewardTurn => ({
  action, feedback: 'Nothing happens.', envReward: 0, success: false, checks: [], ...extra,
});

export function checkRewardDeclarations(entry: AnyRewardFunction): void {
  expect(entry.id).toMatch(/^[a-z][a-z0-9-]*$/);
  expect(entry.label.length).toBeGreaterThan(0);
  expect(entry.summary.length).toBeGreaterThan(20);
  expect(REWARD_KINDS).toContain(entry.kind);
  expect(() => katex.renderToString(entry.equation, { throwOnError: true }), `${entry.id}: equation`).not.toThrow();
  expect(entry.defaults).toEqual(paramDefaults({ params: entry.params, schedules: [] }));
  for (const key of ['key', 'cliFlag', 'linkKey'] as const) {
    const values = entry.params.map((p) => p[key]);
    expect(new Set(values).size, `${entry.id}: unique ${key}s`).toBe(values.length);
  }
  for (const p of entry.params) expect(checkParam(p, p.default), `${entry.id}.${p.key}: default is valid`).toBe(p.default);
  const episode = { task: 'put a apple in fridge', turns: [rewardTurn('look'), rewardTurn('look'), rewardTurn('open fridge', { envReward: 10, success: true })] };
  const out = entry.turnRewards(episode, entry.defaults);
  expect(out).toHaveLength(3);
  out.forEach((r) => expect(Number.isFinite(r)).toBe(true));
}
