import { useEffect, useRef, useState } from 'react';
import { pause, reset, step, train } from '../../app/run-client';
import { copyText } from '../../app/clipboard';
import { currentShareUrl } from '../../app/url-sync';
import { useRunStore } from '../../state/run-store';
import { RECORDED_ID_PREFIX } from '../../app/recorded-client';
import { useSavedRunsStore } from '../../state/saved-runs-store';
import { viewEvents } from '../../state/view-store';

/** Train, Pause, Step, Reset and Copy link; the link is also shown for copying by hand. */
export function Controls() {
  const training = useRunStore((s) => s.training);
  const recorded = useRunStore((s) => s.runs.some((r) => r.id.startsWith(RECORDED_ID_PREFIX)));
  const readOnly = useSavedRunsStore((s) => s.readOnly); // another tab trains these runs
  // Train disables itself when pressed (Pause when training stops): focus moves to the other, not to <body>
  const trainButton = useRef<HTMLButtonElement>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  const inToolbar = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (lost && inToolbar.current) (training ? pauseButton : trainButton).current?.focus();
  }, [training]);
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);
  const copy = async () => {
    const url = currentShareUrl();
    const copied = await copyText(url);
    setLink({ url, copied });
  };
  return (
    <div className="controls">
      <div role="toolbar" aria-label="Training controls" className="buttons"
        onFocus={() => { inToolbar.current = true; }} onBlur={(e) => { inToolbar.current = e.currentTarget.contains(e.relatedTarget) || e.relatedTarget === null; }}>
        <button type="button" ref={trainButton} id="train-button" className="primary" onClick={() => void train()} disabled={training || readOnly}>{recorded ? 'Train live' : 'Train'}</button>
        <button type="button" ref={pauseButton} onClick={() => void pause()} disabled={!training}>Pause</button>
        <button type="button" data-control="step" onClick={() => void step()} disabled={readOnly}>Step</button>
        <button type="button" data-control="reset" onClick={() => { reset(); viewEvents.viewReset(); }}>Reset</button>
        <button type="button" data-control="copy-link" onClick={() => void copy()}>Copy link</button>
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
