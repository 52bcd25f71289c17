import { useEffect, useMemo, useRef, useState } from 'react';
import { useFitWidth } from './use-fit-width';

type KatexModule = typeof import('katex').default;

const CACHE = new Map<string, string>();
const CACHE_SIZE = 300;

// KaTeX (JS + CSS + fonts, ~270 kB) is fetched when the first equation mounts, not with the page.
let katex: KatexModule | null = null;
let loading: Promise<KatexModule> | null = null;
function loadKatex(): Promise<KatexModule> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => (katex = m.default));
  return loading;
}

/** The KaTeX faces equations use (families from katex.min.css). */
const FACES = ['1em KaTeX_Main', 'bold 1em KaTeX_Main', 'italic 1em KaTeX_Main', 'italic 1em KaTeX_Math', 'italic bold 1em KaTeX_Math', '1em KaTeX_AMS', '1em KaTeX_Size1', '1em KaTeX_Size2', '1em KaTeX_Size3', '1em KaTeX_Size4'];

/**
 * KaTeX and its fonts, loaded ahead of the first equations: a web font that arrives while a large
 * view is on screen makes the browser lay out every text again in one long task (measured with
 * tests/browser/profile-run-folder.ts), so a view that will show equations loads them while it is small.
 */
export function preloadKatex(): Promise<void> {
  return loadKatex().then(() => Promise.all(FACES.map((face) => document.fonts.load(face)))).then(() => undefined, () => undefined);
}

/** KaTeX HTML (+ MathML for screen readers) for `source`, cached: the same line is rendered once. Null until KaTeX has loaded. */
export function katexHtml(source: string, display: boolean): string | null {
  if (!katex) return null;
  const key = `${display ? 'D' : 'I'}${source}`;
  let html = CACHE.get(key);
  if (html === undefined) {
    html = katex.renderToString(source, { throwOnError: false, displayMode: display, output: 'htmlAndMathml' });
    if (CACHE.size >= CACHE_SIZE) CACHE.delete(CACHE.keys().next().value as string);
    CACHE.set(key, html);
  }
  return html;
}

/** KaTeX source rendered to HTML (errors shown in place, never thrown); the source text while KaTeX loads. */
export function Katex({ source, display = false }: { source: string; display?: boolean }) {
  const [ready, setReady] = useState(katex !== null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadKatex().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  const html = useMemo(() => (ready ? katexHtml(source, display) : null), [ready, source, display]);
  const host = useRef<HTMLSpanElement>(null);
  useFitWidth(host, display ? html : null);
  if (html === null) return <span className="katex-host" aria-busy="true">{source}</span>;
  // a display equation shrinks to fit its card; one still wider scrolls sideways, and the scroller takes focus for keyboard users
  if (display) return <span ref={host} className="katex-host katex-scroll" tabIndex={0} dangerouslySetInnerHTML={{ __html: html }} />;
  return <span className="katex-host" dangerouslySetInnerHTML={{ __html: html }} />;
}
