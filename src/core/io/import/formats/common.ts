/** Small pieces the framework adapters share. */
import { formatProblems, isObject, validateRolloutTrajectory, type RolloutTrajectoryV1 } from '../../rollouts-v1';
import type { AdapterContext } from '../types';

/** 32-bit FNV-1a of a string, as 8 hex digits (stable ids from content). */
export function fnv1a(text: string, seed = 0x811c9dc5): string {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Emits `record` if it is valid rollouts.v1, else reports why (a bug in the adapter or odd input). */
export function emitChecked(ctx: AdapterContext, record: RolloutTrajectoryV1, line: number | null): void {
  const checked = validateRolloutTrajectory(record);
  if (checked.ok) ctx.emit(record, line);
  else ctx.problem(line, `trajectory ${record.traj_id} could not be written as rollouts.v1: ${formatProblems(checked.problems)}`);
}

export const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** The keys of `value` if it is an object, else an empty list. */
export function objectKeys(value: unknown): string[] {
  return isObject(value) ? Object.keys(value) : [];
}

/** Rounds away float32 noise in logged rewards (9.899999618530273 → 9.9). */
export const roundReward = (x: number): number => Math.round(x * 1e4) / 1e4;

/** The environment our registry calls this one, from a framework's name or tag. */
export function envNameOf(raw: string): string {
  const t = raw.toLowerCase();
  if (t.includes('alfworld') || t.includes('alfred') || t.includes('household')) return 'alfworld';
  if (t.includes('webshop') || t.includes('shop')) return 'webshop';
  if (t.includes('sciworld') || t.includes('scienceworld') || t.includes('science')) return 'sciworld';
  return raw;
}
