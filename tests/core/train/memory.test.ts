import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, validateConfig } from '../../../src/core/train/config';
import { estimateRunMemory, memoryRefusal, RUN_MEMORY_BUDGET } from '../../../src/core/train/memory';

describe('run memory estimate', () => {
  it('lets the default size through on every backend', () => {
    for (const backend of Object.keys(RUN_MEMORY_BUDGET)) expect(memoryRefusal(DEFAULT_CONFIG, backend)).toBeNull();
  });

  it('refuses hidden 1024 × hashBuckets 65536 with an estimate above the 1.36 GB of tensors it really held', () => {
    const config = validateConfig({ ...DEFAULT_CONFIG, hidden: 1024, hashBuckets: 65536 }).config;
    const m = estimateRunMemory(config);
    expect(m.parameters).toBeGreaterThan(65536 * 1024);
    expect(m.tensorBytes).toBeGreaterThan(1.36e9);
    const refusal = memoryRefusal(config, 'wasm');
    expect(refusal).toMatch(/needs about \d+\.\d\d GB per run/);
    expect(refusal).toMatch(/Lower hidden or hashBuckets/);
  });
});
