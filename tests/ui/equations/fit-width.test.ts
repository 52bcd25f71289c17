import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitScale, MIN_EQUATION_SCALE, nextScale } from '../../../src/ui/equations/use-fit-width';

/** The 0.01 steps from MIN_EQUATION_SCALE to 1. */
const STEPS = Array.from({ length: Math.round((1 - MIN_EQUATION_SCALE) * 100) + 1 }, (_, k) => Math.round((MIN_EQUATION_SCALE + k / 100) * 100) / 100);

/** Fits as the page runs it: one measurement per frame at the scale the equation has, until nextScale holds. */
function fit(start: number, widthAt: (scale: number) => number, room: number): { scale: number; frames: number } {
  let scale = start;
  let tooWide = Number.POSITIVE_INFINITY;
  for (let frames = 1; frames <= 1000; frames++) {
    const width = widthAt(scale);
    if (width > room + 1) tooWide = Math.min(tooWide, scale);
    const next = nextScale(scale, width, room, tooWide);
    if (next === null) return { scale, frames };
    scale = next;
  }
  throw new Error('the fit did not settle in 1,000 frames');
}

describe('fitting a display equation to its card', () => {
  it('text that scales exactly: one frame to the scale its width calls for, one to confirm it', () => {
    // 668 px at full size in a 568 px card: (568 + 1) / 668 = 0.851…, so 0.85 (567.8 px wide)
    expect(fitScale(668, 568)).toBe(0.85);
    expect(fit(1, (s) => 668 * s, 568)).toEqual({ scale: 0.85, frames: 2 });
    // too wide even at 0.7: it stops there and scrolls
    expect(fit(1, (s) => 1000 * s, 568).scale).toBe(MIN_EQUATION_SCALE);
    // a wider card lets a shrunk equation grow back
    expect(fit(0.7, (s) => 668 * s, 900)).toEqual({ scale: 1, frames: 2 });
  });

  it('text laid out in whole pixels (relatively wider as it shrinks): measured again and stepped down until it fits', () => {
    // like one equation in Chromium's headless shell: 668 px at full size, 574.9 px at 0.85 in a 568 px card
    const widthAt = (s: number) => 668 * s + 60 * (1 - s);
    expect(widthAt(0.85)).toBeCloseTo(576.8, 1);
    const { scale } = fit(1, widthAt, 568);
    expect(widthAt(scale)).toBeLessThanOrEqual(569);
    expect(widthAt(scale + 0.01)).toBeGreaterThan(569);
  });

  it('from any start, for widths that grow with the type (up to 5 % wider at small type, whole pixels or not), it settles at the largest scale that fits (within two steps: a pixel of rounding is a step on a narrow equation) or at 0.7', () => {
    const widths = fc.record({
      natural: fc.integer({ min: 50, max: 2000 }),
      slack: fc.integer({ min: 0, max: 5 }), // extra % of the full width at smaller type (whole-pixel glyphs)
      pixels: fc.boolean(), // widths in whole pixels
    });
    fc.assert(fc.property(widths, fc.integer({ min: 100, max: 1400 }), fc.constantFrom(...STEPS), ({ natural, slack, pixels }, room, start) => {
      const widthAt = (s: number) => { const w = natural * s + (natural * slack / 100) * (1 - s); return pixels ? Math.ceil(w) : w; };
      const { scale, frames } = fit(start, widthAt, room);
      const fitting = STEPS.filter((t) => widthAt(t) <= room + 1);
      const best = fitting.length > 0 ? Math.max(...fitting) : MIN_EQUATION_SCALE;
      expect(frames).toBeLessThanOrEqual(12);
      if (fitting.length === 0) expect(scale).toBe(MIN_EQUATION_SCALE);
      else {
        expect(widthAt(scale)).toBeLessThanOrEqual(room + 1);
        expect(scale).toBeGreaterThanOrEqual(Math.round((best - 0.02) * 100) / 100);
      }
    }), { numRuns: Number(process.env.FIT_RUNS ?? 500) });
  });

  it('for any widths at all (even ones that shrink as the type grows), the fit ends: fitting, or at 0.7 and still too wide', () => {
    const perStep = fc.array(fc.integer({ min: 400, max: 700 }), { minLength: STEPS.length, maxLength: STEPS.length });
    fc.assert(fc.property(perStep, fc.integer({ min: 450, max: 650 }), fc.constantFrom(...STEPS), (widths, room, start) => {
      const widthAt = (s: number) => widths[Math.round((s - MIN_EQUATION_SCALE) * 100)];
      const { scale, frames } = fit(start, widthAt, room);
      expect(frames).toBeLessThanOrEqual(STEPS.length * STEPS.length);
      expect(widthAt(scale) <= room + 1 || scale === MIN_EQUATION_SCALE).toBe(true);
    }), { numRuns: Number(process.env.FIT_RUNS ?? 500) });
  });
});
