import './charts.css';
import { memo, useMemo, useRef } from 'react';
import { useWhileVisible } from '../use-while-visible';
import { useConfigStore } from '../../state/config-store';
import { useRunStore } from '../../state/run-store';
import { useThrottled } from '../use-throttled';
import { viewEvents } from '../../state/view-store';
import { estimatorLabel } from '../../core/advantage/registry';
import type { Selection } from '../group/selection';
import { DivergenceBands } from './DivergenceBands';
import { componentPair, decomposedEstimator, estimatorPair, scatterPoints, type GroupedDatum } from './divergence-data';
import { DivergenceScatter, ScatterLegend } from './DivergenceScatter';

/**
 * While training, the scatters (a point per response of every group: hundreds of SVG marks) refresh at most this
 * often, on a timer of their own, so their redraw is a task apart from the group view's.
 */
export const DIVERGENCE_REFRESH_MS = 3000;

/** A picked point opens its group and its response in the group view. */
function pick(d: GroupedDatum): void {
  viewEvents.groupPicked(d.group);
  viewEvents.trajectoryFocused(d.member, d.turn);
}

/**
 * A_x vs A_y per response for the selected iteration, A^E vs α·A^S, and the divergence over training.
 * Off screen the throttled selection still ticks, but what the charts receive stays the same objects,
 * so the memoised charts skip it (they redrew their hundreds of points every 3 s unseen).
 */
export const DivergenceSection = memo(function DivergenceSection({ selection: live }: { selection: Selection }) {
  const slack = useConfigStore((s) => s.config.slack);
  const training = useRunStore((s) => s.training);
  const legend = useRef<HTMLParagraphElement>(null);
  const [selection, ref] = useWhileVisible(useThrottled(live, training ? DIVERGENCE_REFRESH_MS : 0));
  const [x, y] = selection.estimators;
  const groups = selection.groups;
  const pairData = useMemo(() => (x && y ? scatterPoints(groups, slack, estimatorPair(x, y)) : []), [groups, slack, x, y]);
  const split = useMemo(() => decomposedEstimator(groups, selection.estimators), [groups, selection.estimators]);
  const partData = useMemo(() => (split ? scatterPoints(groups, slack, componentPair(split)) : []), [groups, slack, split]);
  if (!x || !y) return null;
  const when = selection.source === 'example' ? 'worked example' : `iteration ${selection.iteration ?? '–'}, all tasks`;
  const lx = estimatorLabel(x);
  const ly = estimatorLabel(y);
  return (
    <section aria-label="Advantage divergence" className="divergence" ref={ref} data-control="divergence">
      <h3>Advantage divergence ({when})</h3>
      <ScatterLegend ref={legend} />
      <div className="chart-row">
        <DivergenceScatter title={`${lx} vs ${ly} advantage per response`} data={pairData} xLabel={`A ${lx}`} yLabel={`A ${ly}`} onPick={pick} legend={legend} />
        {split && (
          <DivergenceScatter title={`${estimatorLabel(split)}: A^E vs α·A^S per response`} data={partData}
            xLabel="A^E (trajectory)" yLabel="α·A^S (response)" onPick={pick} legend={legend} />
        )}
        {selection.run && (
          <DivergenceBands title={`A ${ly} − A ${lx} over training (${estimatorLabel(selection.run.estimator)} run)`}
            data={selection.run.divergence} yLabel={`A ${ly} − A ${lx}`} />
        )}
      </div>
    </section>
  );
});
