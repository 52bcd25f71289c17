import { describe, expect, it } from 'vitest';
import { viewFromHash, VIEWS, type ViewEntry } from '../../src/ui/views';

/** A React component: a function, or a `React.lazy` one (views not on the first screen load when opened). */
const isComponent = (c: unknown): boolean =>
  typeof c === 'function' || (typeof c === 'object' && c !== null && (c as { $$typeof?: symbol }).$$typeof === Symbol.for('react.lazy'));

/** The contract of a view entry: a slug id that is its own #hash, a label for the navigation, a component. */
function checkView(view: ViewEntry, views: readonly ViewEntry[]): void {
  expect(view.id).toMatch(/^[a-z][a-z0-9-]*$/);
  expect(view.label.length).toBeGreaterThan(0);
  expect(isComponent(view.Component)).toBe(true);
  expect(viewFromHash(`#${view.id}`, views)).toBe(view);
  expect(viewFromHash(`#/${view.id}/deeper`, views)).toBe(view);
}

describe('the view registry', () => {
  it('has unique ids, the lab first (what an unknown hash opens)', () => {
    const ids = VIEWS.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(viewFromHash('#no-such-view').id).toBe(ids[0]);
    expect(ids[0]).toBe('lab');
  });

  it.each(VIEWS.map((v) => [v.id, v] as const))('%s opens from its own hash and has a label and a component', (_id, view) => {
    checkView(view, VIEWS);
  });

  it('a toy view added as one entry opens from its hash, and a broken one is caught', () => {
    const toy: ViewEntry = { id: 'toy-view', label: 'Toy', Component: () => null };
    const views = [...VIEWS, toy];
    checkView(toy, views);
    expect(() => checkView({ ...toy, id: 'Toy View' }, views)).toThrow();
    expect(() => checkView({ ...toy, Component: {} as ViewEntry['Component'] }, views)).toThrow(); // not a component
    expect(() => checkView(toy, VIEWS)).toThrow(); // not listed: the hash opens the lab instead
  });
});
