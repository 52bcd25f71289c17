const GiB = 1024 ** 3;

/** Bytes in words: "1.63 GB", "12 MB", "3 kB" (binary units, as browsers report storage). */
export function formatBytes(bytes: number): string {
  if (bytes >= GiB) return `${(bytes / GiB).toFixed(2)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.ceil(bytes / 1024)} kB`;
}
