/** EMPG and Turn-PPO travel in share links like every entry: chosen, with their own parameters. */
import { describe, expect, it } from 'vitest';
import { parseShareLink, shareSearch } from '../../src/app/share-link';
import { DEFAULT_LAB_CONFIG } from '../../src/state/lab-config';

describe('share links of the paper baselines', () => {
  it('carry empg and turn-ppo with their parameters and read them back', () => {
    const lab = {
      ...DEFAULT_LAB_CONFIG, estimators: ['empg', 'turn-ppo'],
      estimatorParams: { empg: { zeta: 0.2, finalNorm: 'mean' }, 'turn-ppo': { lambda: 0.8 } },
    };
    const search = shareSearch(lab);
    const q = new URLSearchParams(search);
    expect([q.get('empg.zeta'), q.get('empg.finalNorm'), q.get('turn-ppo.lambda')]).toEqual(['0.2', 'mean', '0.8']);
    const back = parseShareLink(search);
    expect(back.problems).toEqual([]);
    expect(back.config.estimators).toEqual(['empg', 'turn-ppo']);
    expect(back.config.estimatorParams).toEqual(lab.estimatorParams);
  });

  it('names a bad EMPG value and what is used instead', () => {
    const bad = parseShareLink('?estimators=grpo,empg&empg.finalNorm=zscore');
    expect(bad.problems).toEqual(["empg.finalNorm: expected one of mean-std, mean, none, got \"zscore\"; using \"mean-std\""]);
  });
});
