import type { ReportTable as Table } from '../../core/experiments/tables';

/** One report table (the same rows as report.md), with its caption. */
export function ReportTable({ table }: { table: Table }) {
  return (
    <div className="exp-table-wrap" tabIndex={0} role="region" aria-label={table.title}>
      <table className="exp-table" data-table={table.id}>
        <caption>
          <strong>{table.title}.</strong> {table.caption}
        </caption>
        <thead>
          <tr>{table.columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>{row.map((cell, i) => (i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i}>{cell}</td>))}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
