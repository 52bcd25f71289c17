/**
 * Export: rollouts.v1 records → JSON Lines text (one trajectory per line, trailing newline).
 * `readRollouts(writeRollouts(records))` gives the same records back.
 */
import type { RolloutTrajectoryV1 } from './rollouts-v1';

export function writeRollouts(records: readonly RolloutTrajectoryV1[]): string {
  return records.map((record) => JSON.stringify(record)).join('\n') + (records.length > 0 ? '\n' : '');
}
