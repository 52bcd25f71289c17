import { describe, expect, it } from 'vitest';
import { exampleGroup } from '../../src/app/example-group';
import { DEFAULT_CONFIG } from '../../src/core/train/config';
import { laneMean, lanesOf, meanAdvantage } from '../../src/ui/model/advantage-lanes';
import { groupOrder, stepInOrder } from '../../src/ui/group/group-order';
import { responseParts, thoughtCount } from '../../src/ui/group/response-parts';
import { fmt, workedEquation, workedTrajectories } from '../../src/ui/equations/equation-numbers';
import { efficiencyOf } from '../../src/core/advantage/worked';

const group = exampleGroup({ seed: 1, taskType: null, estimators: ['grpo', 'planpo', 'rloo'], config: DEFAULT_CONFIG });

describe('advantage lanes', () => {
  it('GRPO has one lane and PlanPO shows A^E, α·A^S and their total', () => {
    const lanes = lanesOf(group[0], ['grpo', 'planpo']);
    expect(lanes.map((l) => l.label)).toEqual(['GRPO', 'PlanPO A^E', 'PlanPO α·A^S', 'PlanPO total']);
  });

  it('A^E plus α·A^S equals the PlanPO total on every turn', () => {
    const [, aE, aS, total] = lanesOf(group[1], ['grpo', 'planpo']);
    total.perTurn.forEach((v, t) => expect(aE.perTurn[t] + aS.perTurn[t]).toBeCloseTo(v, 12));
  });

  it('estimators missing from a record are skipped', () => {
    expect(lanesOf(group[0], ['gigpo', 'grpo']).map((l) => l.estimator)).toEqual(['grpo']);
    expect(meanAdvantage(group[0], 'gigpo')).toBeNull();
  });

  it('the lane mean of a constant lane is that constant', () => {
    const [grpo] = lanesOf(group[0], ['grpo']);
    expect(laneMean(grpo)).toBeCloseTo(grpo.perTurn[0]);
  });
});

describe('group order', () => {
  it('sorting by length puts the shortest first and successes before failures on ties', () => {
    const order = groupOrder(group, 'length', 'grpo');
    const lengths = order.map((i) => group[i].turns.length);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
    expect(group[order[0]].outcome.success).toBe(true);
  });

  it('sorting by PlanPO advantage ranks the direct, concise success first', () => {
    expect(groupOrder(group, 'advantage', 'planpo')[0]).toBe(0);
  });

  it('sorting by GRPO advantage keeps tied successes in member order', () => {
    expect(groupOrder(group, 'advantage', 'grpo').slice(0, 4)).toEqual([0, 1, 2, 4]);
  });

  it('stepping through an order clamps at both ends', () => {
    expect(stepInOrder([2, 0, 1], 0, 1)).toBe(1);
    expect(stepInOrder([2, 0, 1], 1, 1)).toBe(1);
    expect(stepInOrder([2, 0, 1], 2, -1)).toBe(2);
  });
});

describe('response parts', () => {
  it('splits thoughts, action and tags', () => {
    expect(responseParts('<think>hmm so</think><action>go to desk 1</action>')).toEqual([
      { kind: 'tag', text: '<think>' }, { kind: 'thought', text: 'hmm so' }, { kind: 'tag', text: '</think>' },
      { kind: 'tag', text: '<action>' }, { kind: 'action', text: 'go to desk 1' }, { kind: 'tag', text: '</action>' },
    ]);
    expect(thoughtCount('<think>hmm so</think><action>look</action>')).toBe(2);
  });

  it('text outside the tags (free decoding) is kept as other', () => {
    expect(responseParts('look around')).toEqual([{ kind: 'other', text: 'look around' }]);
    expect(responseParts('<think>a<action>b')).toEqual([
      { kind: 'tag', text: '<think>' }, { kind: 'thought', text: 'a' }, { kind: 'tag', text: '<action>' }, { kind: 'action', text: 'b' },
    ]);
  });
});

describe('worked equations', () => {
  it('GRPO fills in the group mean and scale of R and gives the recorded advantage', () => {
    const { lines } = workedEquation('grpo', group, 0, 0);
    expect(lines[1]).toContain(`= ${fmt(group[0].estimator_advantages.grpo.per_turn[0])}`);
    expect(lines[1]).toContain('\\frac{10.0 - ');
  });

  it('PlanPO shows R^E, A^E, α and A^S for the selected turn', () => {
    const { lines } = workedEquation('planpo', group, 1, 2);
    const slice = group[1].estimator_advantages.planpo;
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(fmt(slice.per_turn[2]));
    expect(lines[1]).toContain(`T_{2} = ${group[1].turns.length}`);
  });

  it('RLOO shows its leave-one-out baseline', () => {
    expect(workedEquation('rloo', group, 3, 0).lines[0]).toMatch(/^A_\{4,1\} = .* = 0\.000 - /);
  });

  it('efficiency rewards are R/T for successes and 0 for failures', () => {
    const rE = workedTrajectories('planpo', group)!.map(efficiencyOf);
    expect(rE[0]).toBeCloseTo(10 / group[0].turns.length);
    expect(rE[3]).toBe(0);
  });
});
