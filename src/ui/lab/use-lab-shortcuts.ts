import { useEffect } from 'react';
import { step, toggleTraining } from '../../app/run-client';
import { useConfigStore } from '../../state/config-store';
import { useRunStore } from '../../state/run-store';
import { useViewStore, viewEvents } from '../../state/view-store';
import { stepInOrder } from '../group/group-order';
import { resolveSelection, selectionOrder } from '../group/selection';
import { handleShortcut } from './shortcuts';

function current() {
  const view = useViewStore.getState();
  const selection = resolveSelection(useRunStore.getState(), view, useConfigStore.getState().config.estimators);
  return { view, selection };
}

/** Space: train/pause, S: step, arrows: move through trajectories and turns. */
export function useLabShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      handleShortcut(event, {
        toggleTraining: () => void toggleTraining(),
        step: () => void step(),
        moveTrajectory: (delta) => {
          const { view, selection } = current();
          const next = stepInOrder(selectionOrder(selection, view), view.trajectory, delta);
          viewEvents.trajectoryFocused(next, 0);
        },
        moveTurn: (delta) => {
          const { view, selection } = current();
          const turns = selection.group?.[view.trajectory]?.turns.length ?? 0;
          viewEvents.turnFocused(Math.max(0, Math.min(turns - 1, view.turn + delta)));
        },
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
