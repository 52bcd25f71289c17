/**
 * How brittle the oracle's change-of-state plans are: the share of 1,000 seen tasks per type whose plan no longer
 * succeeds when one extra turn (`look around`) comes just before its `focus on`, and the mean plan length.
 * Run: npx tsx docs/experiments/learning/science-v0/sft-rl/brittle-focus.ts [ORACLE_MODULE]
 * ORACLE_MODULE (optional) exports `solveScience`; to measure an older oracle, save it beside the current one, e.g.
 *   git show 419abc7:src/core/env/science/oracle.ts > src/core/env/science/oracle-419abc7.ts
 *   npx tsx docs/experiments/learning/science-v0/sft-rl/brittle-focus.ts ../../../../../src/core/env/science/oracle-419abc7.ts
 */
import { scienceEnv as env } from '../../../../../src/core/env/science/index';
import type { ScienceState } from '../../../../../src/core/env/science/state';

const TASKS = 1000;
const solve: (s: ScienceState) => string[] = process.argv[2] ? (await import(process.argv[2])).solveScience : env.solve;
const replay = (s: ScienceState, actions: string[]) => {
  for (const a of actions) s = env.step(s, a).state;
  return s;
};
for (const taskType of ['boil', 'melt', 'freeze']) {
  let brittle = 0;
  let length = 0;
  for (let seed = 0; seed < TASKS; seed++) {
    const { state } = env.reset(seed, { taskType, split: 'seen' });
    const plan = solve(state);
    length += plan.length;
    const k = plan.findIndex((a) => a.startsWith('focus on '));
    if (replay(state, [...plan.slice(0, k), 'look around', ...plan.slice(k)]).score !== 100) brittle++;
  }
  console.log(`${taskType}: ${((100 * brittle) / TASKS).toFixed(1)} % of plans fail with one extra turn before the focus; mean length ${(length / TASKS).toFixed(2)}`);
}
