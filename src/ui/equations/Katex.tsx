import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';

/** KaTeX source rendered to HTML (errors shown in place, never thrown). */
export function Katex({ source, display = false }: { source: string; display?: boolean }) {
  const html = useMemo(() => katex.renderToString(source, { throwOnError: false, displayMode: display, output: 'htmlAndMathml' }), [source, display]);
  return <span className="katex-host" dangerouslySetInnerHTML={{ __html: html }} />;
}
