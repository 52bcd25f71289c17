/**
 * A ZIP archive whose entry `name` declares `size` bytes unpacked while holding what it holds: the
 * cheap stand-in for a huge, highly compressible entry (a 1 GB run-file entry costs a few bytes).
 * Patches the size in the entry's local header (offset 22) and central directory record (offset 24).
 */
export function withDeclaredSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const text = new TextEncoder().encode(name);
  const nameAt = (at: number) => text.every((b, i) => out[at + i] === b);
  let patched = 0;
  for (let at = 0; at + 46 <= out.length; at++) {
    const sig = view.getUint32(at, true);
    if (sig === 0x04034b50 && view.getUint16(at + 26, true) === text.length && nameAt(at + 30)) {
      view.setUint32(at + 22, size, true);
      patched++;
    } else if (sig === 0x02014b50 && view.getUint16(at + 28, true) === text.length && nameAt(at + 46)) {
      view.setUint32(at + 24, size, true);
      patched++;
    }
  }
  if (patched !== 2) throw new Error(`entry ${name}: patched ${patched} headers, expected 2`);
  return out;
}
