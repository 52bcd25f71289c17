/**
 * A tiny, trivially learnable environment for the trainer's tests: the task names a colour,
 * and pressing that colour's button wins. Wrong buttons do nothing; `wait` does nothing.
 * With `steps` > 1 the agent must first `walk to panel` (then the buttons appear).
 */
import type { BaseEnvState, TextEnv } from '../../../src/core/env/types';
import { createRng } from '../../../src/core/math';
import { constructDemoGroup, demoOptions } from '../../../src/core/env/demo';
import { checkInt } from '../../../src/core/env/options';

export const COLOURS = ['red', 'blue', 'green', 'yellow', 'black', 'white'];

export interface ButtonState extends BaseEnvState {
  target: string;
  atPanel: boolean;
}

export function buttonEnv(options: { walk?: boolean } = {}): TextEnv<ButtonState> {
  const walk = options.walk ?? false;
  const env: TextEnv<ButtonState> = {
    id: 'buttons-v0',
    label: 'Buttons (test)',
    maxTurns: 4,
    maxTurnsLimit: 8,
    sizeRange: { min: 1, max: 3, default: 1, unit: 'panels' },
    taskTypes: ['press'],
    splits: ['seen'],
    noOpFeedback: 'Nothing happens.',
    demoGroup: (seed, taskType) => constructDemoGroup(env, seed, { ...demoOptions(env, taskType), maxTurns: 4 }),
    reset(seed, opts) {
      checkInt('buttons-v0', 'size', opts?.size, 1, 3, 1);
      const target = createRng(seed).pick(COLOURS);
      const maxTurns = opts?.maxTurns ?? 4;
      const state: ButtonState = { turn: 0, maxTurns, done: false, success: false, taskType: 'press', target, atPanel: !walk };
      const task = `press the ${target} button.`;
      return { state, task, observation: `You are in a room with a panel of buttons.\nYour task is to: ${task}` };
    },
    step(state, action) {
      const next = { ...state, turn: state.turn + 1 };
      let observation = 'Nothing happens.';
      if (action === 'walk to panel' && !state.atPanel) {
        next.atPanel = true;
        observation = `You are at the panel. You see ${COLOURS.map((c) => `a ${c} button`).join(', ')}.`;
      } else if (action === `press ${state.target} button` && state.atPanel) {
        next.success = true;
        observation = 'The door opens.';
      } else if (action.startsWith('press ') && state.atPanel) observation = 'Click.';
      next.done = next.success || next.turn >= state.maxTurns;
      return { state: next, observation, reward: next.success ? 10 : 0, done: next.done, success: next.success };
    },
    admissibleActions(state) {
      if (!state.atPanel) return ['walk to panel', 'wait'];
      return [...COLOURS.map((c) => `press ${c} button`), 'wait'].sort();
    },
    solve(state) {
      return [...(state.atPanel ? [] : ['walk to panel']), `press ${state.target} button`];
    },
  };
  return env;
}
