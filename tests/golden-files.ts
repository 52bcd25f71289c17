/**
 * Finds the golden vectors computed by the reference implementation (verl-agent's own functions):
 * `shared/golden/` beside the checkout (searched upwards from the repository), or ROLLOUT_LAB_GOLDEN_DIR.
 * A missing file fails the test run loudly; golden tests never skip.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function candidates(): string[] {
  const dirs: string[] = [];
  if (process.env.ROLLOUT_LAB_GOLDEN_DIR) dirs.push(process.env.ROLLOUT_LAB_GOLDEN_DIR);
  let dir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  for (let i = 0; i < 4; i++) {
    dirs.push(join(dir, 'shared', 'golden'));
    dir = dirname(dir);
  }
  dirs.push('/work/shared/golden'); // where this project's machines keep it
  return dirs;
}

export function goldenPath(name: string): string {
  const dirs = candidates();
  for (const d of dirs) {
    const p = join(d, name);
    if (existsSync(p)) return p;
  }
  throw new Error(`golden file ${name} not found in ${dirs.join(', ')} (set ROLLOUT_LAB_GOLDEN_DIR)`);
}
