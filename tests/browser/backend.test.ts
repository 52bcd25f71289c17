import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { foreignRequests, launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');

async function backendOf(page: import('playwright-core').Page) {
  const badge = page.getByTestId('backend');
  await badge.and(page.locator('[data-selftest-ok]:not([data-selftest-ok=""])')).waitFor({ timeout: 120_000 });
  return {
    backend: await badge.getAttribute('data-backend'),
    adapter: await badge.getAttribute('data-adapter'),
    selfTest: await badge.getAttribute('data-selftest'),
    selfTestOk: await badge.getAttribute('data-selftest-ok'),
    text: await badge.innerText(),
  };
}

describe('with --enable-unsafe-webgpu', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: true });
  });
  afterAll(() => lab?.close());

  it('?backend=webgpu runs a checked matmul on WebGPU with the SwiftShader adapter, served from a sub-path', async () => {
    const { page, requests, errors } = await openPage(lab, `${baseUrl}?backend=webgpu`);
    const status = await backendOf(page);
    expect(status.backend).toBe('webgpu');
    expect(status.adapter).toBe('swiftshader');
    expect(status.selfTest).toBe('19,22,43,50');
    expect(status.selfTestOk).toBe('true');
    expect(status.text).toContain('webgpu');
    expect(await page.getByTestId('backend-notice').count()).toBe(0);
    expect(foreignRequests(requests, baseUrl)).toEqual([]);
    expect(requests.some((u) => u.endsWith('.wasm') || u.includes('trainer.worker'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('auto picks wasm over the software adapter and says why', async () => {
    const { page } = await openPage(lab, baseUrl);
    const status = await backendOf(page);
    expect(status.backend).toBe('wasm');
    await expect(page.getByTestId('backend-notice').innerText()).resolves.toMatch(/software WebGPU adapter .*training on wasm/);
  });
});

describe('without the WebGPU flag', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('the same ?backend=webgpu link falls back to wasm and shows the notice', async () => {
    const { page, requests } = await openPage(lab, `${baseUrl}?backend=webgpu`);
    const status = await backendOf(page);
    expect(status.backend).toBe('wasm');
    expect(status.selfTest).toBe('19,22,43,50');
    await expect(page.getByTestId('backend-notice').innerText()).resolves.toBe('WebGPU unavailable, training on wasm');
    expect(foreignRequests(requests, baseUrl)).toEqual([]);
  });

  it('?backend=cpu is honoured', async () => {
    const { page } = await openPage(lab, `${baseUrl}?backend=cpu`);
    expect((await backendOf(page)).backend).toBe('cpu');
  });
});
