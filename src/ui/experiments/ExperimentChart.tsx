import type { ChartLayout } from '../../core/experiments/charts/layout';
import { ChartDownload } from '../charts/export/ChartDownload';

/**
 * Draws a chart layout from src/core/experiments (the same geometry as the report's SVG files).
 * Dumb: no state, no data work; colours come from the layout's CSS-variable styles.
 */
export function ExperimentChart({ layout, caption }: { layout: ChartLayout; caption: string }) {
  const f = layout;
  return (
    <figure className="exp-chart">
      <svg viewBox={`0 0 ${f.width} ${f.height}`} role="img" aria-label={f.title}>
        <text x={f.width / 2} y={16} textAnchor="middle" className="exp-chart-title">{f.title}</text>
        {f.legend.map((l) => (
          <g key={l.id}>
            <rect x={l.x} y={l.y - 9} width={12} height={10} style={{ fill: l.color }} />
            <text x={l.x + 16} y={l.y}>{l.label}</text>
          </g>
        ))}
        {f.yTicks.map((t) => (
          <g key={`y${t.value}`}>
            <line x1={f.left} x2={f.right} y1={t.at} y2={t.at} className="grid" />
            <text x={f.left - 6} y={t.at + 4} textAnchor="end">{t.label}</text>
          </g>
        ))}
        {f.kind === 'line' && f.xTicks.map((t) => (
          <text key={`x${t.value}`} x={t.at} y={f.bottom + 16} textAnchor="middle">{t.label}</text>
        ))}
        <line x1={f.left} x2={f.right} y1={f.bottom} y2={f.bottom} className="axis" />
        <line x1={f.left} x2={f.left} y1={f.top} y2={f.bottom} className="axis" />
        <text x={(f.left + f.right) / 2} y={f.height - 6} textAnchor="middle">{f.xLabel}</text>
        <text transform={`translate(12 ${(f.top + f.bottom) / 2}) rotate(-90)`} textAnchor="middle">{f.yLabel}</text>
        {f.kind === 'line' ? <Lines layout={f} /> : <Bars layout={f} />}
      </svg>
      <figcaption>{caption}<ChartDownload title={f.title} selfContained /></figcaption>
    </figure>
  );
}

function Lines({ layout }: { layout: Extract<ChartLayout, { kind: 'line' }> }) {
  return (
    <g>
      {layout.series.map((s) => s.band && <path key={`band-${s.id}`} d={s.band} style={{ fill: s.color, fillOpacity: 0.1 }} />)}
      {layout.series.map((s) => (
        <path key={s.id} d={s.path} style={{ fill: 'none', stroke: s.color, strokeWidth: 2 }}>
          <title>{s.label}</title>
        </path>
      ))}
    </g>
  );
}

function Bars({ layout }: { layout: Extract<ChartLayout, { kind: 'bars' }> }) {
  return (
    <g>
      {layout.bars.map((b) => (
        <g key={`${b.group}/${b.id}`}>
          <rect x={b.x} y={b.y} width={b.width} height={b.height} style={{ fill: b.color }}>
            <title>{`${b.group} · ${b.label}: ${b.value}`}</title>
          </rect>
          {b.whisker && (
            <path d={`M${b.whisker.x},${b.whisker.y1}V${b.whisker.y2}M${b.whisker.x - 4},${b.whisker.y1}H${b.whisker.x + 4}M${b.whisker.x - 4},${b.whisker.y2}H${b.whisker.x + 4}`} className="whisker" />
          )}
        </g>
      ))}
      {layout.groups.map((g) => <text key={g.label} x={g.at} y={layout.bottom + 16} textAnchor="middle">{g.label}</text>)}
    </g>
  );
}
