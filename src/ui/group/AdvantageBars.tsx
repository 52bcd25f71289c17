import { seriesVar } from '../palette';
import { layoutBars, type BarDatum } from '../charts/bars-layout';

export interface LaneValue extends BarDatum {
  label: string;
  estimator: string;
}

/** Tiny bars, one per lane, on the group's shared symmetric scale; numbers beside for reading. Nothing without lanes (no advantages shown). */
export function AdvantageBars({ values, bound, width = 64, height = 22, numbers = true }: {
  values: LaneValue[]; bound: number; width?: number; height?: number; numbers?: boolean;
}) {
  if (values.length === 0) return null;
  const { bars, zeroY } = layoutBars(values, { width, height }, bound);
  return (
    <span className="adv-bars">
      <svg width={width} height={height} role="img" aria-label={values.map((v) => `${v.label} ${v.value.toFixed(3)}`).join(', ')}>
        <line x1={0} x2={width} y1={zeroY} y2={zeroY} className="zero" />
        {bars.map((b) => (
          <rect key={b.key} x={b.x} y={b.y} width={b.width} height={Math.max(b.height, 0.5)}
            style={{ fill: seriesVar(values.find((v) => v.key === b.key)?.estimator ?? '') }}
            className={b.key.endsWith(':total') ? 'total' : 'part'} />
        ))}
      </svg>
      {numbers && (
        <span className="adv-numbers">
          {values.map((v) => <span key={v.key} title={v.label}><abbr title={v.label}>{shortLabel(v.label)}</abbr> {signed(v.value)}</span>)}
        </span>
      )}
    </span>
  );
}

export function signed(v: number): string {
  if (!Number.isFinite(v)) return '–';
  return `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)}`;
}

function shortLabel(label: string): string {
  return label.replace(' total', '').replace('PlanPO ', '');
}
