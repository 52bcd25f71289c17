import { describe, expect, it } from 'vitest';
import { conceptFromHash, conceptHref, conceptIdFromHash } from '../../../src/ui/concepts/concept-hash';
import type { ConceptEntry } from '../../../src/ui/concepts/concept-entry';
import { viewFromHash } from '../../../src/ui/views';

const entry = (id: string): ConceptEntry => ({
  id, title: id, summary: '', equation: 'x', docsPath: `docs/concepts/${id}.md`, cliCommand: 'npm run -s cli', Component: () => null,
});

describe('concept deep links', () => {
  it('a #concepts/<id> hash opens the Concepts view (the view is the part before the slash)', () => {
    expect(viewFromHash('#concepts/best-of-n').id).toBe('concepts');
    expect(viewFromHash('#concepts').id).toBe('concepts');
    expect(viewFromHash('#/play').id).toBe('play');
    expect(viewFromHash('#nothing/here').id).toBe('lab');
  });

  it('reads the concept id after the slash, or none', () => {
    expect(conceptIdFromHash('#concepts/best-of-n')).toBe('best-of-n');
    expect(conceptIdFromHash('#/concepts/a%20b')).toBe('a b');
    expect(conceptIdFromHash('#concepts')).toBeNull();
    expect(conceptIdFromHash('')).toBeNull();
  });

  it('picks the named concept, the first one for an unknown or missing id, and null for an empty list', () => {
    const list = [entry('one'), entry('two')];
    expect(conceptFromHash('#concepts/two', list)?.id).toBe('two');
    expect(conceptFromHash('#concepts/zzz', list)?.id).toBe('one');
    expect(conceptFromHash('#concepts', list)?.id).toBe('one');
    expect(conceptFromHash('#concepts/two', [])).toBeNull();
  });

  it('builds the hash it reads back', () => {
    expect(conceptIdFromHash(conceptHref('a b/c'))).toBe('a b/c');
  });
});
