/**
 * Every `scenarios` vector of advantages_golden.json, through the registry's estimators:
 * GRPO and PlanPO's A^E in three layouts (trajectory rows, turn rows with and without
 * cross-steps statistics) × std/no-std, PlanPO's A^S under the four turn groupings × both
 * singleton rules × std/no-std, and the combined PlanPO advantage for α ∈ {0.1, 0.075, 0.05}.
 */
import { describe, it } from 'vitest';
import { getEstimator } from '../../../src/core/advantage/registry';
import { groupNormalizeRows } from '../../../src/core/advantage/group-norm';
import type { TurnAdvantages } from '../../../src/core/advantage/types';
import type { PlanpoParams } from '../../../src/core/advantage/planpo';
import type { GrpoParams } from '../../../src/core/advantage/grpo';
import { expectClose, loadAdvantagesGolden, runByUid, type GoldenTrajectory, type Json } from './golden';

const golden = loadAdvantagesGolden();
const scenarios: Json[] = golden.scenarios;
const NORMS = [
  { tag: 'std_norm', normalizeByStd: true },
  { tag: 'no_std', normalizeByStd: false },
] as const;
const GROUPINGS = {
  by_turn_index: 'by-turn-index',
  flat: 'flat',
  by_turn_index_success_only: 'by-turn-index-success-only',
  flat_success_only: 'flat-success-only',
} as const;
const SINGLETONS = { grpo_fn: 'grpo-fn', stepnorm_fn: 'step-norm' } as const;

const grpo = getEstimator('grpo');
const planpo = getEstimator('planpo');

function perTurnRows(trajectories: GoldenTrajectory[], run: (g: Parameters<typeof grpo.estimate>[0]) => TurnAdvantages, pick: (r: TurnAdvantages) => number[][]): number[] {
  return runByUid(trajectories, (group) => pick(run(group))).flat();
}

/** First turn's value of each trajectory (the trajectory_rows layout). */
function firstTurns(trajectories: GoldenTrajectory[], run: (g: Parameters<typeof grpo.estimate>[0]) => TurnAdvantages, pick: (r: TurnAdvantages) => number[][]): number[] {
  return runByUid(trajectories, (group) => pick(run(group))).map((row) => row[0]);
}

describe.each(scenarios.map((s) => [s.name, s] as const))('golden scenario %s', (_name, scenario) => {
  const trajs: GoldenTrajectory[] = scenario.trajectories;

  describe.each(NORMS)('$tag', ({ tag, normalizeByStd }) => {
    const grpoRun = (stats: GrpoParams['stats']) => (g: Parameters<typeof grpo.estimate>[0]) =>
      grpo.estimate(g, { ...grpo.defaults, stats, normalizeByStd });
    const aeRun = (stats: PlanpoParams['stats']) => (g: Parameters<typeof grpo.estimate>[0]) =>
      planpo.estimate(g, { ...planpo.defaults, stats, normalizeByStd });
    const perTurn = (r: TurnAdvantages) => r.perTurn;
    const aE = (r: TurnAdvantages) => r.components.trajectoryAdvantage as number[][];

    it('grpo matches trajectory_rows with trajectory-level statistics', () => {
      expectClose(firstTurns(trajs, grpoRun('trajectory'), perTurn), scenario.grpo.trajectory_rows[`adv_${tag}`], 'grpo');
    });

    it('planpo A^E matches planpo_traj.trajectory_rows (Eq. 3)', () => {
      expectClose(firstTurns(trajs, aeRun('trajectory'), aE), scenario.planpo_traj.trajectory_rows[`adv_${tag}`], 'A^E');
    });

    if (scenario.grpo.step_rows) {
      it('grpo turn rows: trajectory stats = cross_steps=False, turn-weighted = cross_steps=True', () => {
        const rows = scenario.grpo.step_rows;
        expectClose(perTurnRows(trajs, grpoRun('trajectory'), perTurn), rows.cross_steps_false[`adv_${tag}`], 'grpo cs=False');
        expectClose(perTurnRows(trajs, grpoRun('turn-weighted'), perTurn), rows.cross_steps_true[`adv_${tag}`], 'grpo cs=True');
      });

      it('planpo A^E turn rows: trajectory and turn-weighted statistics', () => {
        const rows = scenario.planpo_traj.step_rows;
        expectClose(perTurnRows(trajs, aeRun('trajectory'), aE), rows.cross_steps_false[`adv_${tag}`], 'A^E cs=False');
        expectClose(perTurnRows(trajs, aeRun('turn-weighted'), aE), rows.cross_steps_true[`adv_${tag}`], 'A^E cs=True');
      });
    }

    for (const [gKey, turnGrouping] of Object.entries(GROUPINGS)) {
      const section = scenario[`planpo_turn_${gKey}`];
      if (!section) continue;
      for (const [sKey, turnSingleton] of Object.entries(SINGLETONS)) {
        it(`planpo A^S ${turnGrouping} with ${turnSingleton} singletons`, () => {
          const run = (g: Parameters<typeof grpo.estimate>[0]) =>
            planpo.estimate(g, { ...planpo.defaults, normalizeByStd, turnGrouping, turnSingleton });
          const aS = (r: TurnAdvantages) => r.components.responseAdvantage as number[][];
          expectClose(perTurnRows(trajs, run, aS), section[`${sKey}_${tag}`], `A^S ${gKey} ${sKey}`);
        });
      }
    }

    if (scenario.planpo_combined) {
      const values: Record<string, number[]> = scenario.planpo_combined.values;
      for (const key of Object.keys(values).filter((k) => k.includes(`|${tag}|`))) {
        const [gKey, , alphaPart] = key.split('|');
        const alpha = Number(alphaPart.replace('alpha=', ''));
        it(`planpo combined ${key}`, () => {
          const turnGrouping = GROUPINGS[gKey as keyof typeof GROUPINGS];
          const run = (g: Parameters<typeof grpo.estimate>[0]) =>
            planpo.estimate(g, { ...planpo.defaults, normalizeByStd, turnGrouping, turnSingleton: 'grpo-fn', alpha });
          expectClose(perTurnRows(trajs, run, perTurn), values[key], key);
        });
      }
    }
  });
});

describe('golden scenario rows through the row-level API (verl batch layout, groups interleaved)', () => {
  const layouts = scenarios.flatMap((s) =>
    (['grpo', 'planpo_traj'] as const)
      .filter((part) => s[part].step_rows)
      .map((part) => [`${s.name} ${part}`, s[part]] as const),
  );
  it.each(layouts)('%s: cross_steps True = all rows, False = first row per trajectory', (_label, part) => {
    const rows: Json[] = part.step_rows.rows;
    const scores = rows.map((r) => r.score);
    const uids = rows.map((r) => r.uid);
    const trajIds = rows.map((r) => r.traj_uid);
    for (const { tag, normalizeByStd } of NORMS) {
      const options = { normalizeByStd, stdEpsilon: 1e-6, singleton: 'grpo-fn' as const, trajIds };
      expectClose(groupNormalizeRows(scores, uids, options), part.step_rows.cross_steps_true[`adv_${tag}`], `${tag} cs=True`);
      expectClose(
        groupNormalizeRows(scores, uids, { ...options, statsRows: 'first-per-trajectory' }),
        part.step_rows.cross_steps_false[`adv_${tag}`],
        `${tag} cs=False`,
      );
    }
  });
});
