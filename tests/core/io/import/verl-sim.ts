/**
 * A near-deterministic policy for verl-agent dump tests: every member follows the oracle's plan with
 * the same reasoning text, except that now and then it rewords its reasoning (same action: rows that
 * differ only in text, so continuations become interchangeable) or takes another admissible action.
 * The groups go through the sample writer (`verlDumpText`: verl-agent's prompt templates, float32
 * scores, padding copies, the balanced row order).
 */
import { getEnv } from '../../../../src/core/env/registry';
import { createRng, deriveSeed } from '../../../../src/core/math/rng';
import type { SimGroup, SimStep } from '../../../../src/core/io/samples/simulate';

export interface NearDeterministic {
  groupSize: number;
  maxTurns: number;
  /** Probability per turn of another admissible action than the plan's. */
  deviate: number;
  /** Probability per turn of reworded reasoning. */
  reword: number;
}

export function nearDeterministicGroup(seed: number, o: NearDeterministic): SimGroup {
  const env = getEnv('household-v0');
  const reset = env.reset(seed, { maxTurns: o.maxTurns });
  const trajectories = Array.from({ length: o.groupSize }, (_, member) => {
    const rng = createRng(deriveSeed(seed, 'near-deterministic', member));
    let state = reset.state;
    let observation = reset.observation;
    const steps: SimStep[] = [];
    let success = false;
    for (let t = 0; t < o.maxTurns; t++) {
      const admissible = env.admissibleActions(state);
      const plan = env.solve(state);
      const action = plan.length > 0 && rng.next() >= o.deviate ? plan[0] : admissible[rng.int(admissible.length)];
      const thought = rng.next() < o.reword ? `On reflection, "${action}" is the step to take.` : `The plan says "${action}".`;
      const result = env.step(state, action);
      steps.push({ observation, admissible, thought, action, wellFormed: true, envAction: action, feedback: result.observation, reward: result.reward, done: result.done });
      state = result.state;
      observation = result.observation;
      if (result.done) {
        success = result.success;
        break;
      }
    }
    return { steps, success };
  });
  return { envId: 'household-v0', seed, task: reset.task, taskType: reset.state.taskType, intro: reset.observation, trajectories };
}
