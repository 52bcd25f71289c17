import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exampleGroup } from '../../../../src/app/example-group';
import { ESTIMATOR_IDS, getEstimator } from '../../../../src/core/advantage/registry';
import { createScorer, estimatorAdvantagesOfV1OrLab, importBytes, importText, scoreTrajectories, trainingToRollouts, validateRolloutTrajectory, writeRollouts } from '../../../../src/core/io';
import { DEFAULT_CONFIG } from '../../../../src/core/train/config';

const sample = (name: string) => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../../public/samples/${name}`, import.meta.url))));

describe('export with every estimator’s advantages', () => {
  it('import → score every estimator → export → import gives identical advantages, records valid rollouts.v1', () => {
    for (const name of ['verl-agent-household/3.jsonl', 'agentgym-rl-science/step3/0.json', 'rollouts-v1.jsonl']) {
      const imported = importBytes(sample(name), { fileName: name });
      const scored = scoreTrajectories(imported.trajectories, { estimators: ESTIMATOR_IDS, primary: 'planpo', params: { planpo: { alpha: 0.07 } } });
      expect(scored.errors).toEqual([]);
      // An estimator that declares an input these logs lack (EMPG: turn entropies) is named in `unscored`, not failed.
      const hasEntropies = imported.trajectories.every((t) => t.turns.every((turn) => typeof turn.info?.entropy === 'number'));
      const scorable = ESTIMATOR_IDS.filter((id) => hasEntropies || (getEstimator(id).requires ?? []).length === 0);
      expect(scored.unscored).toHaveLength(ESTIMATOR_IDS.length - scorable.length);
      const again = importText(writeRollouts(scored.records));
      expect(again.problemCount).toBe(0);
      again.trajectories.forEach((record, i) => {
        expect(validateRolloutTrajectory(record).ok).toBe(true);
        expect(estimatorAdvantagesOfV1OrLab(record)).toEqual(estimatorAdvantagesOfV1OrLab(scored.records[i]));
        expect(Object.keys(estimatorAdvantagesOfV1OrLab(record))).toEqual(scorable);
        expect(record.advantages).toMatchObject({ estimator: 'planpo', per_turn: record.advantages!.estimators!.planpo.per_turn });
        expect(record.advantages!.estimators!.planpo.params).toMatchObject({ alpha: 0.07 });
        expect(record.turns.map((t) => t.response_tokens_estimated)).toEqual(scored.records[i].turns.map((t) => t.response_tokens_estimated));
      });
    }
  });

  it('the lab’s training records become rollouts.v1 with advantages.estimators, and score the same when re-imported', () => {
    const group = exampleGroup({ seed: 1, taskType: null, estimators: ['grpo', 'planpo'], config: DEFAULT_CONFIG });
    const records = trainingToRollouts([group]);
    expect(records).toHaveLength(group.length);
    for (const [i, r] of records.entries()) {
      expect(validateRolloutTrajectory(r).ok).toBe(true);
      expect('estimator_advantages' in r).toBe(false);
      expect(r.advantages!.estimators).toEqual(group[i].estimator_advantages);
      expect(r.oracle_turns).toBe(group[i].oracle_turns);
    }
    const reimported = importText(writeRollouts(records));
    const rescored = scoreTrajectories(reimported.trajectories, { estimators: ['grpo', 'planpo'], params: { planpo: { alpha: group[0].estimator_advantages.planpo.components.alpha as number } } });
    rescored.records.forEach((r, i) => {
      for (const id of ['grpo', 'planpo']) {
        const want = group[i].estimator_advantages[id].per_turn;
        r.advantages!.estimators![id].per_turn.forEach((a, t) => expect(a).toBeCloseTo(want[t], 9));
      }
    });
  });

  it('a per_turn array of the wrong length in advantages.estimators is a schema problem', () => {
    const record = importText(writeRollouts(trainingToRollouts([exampleGroup({ seed: 1, taskType: null, estimators: ['grpo'], config: DEFAULT_CONFIG })]))).trajectories[0];
    record.advantages!.estimators!.grpo.per_turn.push(1);
    const result = validateRolloutTrajectory(record);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0].path).toBe('advantages.estimators.grpo.per_turn');
  });
});

describe('re-scoring (live parameters)', () => {
  it('a scorer groups once; re-scoring one estimator changes its numbers and keeps the others', () => {
    const imported = importBytes(sample('verl-agent-household/3.jsonl'));
    const scorer = createScorer(imported.trajectories);
    const first = scorer.score({ estimators: ['grpo', 'planpo'], params: { planpo: { alpha: 0.1 } } });
    const again = createScorer(first.records).score({ estimators: ['planpo'], params: { planpo: { alpha: 0.5 } } });
    const success = again.records.findIndex((r) => r.outcome.success);
    expect(again.records[success].advantages!.estimators!.grpo).toEqual(first.records[success].advantages!.estimators!.grpo);
    expect(again.records[success].advantages!.estimators!.planpo.per_turn).not.toEqual(first.records[success].advantages!.estimators!.planpo.per_turn);
    expect(again.records[success].advantages!.estimators!.planpo.params).toMatchObject({ alpha: 0.5 });
  });
});
