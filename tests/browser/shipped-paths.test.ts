import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';

/**
 * Nothing the build ships names a folder of the machine that made it: results files, recorded
 * runs, samples and bundles are read by every visitor. (tests/browser/run.mjs builds dist/ first.)
 */
const MACHINE_PATH = /(?:^|[\s"'`=(:])(\/(?:tmp|work|home|root|Users)\/[^\s"'`)]*|[A-Za-z]:\\\\(?:Users|tmp)\\\\[^\s"'`)]*)/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('what the build ships', () => {
  it('names no absolute path of any machine (/tmp/, /work/, /home/, /root/, /Users/, C:\\Users\\)', () => {
    const dist = resolve('dist');
    const found: string[] = [];
    for (const file of files(dist)) {
      const bytes = readFileSync(file);
      // recorded runs, samples, run files (.rlrun: zip): read what they unpack to
      const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
      const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
      const unpacked = gzip ? [gunzipSync(bytes)] : zip ? Object.values(unzipSync(bytes)) : [];
      const text = Buffer.concat([bytes, ...unpacked]).toString('latin1');
      const hit = MACHINE_PATH.exec(text);
      if (hit) found.push(`${relative(dist, file)}: ${hit[1].slice(0, 80)}`);
    }
    expect(found).toEqual([]);
  });

  it('the pattern finds such a path where one is', () => {
    expect(MACHINE_PATH.exec('"command":"npm run cli -- --out /tmp/exp/main"')?.[1]).toBe('/tmp/exp/main');
    expect(MACHINE_PATH.exec('written to C:\\\\Users\\\\ana\\\\runs')?.[1]).toBe('C:\\\\Users\\\\ana\\\\runs');
    expect(MACHINE_PATH.exec('--out docs/experiments/ood')).toBeNull();
  });
});
