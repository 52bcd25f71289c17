/**
 * Measures the SFT warm start's size against the success it starts RL from, and writes results.json beside this
 * file: for each `sftEpisodes` N, science-v0 (every task type, default 4 rooms, seed 1, lab defaults otherwise), the
 * warm start's loss and its success on 64 fresh seen tasks at temperature 1 (the training temperature; 'eval-env'
 * stream, one member per task). N = 0 is the untrained policy.
 * Run: npx tsx docs/concepts/sft-warm-start/measure.ts 0 32 48 64 128
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useNodeBackend } from '../../../src/cli/tf-node';
import { DEFAULT_CONFIG, type RunConfig } from '../../../src/core/train/config';
import { Trainer } from '../../../src/core/train/trainer';
import { evaluateTrainer } from '../../../src/core/experiments/evaluate';

const EVAL_EPISODES = 64;
const sizes = process.argv.slice(2).map(Number);
const backend = await useNodeBackend('wasm');
const points = [];
for (const sftEpisodes of sizes.length > 0 ? sizes : [0, 32, 48, 64, 128]) {
  const config: RunConfig = { ...DEFAULT_CONFIG, env: 'science-v0', taskType: null, split: 'seen', estimator: 'grpo', seed: 1, sftEpisodes };
  const trainer = await Trainer.create(config, { compare: false, records: false });
  const ev = await evaluateTrainer(trainer, { split: 'seen', episodes: EVAL_EPISODES, temperature: 1 });
  const w = trainer.warmStart;
  points.push({ sftEpisodes, successRate: ev.successRate, meanTurns: ev.meanTurns, lossBefore: w?.lossBefore ?? null, lossAfter: w?.lossAfter ?? null, steps: w?.steps ?? 0 });
  console.log(JSON.stringify(points.at(-1)));
  trainer.dispose();
}
const out = {
  command: `npx tsx docs/concepts/sft-warm-start/measure.ts ${sizes.join(' ')}`.trim(), backend,
  env: 'science-v0', seed: 1, evalEpisodes: EVAL_EPISODES, evalTemperature: 1, points,
};
writeFileSync(join(dirname(fileURLToPath(import.meta.url)), 'results.json'), JSON.stringify(out, null, 2) + '\n');
