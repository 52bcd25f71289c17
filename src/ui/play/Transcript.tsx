import { useEffect, useRef } from 'react';
import type { TranscriptEntry } from './play-session';

/** What the agent sees, turn by turn; new lines are announced politely and scrolled into view. */
export function Transcript({ entries }: { entries: TranscriptEntry[] }) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // braces: scrollIntoView returns a promise in recent Chromium, and an effect may only return a cleanup
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [entries.length]);
  return (
    <div role="log" aria-label="Transcript" aria-live="polite">
    <ol className="transcript" tabIndex={0} aria-label="Transcript lines">
      {entries.map((e, k) => (
        <li key={k} className={`transcript-${e.kind}`}>
          {e.kind === 'action' ? <><span className="turn-no">{e.turn}.</span> <span className="action">&gt; {e.text}</span></> : <pre>{e.text}</pre>}
        </li>
      ))}
      <li ref={end} aria-hidden="true" className="transcript-end" />
    </ol>
    </div>
  );
}
