/**
 * Text taken from a user or a file, made safe for a message: the one escaper of the project. A
 * control character (C0, DEL, C1) or a Unicode line/paragraph separator could drive a terminal,
 * break a one-line message or hide text, so each is written as a visible escape: `\n`, `\r`, `\t`,
 * `\xNN` for the other C0/C1 characters, `\u2028` / `\u2029`.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with every control character escaped; `keepNewlines` leaves `\n` alone (multi-line text such as an observation). */
export function escapeControl(text: string, keepNewlines = false): string {
  return text.replace(CONTROL, (c) => {
    if (keepNewlines && c === '\n') return c;
    const code = c.charCodeAt(0);
    return NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}

/** Longest quoted value, in characters, before it is cut. */
export const QUOTE_LIMIT = 80;

/**
 * A value quoted for a message: strings in double quotes, anything else as JSON; control characters
 * escaped; cut after `limit` characters with the total size given.
 */
export function quoteValue(value: unknown, limit = QUOTE_LIMIT): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const body = escapeAndCut(text, limit);
  return typeof value === 'string' ? `"${body}"` : body;
}

/** `text` escaped, then cut after `limit` characters with its total size given. */
export function escapeAndCut(text: string, limit: number): string {
  const safe = escapeControl(text);
  return safe.length > limit ? `${safe.slice(0, limit)}… (${text.length.toLocaleString('en-US')} characters)` : safe;
}
