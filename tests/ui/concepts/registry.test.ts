import { existsSync, readFileSync } from 'node:fs';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands';
import type { ConceptEntry } from '../../../src/ui/concepts/concept-entry';
import { conceptFromHash, conceptHref } from '../../../src/ui/concepts/concept-hash';
import { CONCEPTS } from '../../../src/ui/concepts/registry';

/** The contract every concept entry honours: what the view shows around its component. */
function checkConceptEntry(concept: ConceptEntry): void {
  expect(concept.id).toMatch(/^[a-z0-9-]+$/);
  expect(concept.title.length).toBeGreaterThan(0);
  expect(concept.summary.length).toBeGreaterThan(40);
  expect(() => katex.renderToString(concept.equation, { throwOnError: true })).not.toThrow();
  expect(typeof concept.Component).toBe('function');
  expect(existsSync(concept.docsPath), concept.docsPath).toBe(true);
  expect(readFileSync(concept.docsPath, 'utf8')).toContain(concept.cliCommand);
  const [, name] = concept.cliCommand.match(/^npm run -s cli -- ([a-z-]+)/) ?? [];
  expect(COMMANDS.map((c) => c.name)).toContain(name);
}

/** A toy concept: an entry file's worth of declarations (it reuses the best-of-n page and command). */
const toy: ConceptEntry = {
  id: 'toy-concept',
  title: 'A toy concept',
  summary: 'A contract-test entry: what a new concept declares to appear in the Concepts view with its page and command.',
  equation: String.raw`\hat{y} = \operatorname{arg\,max}_i R_i`,
  docsPath: 'docs/concepts/best-of-n.md',
  cliCommand: 'npm run -s cli -- best-of-n',
  Component: () => null,
};

describe('concept registry entries carry their whole contract', () => {
  it('ids are unique URL-safe slugs', () => {
    const ids = CONCEPTS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(CONCEPTS.map((c) => [c.id, c] as const))('%s: title, summary, equation KaTeX renders, component, docs page naming its registered CLI command', (_id, concept) => {
    checkConceptEntry(concept);
  });

  it('a toy entry passes the same contract, is opened by its own link, and a broken one is caught', () => {
    checkConceptEntry(toy);
    expect(conceptFromHash(conceptHref(toy.id), [...CONCEPTS, toy])).toBe(toy);
    expect(() => checkConceptEntry({ ...toy, cliCommand: 'npm run -s cli -- no-such-command' })).toThrow();
    expect(() => checkConceptEntry({ ...toy, docsPath: 'docs/concepts/missing.md' })).toThrow();
  });
});
