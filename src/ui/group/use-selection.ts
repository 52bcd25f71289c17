import { useMemo } from 'react';
import { useConfigStore } from '../../state/config-store';
import { useRunStore } from '../../state/run-store';
import { useViewStore } from '../../state/view-store';
import { useThrottled } from '../use-throttled';
import { resolveSelection, type Selection } from './selection';

/** While training and following the latest iteration, the group view refreshes at most this often. */
export const LIVE_REFRESH_MS = 2000;

/**
 * The selected group, re-resolved when the runs, the view or the configured estimators change;
 * while training and following the latest iteration, at most once per LIVE_REFRESH_MS.
 */
export function useSelection(): Selection {
  const live = useRunStore((s) => s.runs);
  const training = useRunStore((s) => s.training);
  const following = useViewStore((s) => s.iteration === null);
  const runs = useThrottled(live, training && following ? LIVE_REFRESH_MS : 0);
  const startedWith = useRunStore((s) => s.startedWith);
  const example = useRunStore((s) => s.example);
  const view = useViewStore();
  const estimators = useConfigStore((s) => s.config.estimators);
  return useMemo(
    () => resolveSelection({ runs, startedWith, example, training }, view, estimators),
    [runs, startedWith, example, training, view, estimators],
  );
}
