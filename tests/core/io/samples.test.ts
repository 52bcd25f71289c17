import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importBytes } from '../../../src/core/io';
import { buildSamples, sampleIndex } from '../../../src/core/io/samples/index';

const dir = fileURLToPath(new URL('../../../public/samples/', import.meta.url));

describe('sample files (npm run samples)', () => {
  const samples = buildSamples();

  it('the committed public/samples files and index.json are what the generator writes', () => {
    expect(JSON.parse(readFileSync(`${dir}index.json`, 'utf8'))).toEqual(sampleIndex(samples));
    for (const s of samples) expect(Buffer.compare(readFileSync(`${dir}${s.file}`), Buffer.from(s.bytes)), s.file).toBe(0);
  });

  it('every sample covers a supported format, opens with its declared adapter and has no problems', () => {
    expect(new Set(samples.map((s) => s.format))).toEqual(new Set(['rollouts-v1', 'verl-agent', 'verl-agent-uid', 'agentgym-rl', 'ragen-cache']));
    for (const s of samples) {
      const result = importBytes(s.bytes, { fileName: s.file });
      expect(result.format, s.file).toBe(s.format);
      expect(result.problemCount, s.file).toBe(0);
      expect(result.summary.groups, s.file).toBeGreaterThan(0);
      expect(result.summary.trainSteps.length, s.file).toBeGreaterThan(0);
    }
  });
});
