import type { Tick } from './scales';

export interface Plot {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Left and bottom axes with tick labels and faint grid lines. */
export function Axes({ plot, xTicks, yTicks, xLabel, yLabel }: { plot: Plot; xTicks: Tick[]; yTicks: Tick[]; xLabel?: string; yLabel?: string }) {
  return (
    <g className="axes">
      {yTicks.map((t) => (
        <g key={`y${t.value}`}>
          <line x1={plot.left} x2={plot.right} y1={t.at} y2={t.at} className="grid" />
          <text x={plot.left - 4} y={t.at} dy="0.32em" textAnchor="end">{t.label}</text>
        </g>
      ))}
      {xTicks.map((t) => (
        <text key={`x${t.value}`} x={t.at} y={plot.bottom + 15} textAnchor="middle">{t.label}</text>
      ))}
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} className="axis" />
      <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} className="axis" />
      {xLabel && <text x={(plot.left + plot.right) / 2} y={plot.bottom + 31} textAnchor="middle" className="axis-label">{xLabel}</text>}
      {yLabel && <text transform={`translate(11 ${(plot.top + plot.bottom) / 2}) rotate(-90)`} textAnchor="middle" className="axis-label">{yLabel}</text>}
    </g>
  );
}
