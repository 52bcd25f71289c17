/**
 * Does a trained science-v0 policy read which answer box is which? Plays N fresh seen test-conductivity tasks like
 * by-type.ts ('eval-env' stream, one member per task, temperature 0.4) and counts, per run file, how episodes answer:
 * the task's object moved into the right box first, into the wrong box first (score −100), another thing moved into an
 * answer box before the object (ScienceWorld-style refocus: a later focus moves the focus, score.ts, so a focused
 * hammer in the right box also meets the subgoal, and the wrong box fails only the task's object), or no answer.
 * Run: npx tsx docs/experiments/learning/science-v0/sft-rl/box-answers.ts A.rlrun B.rlrun ... (N: env EPISODES, 64)
 */
import { basename } from 'node:path';
import { useNodeBackend } from '../../../../../src/cli/tf-node';
import { playType } from './play';
import type { ScienceState } from '../../../../../src/core/env/science/state';

const EPISODES = Number(process.env.EPISODES ?? 64);
const taskType = 'test-conductivity';
await useNodeBackend('wasm');
console.log('| run file | episodes | object into the right box first | into the wrong box first | another thing into a box first | no answer | success |');
console.log('|---|---|---|---|---|---|---|');
for (const file of process.argv.slice(2)) {
  const { trainer, batch, startState } = await playType(file, taskType, EPISODES);
  const n = { right: 0, wrong: 0, other: 0, none: 0, success: 0 };
  for (const g of batch.groups) {
    const state = startState(g.envSeed) as ScienceState;
    const object = state.objects[state.goal.target].name;
    const rightBox = state.objects[state.goal.box!].name;
    const t = g.trajectories[0];
    const answer = t.turns.map((u) => u.action).find((a) => a.startsWith('move ') && a.endsWith(' box'));
    if (!answer) n.none++;
    else if (!answer.startsWith(`move ${object} to `)) n.other++;
    else if (answer === `move ${object} to ${rightBox}`) n.right++;
    else n.wrong++;
    if (t.success) n.success++;
  }
  console.log(`| ${basename(file)} | ${EPISODES} | ${n.right} | ${n.wrong} | ${n.other} | ${n.none} | ${n.success} |`);
  trainer.dispose();
}
