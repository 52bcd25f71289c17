/**
 * A random RFC 4122 v4 id. `crypto.randomUUID` exists only in secure contexts (https, localhost);
 * a class served over plain http on a school network, or a frame inside an insecure page, has only
 * `crypto.getRandomValues`, so the id is built from that there.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
