import { RECORDED_ID_PREFIX } from '../../app/recorded-client';
import { useClassStore } from '../../state/class-store';
import { useRunStore } from '../../state/run-store';

/** Says when the runs on show are a recording, and what Train live does. */
export function RecordedNote() {
  const recorded = useRunStore((s) => s.runs.some((r) => r.id.startsWith(RECORDED_ID_PREFIX)));
  const state = useClassStore((s) => s.recorded);
  if (state.phase === 'loading') return <p className="recorded-note" role="status">Loading the recorded runs…</p>;
  if (state.phase === 'failed') return <p className="recorded-note notice" role="status">{state.error}</p>;
  if (!recorded) return null;
  return (
    <p className="recorded-note" data-testid="recorded-note">
      <strong>Recorded runs</strong>, trained ahead of time: {state.description} <span data-text="true">Explore them now; <strong>Train live</strong> starts new runs in this browser from the settings.</span>
    </p>
  );
}
