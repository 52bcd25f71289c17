/**
 * Where a trained science-v0 policy's find-task episodes go: plays N fresh seen tasks of TYPE like by-type.ts ('eval-env'
 * stream, one member per task, temperature 0.4) and prints, per episode, the room the agent starts in, the rooms holding
 * a thing that qualifies, the answer box's room, the room of the first focus and whether it qualified, then counts.
 * Run: npx tsx docs/experiments/learning/science-v0/sft-rl/find-start.ts RUN.rlrun TYPE [N=32]
 */
import { useNodeBackend } from '../../../../../src/cli/tf-node';
import { readCheckpointFile } from '../../../../../src/cli/run-file-io';
import { Trainer } from '../../../../../src/core/train/trainer';
import { collectGroups } from '../../../../../src/core/rollout/collect';
import { EVAL_TEMPERATURE } from '../../../../../src/core/experiments/evaluate';
import { roomOf } from '../../../../../src/core/env/science/physics';
import { qualifies } from '../../../../../src/core/env/science/score';
import type { ScienceState } from '../../../../../src/core/env/science/state';

await useNodeBackend('wasm');
const [file, taskType, n = '32'] = process.argv.slice(2);
const { checkpoint } = await readCheckpointFile(file);
const cp = { ...checkpoint, config: { ...checkpoint.config, taskType, sftEpisodes: 0 } };
const trainer = await Trainer.create(cp.config, { checkpoint: cp, compare: false, records: false });
const cfg = trainer.config;
const envOptions = { taskType, split: 'seen' as const, size: cfg.envSize ?? undefined };
const batch = await collectGroups(trainer.policy, trainer.env, {
  seed: cfg.seed, iteration: 0, tasks: Number(n), groupSize: 1, maxTurns: trainer.maxTurns, historyLength: cfg.historyLength,
  decoding: cfg.decoding, limits: { maxThinkTokens: cfg.maxThinkTokens, maxResponseTokens: cfg.maxResponseTokens },
  temperature: EVAL_TEMPERATURE, envOptions, streams: { env: 'eval-env', sample: 'eval-sample' },
});
const counts = new Map<string, number>();
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
for (const g of batch.groups) {
  let state = trainer.env.reset(g.envSeed, { ...envOptions, maxTurns: trainer.maxTurns }).state as ScienceState;
  const room = (r: number) => state.rooms[r];
  const start = room(state.agentRoom);
  const sources = [...new Set(state.objects.flatMap((_, o) => (qualifies(state, o) ? [room(roomOf(state, o))] : [])))];
  const boxRoom = room(roomOf(state, state.goal.box!));
  const t = g.trajectories[0];
  let focus = 'none';
  for (const turn of t.turns) {
    if (turn.action.startsWith('focus on ')) {
      const o = state.objects.findIndex((x, i) => `focus on ${x.name}` === turn.action && roomOf(state, i) === state.agentRoom);
      focus = `${room(state.agentRoom)}${o >= 0 && qualifies(state, o) ? ' (qualifies)' : ' (wrong)'}`;
      break;
    }
    state = trainer.env.step(state, turn.action).state as ScienceState;
  }
  const startsAtSource = sources.includes(start);
  count(`${startsAtSource ? 'starts where a qualifying thing is' : 'starts elsewhere'}: ${t.success ? 'success' : 'fail'}`);
  if (!focus.endsWith('(qualifies)')) count(`first focus ${focus === 'none' ? 'never' : focus.includes(boxRoom) ? 'in the box room, wrong' : 'elsewhere, wrong'}`);
  console.log(`${t.success ? 'success' : 'fail   '}  start ${start}; qualifying things in ${sources.join(', ')}; box in ${boxRoom}; first focus in ${focus}`);
}
for (const [k, v] of [...counts].sort()) console.log(`${v}\t${k}`);
trainer.dispose();
