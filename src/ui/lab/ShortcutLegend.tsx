import { SHORTCUTS } from './shortcuts';

export function ShortcutLegend() {
  return (
    <section aria-label="Keyboard shortcuts" className="shortcuts" data-control="shortcuts">
      <h3>Keyboard</h3>
      <dl>
        {SHORTCUTS.map((s) => (
          <div key={s.what}>
            <dt>{s.keys.map((k, i) => <span key={k}>{i > 0 && ' '}<kbd>{k}</kbd></span>)}</dt>
            <dd>{s.what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
