import { useEffect, useRef, useState } from 'react';
import { classLinkParams } from '../../app/class-link';
import { CLASS_VIEWS, EMBED_IDS, EMBED_VIEWS, HIDEABLE_CONTROLS, HIDEABLE_IDS, RECORDINGS, type ClassSettings, type HideableControl } from '../../state/class-settings';
import { copyText } from '../../app/clipboard';
import { PRESETS } from '../../state/lab-config';
import { shareSearch } from '../../app/share-link';
import { shortFragment } from '../../app/short-link';
import { useClassStore } from '../../state/class-store';
import { useConfigStore } from '../../state/config-store';
import { useViewStore } from '../../state/view-store';
import { QrCode } from './QrCode';

function initialSettings(): ClassSettings {
  const current = useClassStore.getState().settings;
  const view = useViewStore.getState();
  return {
    ...current, view: 'lab', iteration: view.iteration, task: view.group, trajectory: view.trajectory, turn: null,
    recorded: current.recorded, embed: false, embedView: null,
  };
}

/** The link a teacher sends: the current configuration plus what opens and what is hidden. */
export function classLinkUrl(settings: ClassSettings): string {
  const { origin, pathname } = window.location;
  const config = useConfigStore.getState().config;
  const params = { ...classLinkParams(settings), recorded: settings.recorded ?? 'none' };
  return `${origin}${pathname}${shareSearch(config, params)}#${settings.view ?? 'lab'}`;
}

/** The same link, short: its query deflated into the fragment (src/app/short-link.ts). */
export function shortClassLinkUrl(longUrl: string): string {
  const url = new URL(longUrl);
  return `${url.origin}${url.pathname}${shortFragment(url.search)}`;
}

/** The HTML a teacher pastes into a course page or slide: the class link in a 16:9 iframe. */
export function embedSnippet(url: string): string {
  const src = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${src}" width="960" height="540" title="Rollout Lab" style="border:0" allow="clipboard-write"></iframe>`;
}

const optionalInt = (raw: string): number | null => (/^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null);

/** "Make a class link": a modal dialog (native <dialog>: focus kept inside, Escape closes). */
export function ClassLinkDialog({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [s, setS] = useState<ClassSettings>(initialSettings);
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const patch = (p: Partial<ClassSettings>) => { setS((old) => ({ ...old, ...p })); setCopied(null); };
  const toggleHidden = (id: HideableControl, on: boolean) =>
    patch({ hidden: HIDEABLE_IDS.filter((x) => (x === id ? on : s.hidden.includes(x))) });
  const url = classLinkUrl(s);
  const short = shortClassLinkUrl(url);
  const embedValue = !s.embed ? 'off' : s.embedView ?? 'whole';
  const check = (key: 'tour' | 'text' | 'autoplay' | 'presentation', label: string) => (
    <label className="check"><input type="checkbox" checked={s[key]} onChange={(e) => patch({ [key]: e.target.checked })} /> {label}</label>
  );
  return (
    <dialog ref={ref} className="class-link-dialog" aria-labelledby="class-link-title" onClose={onClose} onCancel={onClose}>
      <h2 id="class-link-title">Make a class link</h2>
      <p>The link opens the lab with the current settings and the choices below. Students can still change what is not hidden.</p>
      <div className="class-link-grid">
        <fieldset>
          <legend>Hide these controls</legend>
          {HIDEABLE_IDS.map((id) => (
            <label key={id} className="check">
              <input type="checkbox" checked={s.hidden.includes(id)} onChange={(e) => toggleHidden(id, e.target.checked)} /> {HIDEABLE_CONTROLS[id]}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Show and start</legend>
          {check('tour', 'Tour button')}
          {check('text', 'Explanatory text')}
          {check('autoplay', 'Start training on open')}
          {check('presentation', 'Presentation type (larger)')}
          <div className="field"><label className="field-label" htmlFor="class-link-embed">Embed in an iframe (no header, navigation or status bar)</label>
            <select id="class-link-embed" value={embedValue} onChange={(e) => {
              const v = e.target.value;
              patch({ embed: v !== 'off', embedView: v === 'off' || v === 'whole' ? null : (v as ClassSettings['embedView']) });
            }}>
              <option value="off">no (the whole app)</option>
              <option value="whole">the whole view</option>
              {EMBED_IDS.map((id) => <option key={id} value={id}>only: {EMBED_VIEWS[id]}</option>)}
            </select>
          </div>
          <label className="field"><span className="field-label">Preset applied on open</span>
            <select value={s.preset ?? ''} onChange={(e) => patch({ preset: e.target.value || null })}>
              <option value="">none (the current settings)</option>
              {PRESETS.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
            </select>
          </label>
          <label className="field"><span className="field-label">Recorded runs shown at once</span>
            <select value={s.recorded ?? 'none'} onChange={(e) => patch({ recorded: e.target.value === 'none' ? null : e.target.value })}>
              {RECORDINGS.map((r) => <option key={r} value={r}>{r} (trained GRPO and PlanPO)</option>)}
              <option value="none">none (students train)</option>
            </select>
          </label>
        </fieldset>
        <fieldset>
          <legend>What opens</legend>
          <label className="field"><span className="field-label">View</span>
            <select value={s.view ?? 'lab'} onChange={(e) => patch({ view: e.target.value as ClassSettings['view'] })}>
              {CLASS_VIEWS.map((v) => <option key={v} value={v}>{v}</option>)}
            </select>
          </label>
          <label className="field"><span className="field-label">Iteration (empty: latest)</span>
            <input inputMode="numeric" value={s.iteration ?? ''} onChange={(e) => patch({ iteration: optionalInt(e.target.value) })} /></label>
          <label className="field"><span className="field-label">Task (1 = first)</span>
            <input inputMode="numeric" value={s.task === null ? '' : s.task + 1} onChange={(e) => { const v = optionalInt(e.target.value); patch({ task: v === null ? null : v - 1 }); }} /></label>
          <label className="field"><span className="field-label">Trajectory (1 = first)</span>
            <input inputMode="numeric" value={s.trajectory === null ? '' : s.trajectory + 1} onChange={(e) => { const v = optionalInt(e.target.value); patch({ trajectory: v === null ? null : v - 1 }); }} /></label>
        </fieldset>
      </div>
      <div className="class-link-out">
        <div className="class-link-fields">
          <label className="field"><span className="field-label">Short class link ({short.length} characters; opens the same as the long one)</span>
            <input readOnly value={short} data-testid="class-link-short" onFocus={(e) => e.target.select()} /></label>
          <label className="field"><span className="field-label">Long class link (every setting readable in the address)</span>
            <input readOnly value={url} data-testid="class-link" onFocus={(e) => e.target.select()} /></label>
          {s.embed && (
            <label className="field"><span className="field-label">Embed snippet (paste into a course page or slide)</span>
              <textarea readOnly rows={2} value={embedSnippet(short)} data-testid="embed-snippet" onFocus={(e) => e.target.select()} /></label>
          )}
        </div>
        <figure className="class-link-qr">
          <QrCode text={short} label="QR code of the short class link" />
          <figcaption>Students scan it to open the link.</figcaption>
        </figure>
      </div>
      <div className="dialog-buttons">
        <button type="button" className="primary" onClick={() => void copyText(short).then(setCopied)}>Copy short link</button>
        <button type="button" onClick={() => void copyText(url).then(setCopied)}>Copy long link</button>
        <button type="button" onClick={onClose}>Close</button>
        <span role="status">{copied === null ? '' : copied ? 'Copied.' : 'Select the link above and copy it.'}</span>
      </div>
    </dialog>
  );
}
