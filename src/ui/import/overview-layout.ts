/**
 * The import overview's panels: one value per training step from the overview rows, as the
 * training curves' series (so the same pure layout draws them). Pure.
 */
import type { StepRow } from '../../core/io/import/session/overview';
import type { CurveSeries } from '../charts/curves-layout';
import { seriesVar } from '../palette';

export interface OverviewPanel {
  key: string;
  title: string;
  series: CurveSeries[];
  /** CSS colour variable per series id. */
  colors: Record<string, string>;
  yInclude?: number[];
}

const points = (rows: StepRow[], pick: (r: StepRow) => number | null) =>
  rows.filter((r) => r.step !== null).map((r) => ({ x: r.step as number, y: pick(r) }));

export function overviewPanels(rows: StepRow[], estimators: readonly string[], tokensEstimated: boolean): OverviewPanel[] {
  const one = (key: string, title: string, pick: (r: StepRow) => number | null, yInclude?: number[]): OverviewPanel => ({
    key, title, series: [{ id: key, points: points(rows, pick) }], colors: { [key]: 'var(--fg, #222)' }, yInclude,
  });
  return [
    one('zero', 'Groups with all-equal outcomes (GRPO advantage 0)', (r) => r.zeroGrpoFraction, [0, 1]),
    one('turns', 'Spread of successful T within groups (std)', (r) => r.successTurnsSpread, [0]),
    one('tokens', `Spread of response tokens L within groups (std${tokensEstimated ? ', L estimated' : ''})`, (r) => r.responseTokensSpread, [0]),
    one('length-ratio', `Length heterogeneity within groups (median max L / min L${tokensEstimated ? ', L estimated' : ''})`, (r) => r.lengthRatio, [1]),
    {
      key: 'advantage', title: 'Mean |A| per estimator',
      series: estimators.map((id) => ({ id, points: points(rows, (r) => r.estimators[id]?.meanAbsAdvantage ?? null) })),
      colors: Object.fromEntries(estimators.map((id) => [id, seriesVar(id)])), yInclude: [0],
    },
  ];
}
