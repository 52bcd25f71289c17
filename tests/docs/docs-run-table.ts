import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

const START = '<!-- run-params:start (generated from src/core/train/run-params.ts) -->';
const END = '<!-- run-params:end -->';

/** The RunConfig table between the markers of docs/training.md. */
export function docsRunTable(): string {
  const text = readFileSync(new URL('../../docs/training.md', import.meta.url), 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  expect(from, 'docs/training.md has the run-params markers').toBeGreaterThan(0);
  return text.slice(from + START.length, to).trim();
}
