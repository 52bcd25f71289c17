/**
 * The one check of an environment's `size` option against the range its registry entry declares
 * (`TextEnv.sizeRange`). The environments' own option check (`options.ts`), run-config validation
 * (the lab, share links, `train`) and `env play|solve|stats` all word a refusal with it, so a size
 * is refused everywhere with the same sentence: "1 is outside science-v0's size range 2..10 rooms".
 */
import type { SizeRange } from './types';

/** Why `value` is not a size of environment `envId` (range `range`), or null when it is one. */
export function sizeRangeProblem(envId: string, range: SizeRange, value: number): string | null {
  if (Number.isInteger(value) && value >= range.min && value <= range.max) return null;
  const shown = Number.isInteger(value) ? String(value) : `${value} (not a whole number)`;
  return `${shown} is outside ${envId}'s size range ${range.min}..${range.max} ${range.unit}`;
}
