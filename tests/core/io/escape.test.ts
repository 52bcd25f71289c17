import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeControl, quoteValue } from '../../../src/core/io/escape';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe('escapeControl and quoteValue: the one escaper', () => {
  it('writes each control character as a visible escape', () => {
    expect(escapeControl('a\nb\rc\td')).toBe('a\\nb\\rc\\td');
    expect(escapeControl('\u001b[31mred\u0007')).toBe('\\x1b[31mred\\x07');
    expect(escapeControl('\u007f\u0085\u009f')).toBe('\\x7f\\x85\\x9f');
    expect(escapeControl('line\u2028para\u2029')).toBe('line\\u2028para\\u2029');
    expect(escapeControl('plain text, é and ✓')).toBe('plain text, é and ✓');
  });

  it('keeps line breaks when asked, and escapes the rest', () => {
    expect(escapeControl('look\u001b[2J\ninventory\u0007\n', true)).toBe('look\\x1b[2J\ninventory\\x07\n');
  });

  it('leaves no control character and no line break in any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
      expect(CONTROL.test(escapeControl(s))).toBe(false);
      expect(escapeControl(s, true).replace(/\n/g, '')).not.toMatch(CONTROL);
    }));
  });

  it('quotes strings, writes other values as JSON, and cuts long ones with their size', () => {
    expect(quoteValue('x\ny')).toBe('"x\\ny"');
    expect(quoteValue(42)).toBe('42');
    expect(quoteValue({ a: [1] })).toBe('{"a":[1]}');
    expect(quoteValue(undefined)).toBe('undefined');
    expect(quoteValue('a'.repeat(100))).toBe(`"${'a'.repeat(80)}… (100 characters)"`);
    expect(quoteValue('abcdef', 3)).toBe('"abc… (6 characters)"');
  });
});
