/**
 * `npx tsx tests/browser/take-screenshots.ts [outDir]`: screenshots of each view (Lab with the
 * recorded runs, the tour, the class-link dialog, Play, Experiments) at 1280×720 and 390×844, from
 * the production build in dist/ (run `npx vite build` first). Writes docs/screenshots/ by default.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { launchChromium } from './browser';
import { serveStatic } from './static-server';

const SIZES = [{ name: 'desktop', width: 1280, height: 720 }, { name: 'phone', width: 390, height: 844 }];

async function main() {
  const out = resolve(process.argv[2] ?? 'docs/screenshots');
  await mkdir(out, { recursive: true });
  const server = await serveStatic(resolve('dist'), '/');
  const lab = await launchChromium({ webgpu: false });
  try {
    for (const size of SIZES) {
      const context = await lab.browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      const shot = (name: string) => page.screenshot({ path: `${out}/${name}-${size.name}.png` });
      await page.goto(`${server.url}#lab`);
      await page.locator('.training-curves svg path.smooth').first().waitFor();
      await page.locator('.rollout-group article').first().waitFor();
      await page.locator('.scatter [data-testid="divergence-point"]').first().waitFor();
      await page.waitForTimeout(500);
      await shot('lab');
      await page.getByRole('button', { name: 'Take the tour' }).click();
      await page.getByRole('dialog', { name: /group of rollouts/ }).waitFor();
      await page.waitForTimeout(600);
      await shot('tour');
      await page.getByRole('button', { name: 'Close tour' }).click();
      await page.getByRole('button', { name: 'Make a class link' }).click();
      await page.getByRole('dialog', { name: 'Make a class link' }).waitFor();
      await shot('class-link');
      await page.keyboard.press('Escape');
      await page.goto(`${server.url}#play`);
      await page.getByRole('button', { name: 'Start' }).waitFor();
      await page.waitForTimeout(800);
      await shot('play');
      await page.goto(`${server.url}#experiments`);
      await page.waitForTimeout(1500);
      await shot('experiments');
      await context.close();
    }
  } finally {
    await lab.close();
    await server.close();
  }
}

void main();
