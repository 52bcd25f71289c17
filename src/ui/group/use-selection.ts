import { useMemo } from 'react';
import { useConfigStore } from '../../state/config-store';
import { useRunStore } from '../../state/run-store';
import { useViewStore } from '../../state/view-store';
import { resolveSelection, type Selection } from './selection';

/** The selected group, re-resolved when the runs, the view or the configured estimators change. */
export function useSelection(): Selection {
  const runs = useRunStore((s) => s.runs);
  const startedWith = useRunStore((s) => s.startedWith);
  const example = useRunStore((s) => s.example);
  const training = useRunStore((s) => s.training);
  const view = useViewStore();
  const estimators = useConfigStore((s) => s.config.estimators);
  return useMemo(
    () => resolveSelection({ runs, startedWith, example, training }, view, estimators),
    [runs, startedWith, example, training, view, estimators],
  );
}
