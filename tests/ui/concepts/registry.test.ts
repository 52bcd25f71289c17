import { existsSync, readFileSync } from 'node:fs';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands';
import { CONCEPTS } from '../../../src/ui/concepts/registry';

describe('concept registry entries carry their whole contract', () => {
  it('ids are unique URL-safe slugs', () => {
    const ids = CONCEPTS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
  });

  describe.each(CONCEPTS.map((c) => [c.id, c] as const))('%s', (_id, concept) => {
    it('has a title, a summary, an equation KaTeX renders, and a component', () => {
      expect(concept.title.length).toBeGreaterThan(0);
      expect(concept.summary.length).toBeGreaterThan(40);
      expect(() => katex.renderToString(concept.equation, { throwOnError: true })).not.toThrow();
      expect(typeof concept.Component).toBe('function');
    });

    it('its docs page exists and names its CLI command, which is a registered command', () => {
      expect(existsSync(concept.docsPath)).toBe(true);
      expect(readFileSync(concept.docsPath, 'utf8')).toContain(concept.cliCommand);
      const [, name] = concept.cliCommand.match(/^npm run -s cli -- ([a-z-]+)/) ?? [];
      expect(COMMANDS.map((c) => c.name)).toContain(name);
    });
  });
});
