/**
 * A user's column mapping as an adapter (`createImporter({ mapping })`): every row, whatever its
 * columns, is read through the mapping (`../mapping.ts`, `table-rows.ts`). Not in the registry: it
 * needs the mapping, and it never detects anything on its own.
 */
import { isObject } from '../../rollouts-v1';
import type { ColumnMapping } from '../mapping';
import type { ImportAdapter } from '../types';
import { openTableRows } from './table-rows';

export function mappedFormat(mapping: ColumnMapping): ImportAdapter {
  return {
    id: 'column-mapping',
    label: `column mapping "${mapping.name}"`,
    framework: 'mapping',
    description: 'rows of any table read through a column mapping (group, prompt, response, reward, success, step, turn)',
    detect: ({ value }) => isObject(value),
    open: (ctx) => openTableRows(ctx, mapping, { framework: 'table', env: 'table' }),
  };
}
