import { useState } from 'react';
import { continueRecorded } from '../../app/recorded-continue';
import { RECORDED_ID_PREFIX } from '../../app/recorded-client';
import { useClassStore } from '../../state/class-store';
import { useRunStore } from '../../state/run-store';

/** Says when the runs on show are a recording, and what Train live does. */
export function RecordedNote() {
  const recorded = useRunStore((s) => s.runs.some((r) => r.id.startsWith(RECORDED_ID_PREFIX)));
  const state = useClassStore((s) => s.recorded);
  const finished = useRunStore((s) => s.runs.every((r) => r.status === 'finished'));
  const [error, setError] = useState<string | null>(null);
  if (state.phase === 'loading') return <p className="recorded-note" role="status">Loading the recorded runs…</p>;
  if (state.phase === 'failed') return <p className="recorded-note notice" role="status">{state.error}</p>;
  if (!recorded) return null;
  return (
    <p className="recorded-note" data-testid="recorded-note">
      <strong>Recorded runs</strong>, trained ahead of time: {state.description} <span data-text="true">Explore them now; <strong>Train live</strong> starts new runs in this browser from the settings.</span>
      {finished && (
        <button type="button" className="continue-recorded" onClick={() => void continueRecorded('classroom').catch((e: unknown) => setError(String(e)))}>
          Continue from the recorded weights
        </button>
      )}
      {!finished && <span> Ready to continue: <strong>Train</strong> or <strong>Step</strong> goes on from iteration {useRunStore.getState().runs[0]?.iteration ?? 0}.</span>}
      {error && <span className="notice" role="alert"> {error}</span>}
    </p>
  );
}
