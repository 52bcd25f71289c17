/**
 * A Markdown table of declared parameters, for docs pages that list them (docs/training.md's
 * RunConfig table). A docs test compares the page's table with this one, so the page follows the
 * declaration.
 */
import { describeParam } from './validate';
import type { ParamSpec } from './spec';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** `| key | default | valid values | CLI flag | link key | meaning |` rows, one per spec. */
export function paramTable(specs: readonly ParamSpec[]): string {
  const rows = specs.map((p) => `| \`${p.key}\` | \`${p.default === null ? 'null' : String(p.default)}\` | ${cell(describeParam(p))} | \`--${p.cliFlag}\` | ${p.linkKey === '' ? '—' : `\`${p.linkKey}\``} | ${cell(`${p.label}: ${p.help}`)} |`);
  return ['| field | default | valid values | CLI flag | link key | meaning |', '| --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}
