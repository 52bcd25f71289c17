/**
 * The small advantage bar chart of a trajectory or a turn: one bar per lane (GRPO, A^E, α·A^S,
 * total …) from a zero line, on a symmetric domain shared by the whole group so bars compare
 * across trajectories. Pure geometry.
 */
export interface BarDatum {
  key: string;
  value: number;
}

export interface Bar extends BarDatum {
  x: number;
  width: number;
  y: number;
  height: number;
  negative: boolean;
}

export interface BarsLayout {
  bars: Bar[];
  zeroY: number;
}

/** Largest |value| (at least `floor`), the half-range of the shared domain. */
export function barBound(values: Iterable<number>, floor = 1e-6): number {
  let bound = floor;
  for (const v of values) if (Number.isFinite(v)) bound = Math.max(bound, Math.abs(v));
  return bound;
}

export function layoutBars(data: readonly BarDatum[], size: { width: number; height: number }, bound: number): BarsLayout {
  const gap = 2;
  const n = Math.max(1, data.length);
  const width = Math.max(1, (size.width - gap * (n - 1)) / n);
  const half = size.height / 2;
  const scale = half / (bound > 0 ? bound : 1);
  const bars = data.map((d, i) => {
    const v = Number.isFinite(d.value) ? Math.max(-bound, Math.min(bound, d.value)) : 0;
    const h = Math.abs(v) * scale;
    return { ...d, x: i * (width + gap), width, y: v >= 0 ? half - h : half, height: h, negative: v < 0 };
  });
  return { bars, zeroY: half };
}
