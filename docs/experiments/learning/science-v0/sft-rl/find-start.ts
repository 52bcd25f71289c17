/**
 * Where a trained science-v0 policy's find-task episodes go: plays N fresh seen tasks of TYPE like by-type.ts ('eval-env'
 * stream, one member per task, temperature 0.4) and prints, per episode, the room the agent starts in, the rooms holding
 * a thing that qualifies, the answer box's room, the room of the first focus and whether it qualified, then counts.
 * Run: npx tsx docs/experiments/learning/science-v0/sft-rl/find-start.ts RUN.rlrun TYPE [N=32]
 */
import { useNodeBackend } from '../../../../../src/cli/tf-node';
import { playType } from './play';
import { roomOf } from '../../../../../src/core/env/science/physics';
import { qualifies } from '../../../../../src/core/env/science/score';
import type { ScienceState } from '../../../../../src/core/env/science/state';

await useNodeBackend('wasm');
const [file, taskType, n = '32'] = process.argv.slice(2);
const { trainer, batch, startState } = await playType(file, taskType, Number(n));
const counts = new Map<string, number>();
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
for (const g of batch.groups) {
  let state = startState(g.envSeed) as ScienceState;
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
