/**
 * CRC-32 as ZIP, gzip and PNG define it: the reflected polynomial 0xEDB88320, initial value and
 * final XOR 0xFFFFFFFF; crc32(ASCII "123456789") = 0xCBF43926 (the standard check value).
 * Incremental: `crc32(b, crc32(a))` equals `crc32(a ++ b)`, so a stream is checked chunk by chunk.
 * (fflate computes it internally but does not export it, nor compare it when unpacking.)
 */

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of `bytes` (unsigned), continuing from `previous` (the CRC of the bytes before them). */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let c = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
