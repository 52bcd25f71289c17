/**
 * The CRC-32 check of a ZIP archive's entries. fflate's `unzipSync` inflates without comparing
 * the CRC-32 each entry declares, so a damaged byte that still inflates (or sits in a stored
 * entry) would be read as data. `crcProblem` reads the declared CRCs from the archive's central
 * directory and compares them with the CRC-32 of the unpacked bytes.
 */
import { crc32 } from '../io/crc32';

export { crc32 };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

/** name → CRC-32 as the central directory declares it; null when the directory cannot be found. */
export function declaredCrcs(zip: Uint8Array): Map<string, number> | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // The end-of-directory record is 22 bytes plus a comment of up to 65,535 bytes.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const crcs = new Map<string, number>();
  const decoder = new TextDecoder();
  for (let e = 0; e < count; e++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (at + 46 + nameLength > zip.length) return null;
    crcs.set(decoder.decode(zip.subarray(at + 46, at + 46 + nameLength)), view.getUint32(at + 16, true));
    at += 46 + skip;
  }
  return crcs;
}

/**
 * The first entry whose bytes do not match the CRC-32 the archive declares for it, as a phrase
 * ("tensors.bin fails its CRC-32 check (declared 0x1a2b3c4d, computed 0x...)"), or null when all
 * match. An entry missing from the directory, or a directory that cannot be read, is named too.
 */
export function crcProblem(zip: Uint8Array, entries: Record<string, Uint8Array>): string | null {
  const crcs = declaredCrcs(zip);
  if (crcs === null) return "its central directory cannot be read";
  const hex = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;
  for (const [name, data] of Object.entries(entries)) {
    const declared = crcs.get(name);
    if (declared === undefined) return `${name} is not listed in its central directory`;
    const computed = crc32(data);
    if (computed !== declared) return `${name} fails its CRC-32 check (declared ${hex(declared)}, computed ${hex(computed)})`;
  }
  return null;
}
