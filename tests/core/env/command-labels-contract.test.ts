import { describe, expect, it } from 'vitest';
import { ENV_IDS, getEnv } from '../../../src/core/env/registry';

const labelled = ENV_IDS.filter((id) => getEnv(id).commandLabels !== undefined);

describe('environments that declare commandLabels', () => {
  it('include shop-v0', () => {
    expect(labelled).toContain('shop-v0');
  });

  it.each(labelled)('%s labels only admissible commands, with non-empty text, along oracle plans', (id) => {
    const env = getEnv(id);
    let labelledStates = 0;
    for (let seed = 0; seed < 20; seed++) {
      let { state } = env.reset(seed);
      for (const action of env.solve(state)) {
        const labels = env.commandLabels!(state);
        const admissible = env.admissibleActions(state);
        for (const [command, text] of Object.entries(labels)) {
          expect(admissible, command).toContain(command);
          expect(text.trim().length).toBeGreaterThan(0);
        }
        if (Object.keys(labels).length > 0) labelledStates++;
        state = env.step(state, action).state;
      }
      expect(env.commandLabels!(state)).toEqual({}); // nothing to click once the episode is over
    }
    expect(labelledStates).toBeGreaterThan(0);
  });
});
