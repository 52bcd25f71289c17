import './group.css';
import { memo } from 'react';
import { useWhileVisible } from '../use-while-visible';
import { exampleGroup } from '../../app/example-group';
import { useConfigStore } from '../../state/config-store';
import { useClassStore } from '../../state/class-store';
import { runEvents, useRunStore } from '../../state/run-store';
import { viewEvents } from '../../state/view-store';
import { EquationCards } from '../equations/EquationCards';
import { GroupPickers } from './GroupPickers';
import { FirstIterationWait } from '../classroom/SlowBackendNote';
import { RolloutGroup } from './RolloutGroup';
import type { Selection } from './selection';

/** Build and show the constructed worked-example group (the tour uses it too). */
export function loadExample(): void {
  const { config } = useConfigStore.getState();
  const estimators = config.estimators;
  const group = exampleGroup({ seed: config.run.seed, taskType: config.run.taskType, estimators, config: config.run, estimatorParams: config.estimatorParams });
  runEvents.exampleLoaded(group, estimators);
  viewEvents.runSelected('example');
}

/** Pickers, the selected rollout group and the equation cards filled in with its numbers. */
export const GroupSection = memo(function GroupSection({ selection: live }: { selection: Selection }) {
  const slack = useConfigStore((s) => s.config.slack);
  // runs already in the store (or recorded runs on their way) whose group is still being drawn
  const anyRuns = useRunStore((s) => s.runs.length > 0);
  const training = useRunStore((s) => s.training);
  const recordedLoading = useClassStore((s) => s.recorded.phase === 'loading');
  const coming = anyRuns || recordedLoading;
  // off screen the section keeps what it last showed, but never an empty group once there is one
  const [selection, ref] = useWhileVisible(live, (s) => s.group !== null);
  return (
    <section aria-label="Rollout groups" className="group-section" ref={ref}>
      <div className="section-head">
        <h2>Rollout group</h2>
        {selection.source !== 'none' && <GroupPickers selection={selection} />}
        <span data-control="example"><button type="button" onClick={loadExample}>Show a worked example</button></span>
      </div>
      {selection.source === 'example' && (
        <p className="note">A constructed example (not training output): one task played six ways, scored by the chosen estimators.</p>
      )}
      {selection.group ? (
        <div className="group-and-equations">
          <RolloutGroup group={selection.group} estimators={selection.estimators} slack={slack} replaceInStages={training} />
          <EquationCards group={selection.group} estimators={selection.estimators} />
        </div>
      ) : selection.source === 'run' ? <FirstIterationWait /> : coming ? (
        <p className="empty" role="status">Loading the rollout groups…</p>
      ) : (
        <p className="empty">
          Train or Step to see rollout groups, or open the worked example.
        </p>
      )}
    </section>
  );
});
