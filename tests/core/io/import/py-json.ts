/**
 * Python's `json.dumps(value, ensure_ascii=False)` for test fixtures, so rows read exactly as the
 * frameworks' writers write them: `", "` and `": "` separators, and floats (wrap them with `pyFloat`)
 * always with a decimal point (`1.0`), as `float.__repr__` writes them.
 */
export class PyFloat {
  constructor(readonly value: number) {}
}

export const pyFloat = (x: number): PyFloat => new PyFloat(x);

export function pyDumps(value: unknown): string {
  if (value instanceof PyFloat) return Number.isInteger(value.value) ? value.value.toFixed(1) : String(value.value);
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pyDumps).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pyDumps(v)}`).join(', ')}}`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value);
}

/** Lines joined as verl's `_dump_generations` writes them: `"\n".join(lines) + "\n"`. */
export const pyJsonLines = (rows: readonly unknown[]): string => `${rows.map(pyDumps).join('\n')}\n`;
