/**
 * The one rollouts.v1 JSON Lines writer: one trajectory per line, each line ending in a newline.
 * `rolloutLines` gives the lines (Blob parts, no one big string); `writeRollouts` the whole text.
 * `readRollouts(writeRollouts(records))` gives the same records back.
 */
import type { RolloutTrajectoryV1 } from '../rollouts-v1';

export function rolloutLines(records: Iterable<RolloutTrajectoryV1>): string[] {
  const out: string[] = [];
  for (const record of records) out.push(`${JSON.stringify(record)}\n`);
  return out;
}

export function writeRollouts(records: Iterable<RolloutTrajectoryV1>): string {
  return rolloutLines(records).join('');
}
