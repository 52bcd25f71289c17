import './concepts.css';
import { useEffect, useRef } from 'react';
import { Katex } from '../equations/Katex';
import { conceptHref } from './concept-hash';
import type { ConceptEntry } from './concept-entry';
import { CONCEPTS } from './registry';
import { useHashConcept } from './use-hash-concept';

/** One concept: its explanation and equation beside its live part, with the docs page and the CLI command. */
function ConceptPanel({ concept }: { concept: ConceptEntry }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);
  const { Component } = concept;
  useEffect(() => {
    // a newly picked concept takes focus, so keyboard users land on it (not on first load)
    if (mounted.current) heading.current?.focus();
    mounted.current = true;
  }, [concept.id]);
  return (
    <article className="concept" aria-labelledby={`concept-${concept.id}-title`} data-concept={concept.id}>
      <h2 id={`concept-${concept.id}-title`} ref={heading} tabIndex={-1}>{concept.title}</h2>
      <p className="concept-summary" data-text="true">{concept.summary}</p>
      <div className="concept-equation" role="group" aria-label="Equation">
        <Katex source={concept.equation} display />
      </div>
      <dl className="concept-meta">
        <dt>Reproduce</dt>
        <dd><code>{concept.cliCommand}</code></dd>
        <dt>Docs</dt>
        <dd><code>{concept.docsPath}</code></dd>
      </dl>
      <div className="concept-live">
        <Component />
      </div>
    </article>
  );
}

/** The Concepts page: how RL improves agent planning, one concept at a time, each live in this browser. */
export function ConceptsView() {
  const current = useHashConcept(CONCEPTS);
  if (CONCEPTS.length === 0 || !current) {
    return (
      <div className="concepts">
        <p>No concepts yet.</p>
      </div>
    );
  }
  return (
    <div className="concepts">
      <nav className="concept-list" aria-label="Concepts">
        <ul>
          {CONCEPTS.map((c) => (
            <li key={c.id}>
              <a href={conceptHref(c.id)} aria-current={c.id === current.id ? 'page' : undefined}>
                {c.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ConceptPanel concept={current} />
    </div>
  );
}
