/**
 * Lab keyboard shortcuts. Keys typed into a text field, select or editable element are left
 * alone, as are combinations with Ctrl, Alt or Meta; Space on a focused button, link or checkbox
 * presses it; keys inside a dialog belong to the dialog.
 */
export interface ShortcutActions {
  toggleTraining(): void;
  step(): void;
  /** Move the focused trajectory (−1 / +1 in display order). */
  moveTrajectory(delta: number): void;
  /** Move the focused turn (−1 / +1). */
  moveTurn(delta: number): void;
}

export const SHORTCUTS: ReadonlyArray<{ keys: string[]; what: string }> = [
  { keys: ['Space'], what: 'Train / Pause' },
  { keys: ['S'], what: 'Step one iteration' },
  { keys: ['←', '→'], what: 'Previous / next trajectory' },
  { keys: ['↑', '↓'], what: 'Previous / next turn' },
];

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** True when the key press belongs to a field the person is typing in. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const el = target as HTMLElement;
  return TYPING.has(el.tagName) || el.isContentEditable === true;
}

const PRESSABLE = new Set(['BUTTON', 'A', 'SUMMARY']);
const PRESSABLE_ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'menuitem', 'tab', 'option', 'slider', 'spinbutton']);

/** True when Space (or Enter) would press or operate the focused element itself. */
export function isPressableTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const el = target as HTMLElement;
  const role = typeof el.getAttribute === 'function' ? el.getAttribute('role') : null;
  return PRESSABLE.has(el.tagName) || PRESSABLE_ROLES.has(role ?? '');
}

/** Inside a dialog (the tour, the class-link dialog) the keys belong to the dialog. */
function inDialog(target: EventTarget | null): boolean {
  return typeof (target as Element | null)?.closest === 'function' && (target as Element).closest('dialog, [role="dialog"]') !== null;
}

/** Runs the shortcut for `event` (returns true and prevents the default when it handled one). */
export function handleShortcut(event: KeyboardEvent, actions: ShortcutActions): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return false;
  if (event.key === ' ' && isPressableTarget(event.target)) return false; // Space presses the focused button
  if (inDialog(event.target)) return false;
  const run: Record<string, () => void> = {
    ' ': actions.toggleTraining,
    s: actions.step,
    S: actions.step,
    ArrowLeft: () => actions.moveTrajectory(-1),
    ArrowRight: () => actions.moveTrajectory(1),
    ArrowUp: () => actions.moveTurn(-1),
    ArrowDown: () => actions.moveTurn(1),
  };
  const action = run[event.key];
  if (!action || (event.repeat && (event.key === ' ' || event.key.toLowerCase() === 's'))) return false;
  event.preventDefault();
  action();
  return true;
}
