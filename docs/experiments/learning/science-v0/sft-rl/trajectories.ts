/**
 * What a trained science-v0 policy does on one task type: plays N fresh seen tasks of TYPE ('eval-env' stream, one
 * member per task, temperature 0.4, as by-type.ts) with the run file's policy and prints each episode's outcome,
 * final score and commands.
 * Run: npx tsx docs/experiments/learning/science-v0/sft-rl/trajectories.ts RUN.rlrun TYPE [N=8]
 */
import { useNodeBackend } from '../../../../../src/cli/tf-node';
import { readCheckpointFile } from '../../../../../src/cli/run-file-io';
import { Trainer } from '../../../../../src/core/train/trainer';
import { collectGroups } from '../../../../../src/core/rollout/collect';
import { EVAL_TEMPERATURE } from '../../../../../src/core/experiments/evaluate';

await useNodeBackend('wasm');
const [file, taskType, n = '8'] = process.argv.slice(2);
const { checkpoint } = await readCheckpointFile(file);
const cp = { ...checkpoint, config: { ...checkpoint.config, taskType, sftEpisodes: 0 } };
const trainer = await Trainer.create(cp.config, { checkpoint: cp, compare: false, records: false });
const cfg = trainer.config;
const batch = await collectGroups(trainer.policy, trainer.env, {
  seed: cfg.seed, iteration: 0, tasks: Number(n), groupSize: 1, maxTurns: trainer.maxTurns, historyLength: cfg.historyLength,
  decoding: cfg.decoding, limits: { maxThinkTokens: cfg.maxThinkTokens, maxResponseTokens: cfg.maxResponseTokens },
  temperature: EVAL_TEMPERATURE, envOptions: { taskType, split: 'seen', size: cfg.envSize ?? undefined },
  streams: { env: 'eval-env', sample: 'eval-sample' },
});
for (const g of batch.groups) {
  for (const t of g.trajectories) {
    console.log(`[${t.success ? 'success' : 'fail'}, ${t.turns.length} turns, final score ${t.reward}] ${g.task}`);
    console.log(`  ${t.turns.map((u) => u.action).join(' ; ')}`);
  }
}
trainer.dispose();
