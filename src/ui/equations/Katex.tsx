import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';

const CACHE = new Map<string, string>();
const CACHE_SIZE = 300;

/** KaTeX HTML (+ MathML for screen readers) for `source`, cached: the same line is rendered once. */
export function katexHtml(source: string, display: boolean): string {
  const key = `${display ? 'D' : 'I'}${source}`;
  let html = CACHE.get(key);
  if (html === undefined) {
    html = katex.renderToString(source, { throwOnError: false, displayMode: display, output: 'htmlAndMathml' });
    if (CACHE.size >= CACHE_SIZE) CACHE.delete(CACHE.keys().next().value as string);
    CACHE.set(key, html);
  }
  return html;
}

/** KaTeX source rendered to HTML (errors shown in place, never thrown). */
export function Katex({ source, display = false }: { source: string; display?: boolean }) {
  const html = useMemo(() => katexHtml(source, display), [source, display]);
  // a display equation wider than its card scrolls sideways; the scroller takes focus for keyboard users
  if (display) return <span className="katex-host katex-scroll" tabIndex={0} dangerouslySetInnerHTML={{ __html: html }} />;
  return <span className="katex-host" dangerouslySetInnerHTML={{ __html: html }} />;
}
