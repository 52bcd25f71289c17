import { useState } from 'react';
import { pause, reset, step, train } from '../../app/run-client';
import { copyText } from '../../app/clipboard';
import { currentShareUrl } from '../../app/url-sync';
import { useRunStore } from '../../state/run-store';
import { useSavedRunsStore } from '../../state/saved-runs-store';
import { viewEvents } from '../../state/view-store';

/** Train, Pause, Step, Reset and Copy link; the link is also shown for copying by hand. */
export function Controls() {
  const training = useRunStore((s) => s.training);
  const readOnly = useSavedRunsStore((s) => s.readOnly); // another tab trains these runs
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);
  const copy = async () => {
    const url = currentShareUrl();
    const copied = await copyText(url);
    setLink({ url, copied });
  };
  return (
    <div className="controls">
      <div role="toolbar" aria-label="Training controls" className="buttons">
        <button type="button" className="primary" onClick={() => void train()} disabled={training || readOnly}>Train</button>
        <button type="button" onClick={() => void pause()} disabled={!training}>Pause</button>
        <button type="button" onClick={() => void step()} disabled={readOnly}>Step</button>
        <button type="button" onClick={() => { reset(); viewEvents.viewReset(); }}>Reset</button>
        <button type="button" onClick={() => void copy()}>Copy link</button>
      </div>
      {link && (
        <div className="share-link">
          <label>
            <span>{link.copied ? 'Copied. Share link:' : 'Copy this share link:'}</span>
            <input readOnly value={link.url} data-testid="share-link" onFocus={(e) => e.target.select()} />
          </label>
          <span role="status" className="sr-only">{link.copied ? 'Link copied' : 'Link shown for copying'}</span>
        </div>
      )}
    </div>
  );
}
