import type { ReactNode } from 'react';

/**
 * "Measured by the CLI": the concept's shipped results file, with a plain notice while it loads
 * or when it cannot be read; `children` draws it once it is there.
 */
export function ShippedSection({ id, status, error, ready, children }: {
  id: string;
  status: string | undefined;
  error?: string | null;
  ready: boolean;
  children: ReactNode;
}) {
  return (
    <section className="concept-shipped" aria-labelledby={`${id}-shipped-title`}>
      <h3 id={`${id}-shipped-title`}>Measured by the CLI</h3>
      {ready ? children : <ShippedNotice status={status} error={error} />}
    </section>
  );
}

/** What stands in for a shipped results file until it is drawn: loading, or why it could not be read. */
export function ShippedNotice({ status, error }: { status: string | undefined; error?: string | null }) {
  return status === 'failed'
    ? <p className="notice">Could not load the shipped results: {error}</p>
    : <p aria-busy="true">Loading the shipped results…</p>;
}
