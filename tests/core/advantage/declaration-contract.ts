/**
 * The declaration contract every estimator entry honours, as functions over one entry, so the
 * registry's contract test and the toy-registration test run the very same checks.
 */
import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import fc from 'fast-check';
import katex from 'katex';
import type { AnyAdvantageEstimator } from '../../../src/core/advantage/registry';
import { paramDefaults, validateEstimatorParams } from '../../../src/core/advantage/params';
import { checkParam } from '../../../src/core/params/validate';
import { SCHEDULE_KINDS, type WorkedTrajectory } from '../../../src/core/advantage/spec';
import type { RolloutGroup, TurnAdvantages } from '../../../src/core/advantage/types';
import { groupArb } from './arbitraries';

/** Parameter schema: unique keys, flags and link keys; valid defaults; ranges and choices. */
export function checkParamSchema(entry: AnyAdvantageEstimator): void {
  const keys = entry.params.map((p) => p.key);
  expect(new Set(keys).size, 'unique keys').toBe(keys.length);
  const flags = entry.params.flatMap((p) => [p.cliFlag, ...(p.cliAliases ?? []).map((a) => a.flag)]);
  expect(new Set(flags).size, 'unique CLI flags').toBe(flags.length);
  expect(new Set(entry.params.map((p) => p.linkKey)).size, 'unique link keys').toBe(keys.length);
  for (const p of entry.params) {
    expect(p.label.length, p.key).toBeGreaterThan(0);
    expect(p.help.length, p.key).toBeGreaterThan(0);
    expect(p.help, `${p.key}: one line of help`).not.toContain('\n');
    expect(p.cliFlag, p.key).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(p.linkKey, p.key).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
    expect(checkParam(p, p.default), `${p.key}: default is valid`).toBe(p.default);
    if (p.type === 'number' || p.type === 'integer') expect(p.min! <= p.max!, p.key).toBe(true);
    if (p.type === 'choice') expect(p.choices!.length, p.key).toBeGreaterThan(1);
    const bad = p.type === 'boolean' ? 'maybe' : p.type === 'choice' ? '__nope__' : (p.max ?? 0) + 1;
    const { params, problems } = validateEstimatorParams(entry.id, { [p.key]: bad });
    expect(params, p.key).toEqual({});
    expect(problems[0], p.key).toContain(`${p.key}: expected`);
    expect(problems[0], p.key).toContain(`using ${JSON.stringify(p.default)}`);
  }
  expect(validateEstimatorParams(entry.id, { ...paramDefaults(entry) }).problems).toEqual([]);
  expect(paramDefaults(entry)).toEqual(entry.defaults);
}

/** Schedules point at declared init/final numbers and a schedule-kind choice. */
export function checkSchedules(entry: AnyAdvantageEstimator): void {
  for (const s of entry.schedules) {
    const find = (k: string) => entry.params.find((p) => p.key === k);
    expect(find(s.initKey)?.type, s.initKey).toBe('number');
    expect(find(s.finalKey)?.type, s.finalKey).toBe('number');
    expect(find(s.kindKey)?.choices, s.kindKey).toEqual(SCHEDULE_KINDS);
    expect(find(s.key), `${s.key} is computed, not a user parameter`).toBeUndefined();
  }
}

function componentRow(out: TurnAdvantages, key: string, i: number): number[] | number | undefined {
  const v = out.components[key];
  return Array.isArray(v) ? v[i] : v;
}

/** One trajectory of a scored group as the worked equation reads it. */
export function worked(group: RolloutGroup, out: TurnAdvantages): WorkedTrajectory[] {
  return group.trajectories.map((t, i) => ({
    success: t.success, reward: t.reward, numTurns: t.numTurns, responseTokens: t.numTokens, perTurn: out.perTurn[i],
    components: Object.fromEntries(Object.keys(out.components).map((k) => [k, componentRow(out, k, i)!])),
  }));
}

/**
 * On random groups: every output component is declared with its shape; the declared combination
 * reproduces A; the critic target exists; the worked equation renders and ends in the recorded A.
 */
export function checkOutputsMatchDeclarations(entry: AnyAdvantageEstimator, numRuns = 30): void {
  const declared = new Map(entry.components.map((c) => [c.key, c.shape]));
  for (const term of entry.combination.terms) {
    expect(declared.get(term.component), term.component).toBe('per-turn');
    if (term.weight !== undefined) expect(declared.get(term.weight), term.weight).toBe('scalar');
  }
  if (entry.trainsCritic) expect(declared.get(entry.criticTarget ?? ''), 'critic target').toBe('per-turn');
  fc.assert(fc.property(groupArb({ entropies: (entry.requires ?? []).includes('entropies') }), fc.nat(), fc.nat(), (group, m, t) => {
    if (group.trajectories.length === 0) return;
    const out = entry.estimate(group, entry.defaults);
    for (const [key, value] of Object.entries(out.components)) {
      expect(declared.get(key), `${entry.id}: component ${key} is declared`).toBe(Array.isArray(value) ? 'per-turn' : 'scalar');
    }
    if (entry.combination.terms.length > 0) {
      out.perTurn.forEach((row, i) => row.forEach((a, tt) => {
        const sum = entry.combination.terms.reduce((s, term) => {
          const w = term.weight === undefined ? 1 : (out.components[term.weight] as number);
          return s + w * (out.components[term.component] as number[][])[i][tt];
        }, 0);
        expect(sum).toBeCloseTo(a, 9);
      }));
    }
    const member = m % group.trajectories.length;
    const turn = t % group.trajectories[member].numTurns;
    const eq = entry.workedEquation({ group: worked(group, out), member, turn });
    expect(eq.lines.length).toBeGreaterThan(0);
    for (const line of eq.lines) expect(() => katex.renderToString(line, { throwOnError: true }), line).not.toThrow();
    expect(eq.numbers.advantage).toBe(out.perTurn[member][turn]);
  }), { numRuns });
}

/** WCAG relative luminance of `#RRGGBB`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast of a colour against the page's white. */
export const contrastOnWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

/**
 * Identity: a `#RRGGBB` series colour that stands out on white at least as a line does (2:1; the
 * palette's yellow, 1.3:1, is what this keeps out) and a docs page that exists.
 */
export function checkIdentity(entry: AnyAdvantageEstimator): void {
  expect(entry.color, `${entry.id}: colour`).toMatch(/^#[0-9A-Fa-f]{6}$/);
  expect(contrastOnWhite(entry.color), `${entry.id}: ${entry.color} on white`).toBeGreaterThanOrEqual(2);
  expect(existsSync(entry.docsPath), `${entry.id}: ${entry.docsPath}`).toBe(true);
}

export function checkEstimatorDeclarations(entry: AnyAdvantageEstimator): void {
  checkIdentity(entry);
  checkParamSchema(entry);
  checkSchedules(entry);
  checkOutputsMatchDeclarations(entry);
}
