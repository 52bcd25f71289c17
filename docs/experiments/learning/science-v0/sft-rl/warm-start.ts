/**
 * The SFT warm start alone, per task type: for each SEED:N:BYTYPE given (BYTYPE 1 = `sftByType`), science-v0 with the
 * lab's defaults, every task type drawn, the warm start of N oracle demonstrations, then EP fresh seen tasks of each
 * task type ('eval-env' stream, one member per task) at temperature T (default 1, the training temperature: this is
 * the success RL starts from). Prints the warm start's loss and its success per type and averaged over the types.
 * Run: npx tsx docs/experiments/learning/science-v0/sft-rl/warm-start.ts 1:64:0 1:64:1 2:64:0 ...   (env EP=16, T=1)
 */
import { useNodeBackend } from '../../../../../src/cli/tf-node';
import { DEFAULT_CONFIG, type RunConfig } from '../../../../../src/core/train/config';
import { Trainer } from '../../../../../src/core/train/trainer';
import { evaluateTrainer } from '../../../../../src/core/experiments/evaluate';

const T = Number(process.env.T ?? 1);
const EP = Number(process.env.EP ?? 16);
await useNodeBackend('wasm');
for (const spec of process.argv.slice(2)) {
  const [seed, sftEpisodes, byType] = spec.split(':').map(Number);
  const config: RunConfig = {
    ...DEFAULT_CONFIG, env: 'science-v0', taskType: null, split: 'seen', estimator: 'grpo', seed, sftEpisodes, sftByType: byType === 1,
  };
  const trainer = await Trainer.create(config, { compare: false, records: false });
  const cells: number[] = [];
  for (const taskType of trainer.env.taskTypes) {
    // The same weights evaluated per type: a view of the trainer with the type fixed.
    const view = Object.create(trainer, { config: { value: { ...config, taskType } } }) as Trainer;
    cells.push((await evaluateTrainer(view, { split: 'seen', episodes: EP, temperature: T })).successRate);
  }
  const w = trainer.warmStart;
  const mean = cells.reduce((a, b) => a + b, 0) / cells.length;
  console.log(`| ${seed} | ${sftEpisodes} | ${byType === 1 ? 'by type' : 'drawn'} | ${w ? `${w.lossBefore.toFixed(2)} → ${w.lossAfter.toFixed(2)}` : '–'} | ${mean.toFixed(2)} | ${cells.map((c) => c.toFixed(2)).join(' | ')} |`);
  trainer.dispose();
}
console.error(`${EP} seen tasks per type, temperature ${T}`);
