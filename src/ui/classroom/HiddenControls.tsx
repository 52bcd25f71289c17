import { useClassStore } from '../../state/class-store';

/** One display:none rule per control the class link hides (elements carry data-control="id"). */
export function HiddenControls() {
  const hidden = useClassStore((s) => s.settings.hidden);
  if (hidden.length === 0) return null;
  const css = hidden.map((id) => `[data-control="${id}"]`).join(',\n') + ' { display: none !important; }';
  return <style data-testid="hidden-controls">{css}</style>;
}
