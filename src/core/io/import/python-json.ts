/**
 * JSON as Python writes it: `json.dumps` (and W&B's table export) write a float NaN or infinity as
 * the bare words `NaN`, `Infinity`, `-Infinity`, which JSON does not allow. TRL logs a reward
 * function that returned None as NaN, so its tables hold them. `parsePythonJson` tries JSON.parse
 * and, only if that fails and such a word occurs outside a string, reads them as null.
 */

const WORDS = /^(?:-?Infinity|NaN)/;

/** `text` with bare NaN / Infinity / -Infinity (outside strings) replaced by null; null if there are none. */
export function nullNonFinite(text: string): string | null {
  const out: string[] = [];
  let from = 0;
  let inString = false;
  let found = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === 'N' || c === 'I' || c === '-') {
      const word = WORDS.exec(text.slice(i, i + 9));
      if (word) {
        out.push(text.slice(from, i), 'null');
        i += word[0].length - 1;
        from = i + 1;
        found = true;
      }
    }
  }
  if (!found) return null;
  out.push(text.slice(from));
  return out.join('');
}

/** JSON.parse, then (on failure) the same text with NaN / Infinity as null; `nonFinite` says whether that was needed. */
export function parsePythonJson(text: string): { value: unknown; nonFinite: boolean } {
  try {
    return { value: JSON.parse(text), nonFinite: false };
  } catch (error) {
    const fixed = /NaN|Infinity/.test(text) ? nullNonFinite(text) : null;
    if (fixed === null) throw error;
    try {
      return { value: JSON.parse(fixed), nonFinite: true };
    } catch {
      throw error;
    }
  }
}
