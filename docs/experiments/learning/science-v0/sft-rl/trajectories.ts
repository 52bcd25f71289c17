/**
 * What a trained science-v0 policy does on one task type: plays N fresh seen tasks of TYPE ('eval-env' stream, one
 * member per task, temperature 0.4, as by-type.ts) with the run file's policy and prints each episode's outcome,
 * final score and commands.
 * Run: npx tsx docs/experiments/learning/science-v0/sft-rl/trajectories.ts RUN.rlrun TYPE [N=8]
 */
import { useNodeBackend } from '../../../../../src/cli/tf-node';
import { playType } from './play';

await useNodeBackend('wasm');
const [file, taskType, n = '8'] = process.argv.slice(2);
const { trainer, batch } = await playType(file, taskType, Number(n));
for (const g of batch.groups) {
  for (const t of g.trajectories) {
    console.log(`[${t.success ? 'success' : 'fail'}, ${t.turns.length} turns, final score ${t.reward}] ${g.task}`);
    console.log(`  ${t.turns.map((u) => u.action).join(' ; ')}`);
  }
}
trainer.dispose();
