import { describe, expect, it, vi } from 'vitest';
import { handleShortcut, isTypingTarget } from '../../src/ui/lab/shortcuts';

function key(k: string, extra: Partial<KeyboardEvent> = {}, target: unknown = { tagName: 'BODY' }) {
  let prevented = false;
  const event = {
    key: k, ctrlKey: false, metaKey: false, altKey: false, repeat: false, defaultPrevented: false, target,
    preventDefault: () => { prevented = true; }, ...extra,
  } as unknown as KeyboardEvent;
  return { event, prevented: () => prevented };
}

function actions() {
  return { toggleTraining: vi.fn(), step: vi.fn(), moveTrajectory: vi.fn(), moveTurn: vi.fn() };
}

describe('keyboard shortcuts', () => {
  it('space toggles training and s steps, preventing the default', () => {
    const a = actions();
    const space = key(' ');
    expect(handleShortcut(space.event, a)).toBe(true);
    expect(space.prevented()).toBe(true);
    handleShortcut(key('s').event, a);
    handleShortcut(key('S').event, a);
    expect(a.toggleTraining).toHaveBeenCalledTimes(1);
    expect(a.step).toHaveBeenCalledTimes(2);
  });

  it('arrows move through trajectories and turns', () => {
    const a = actions();
    for (const k of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) handleShortcut(key(k).event, a);
    expect(a.moveTrajectory.mock.calls).toEqual([[-1], [1]]);
    expect(a.moveTurn.mock.calls).toEqual([[-1], [1]]);
  });

  it('keys typed into inputs, selects and editable text are left alone', () => {
    const a = actions();
    for (const target of [{ tagName: 'INPUT' }, { tagName: 'SELECT' }, { tagName: 'TEXTAREA' }, { tagName: 'DIV', isContentEditable: true }]) {
      const e = key(' ', {}, target);
      expect(handleShortcut(e.event, a)).toBe(false);
      expect(e.prevented()).toBe(false);
    }
    expect(a.toggleTraining).not.toHaveBeenCalled();
    expect(isTypingTarget(null)).toBe(false);
  });

  it('modifier combinations and held-down space or s are ignored', () => {
    const a = actions();
    handleShortcut(key('s', { ctrlKey: true }).event, a);
    handleShortcut(key(' ', { repeat: true }).event, a);
    handleShortcut(key('x').event, a);
    expect(a.step).not.toHaveBeenCalled();
    expect(a.toggleTraining).not.toHaveBeenCalled();
  });
});

describe('shortcuts never hijack a focused control', () => {
  it('Space on a focused button or checkbox presses it; keys inside a dialog belong to the dialog', () => {
    const a = actions();
    const button = { tagName: 'BUTTON', getAttribute: () => null };
    expect(handleShortcut(key(' ', {}, button).event, a)).toBe(false);
    expect(handleShortcut(key(' ', {}, { tagName: 'path', getAttribute: (n: string) => (n === 'role' ? 'button' : null) }).event, a)).toBe(false);
    const inDialog = { tagName: 'DIV', getAttribute: () => null, closest: (sel: string) => (sel.includes('dialog') ? {} : null) };
    expect(handleShortcut(key('ArrowRight', {}, inDialog).event, a)).toBe(false);
    expect(a.toggleTraining).not.toHaveBeenCalled();
    expect(a.moveTrajectory).not.toHaveBeenCalled();
    expect(handleShortcut(key('s', {}, button).event, a)).toBe(true); // S still steps from a button
    expect(a.step).toHaveBeenCalledTimes(1);
  });
});
