import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** The view's name, said in the message. */
  label: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** The address that starts the lab with nothing restored from storage (persist/start.ts's `?safe=1`), on the same view. */
export function safeUrl(location: Pick<Location, 'pathname' | 'hash'>): string {
  return `${location.pathname}?safe=1${location.hash}`;
}

/**
 * One view that throws while rendering shows what failed instead of a blank page, and offers to
 * open the lab without saved runs (a saved lab that trips a view is then not restored) or to try
 * the view again. The rest of the page (header, navigation, status bar) keeps working.
 */
export class ViewBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.label} view:`, error, info.componentStack);
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section role="alert" className="view-failed" data-testid="view-failed">
        <h2>The {this.props.label} view could not be shown</h2>
        <p><code>{error.message || error.name}</code></p>
        <p>
          Something this page restored or received made it fail. Opening the lab without saved runs restores nothing;
          Saved runs then lists what this browser keeps, to export or delete.
        </p>
        <p>
          <a className="button" href={safeUrl(window.location)}>Open without saved runs</a>{' '}
          <button type="button" onClick={() => this.setState({ error: null })}>Try again</button>
        </p>
      </section>
    );
  }
}
