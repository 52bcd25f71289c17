/**
 * Per-task-type success of trained science-v0 policies: for each run file given (train --checkpoint), plays
 * EPISODES fresh seen tasks of each task type ('eval-env' stream, one member per task, no update) at the
 * evaluation temperature, and prints a markdown table (one row per run file, one column per task type).
 * The run's own config is kept but for `taskType` (and no warm start is recomputed: the weights are the file's).
 * Run: npx tsx docs/experiments/learning/science-v0/sft-rl/by-type.ts A.rlrun B.rlrun ...
 */
import { basename } from 'node:path';
import { useNodeBackend } from '../../../../../src/cli/tf-node';
import { readCheckpointFile } from '../../../../../src/cli/run-file-io';
import { getEnv } from '../../../../../src/core/env/registry';
import { evaluateTrainer, EVAL_TEMPERATURE } from '../../../../../src/core/experiments/evaluate';
import { Trainer } from '../../../../../src/core/train/trainer';

const EPISODES = Number(process.env.EPISODES ?? 32);
await useNodeBackend('wasm');
const types = getEnv('science-v0').taskTypes;
console.log(`| run file | iteration | ${types.join(' | ')} | types ≥ 0.5 |`);
console.log(`|---|---|${types.map(() => '---').join('|')}|---|`);
for (const file of process.argv.slice(2)) {
  const { checkpoint } = await readCheckpointFile(file);
  const cells: number[] = [];
  for (const taskType of types) {
    const cp = { ...checkpoint, config: { ...checkpoint.config, taskType, sftEpisodes: 0 } };
    const trainer = await Trainer.create(cp.config, { checkpoint: cp, compare: false, records: false });
    cells.push((await evaluateTrainer(trainer, { split: 'seen', episodes: EPISODES, temperature: EVAL_TEMPERATURE })).successRate);
    trainer.dispose();
  }
  console.log(`| ${basename(file)} | ${checkpoint.iteration} | ${cells.map((c) => c.toFixed(2)).join(' | ')} | ${cells.filter((c) => c >= 0.5).length} of ${types.length} |`);
}
console.error(`${EPISODES} seen tasks per type, temperature ${EVAL_TEMPERATURE}`);
