/** Helpers for the io tests: fixture files and a minimal valid rollouts.v1 record. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function fixtureText(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url)), 'utf8');
}

/** A valid two-turn success; `patch` overrides top-level fields. */
export function validRecord(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    schema: 'rollouts.v1',
    source: { framework: 'native' },
    env: { name: 'alfworld' },
    task: { task_id: 'task-1' },
    group_id: 'g',
    traj_id: 't0',
    turns: [
      { t: 0, observation: 'You are in the middle of a room.', response: 'go to cabinet 1', action: 'go to cabinet 1', reward: 0, done: false, response_tokens: 4 },
      { t: 1, observation: 'You arrive at cabinet 1.', response: 'open cabinet 1', action: 'open cabinet 1', reward: 10, done: true, response_tokens: 3 },
    ],
    outcome: { success: true, episode_reward: 10, num_turns: 2 },
    ...patch,
  };
}
