/**
 * What a concept entry declares (the registry, registry.ts, lists one per concept; each concept's
 * folder exports its entry). Kept apart from the registry so that entries never import it.
 */
import type { ComponentType } from 'react';

export interface ConceptEntry {
  /** URL id: the view opens it at `#concepts/<id>`. */
  id: string;
  title: string;
  /** A few sentences in plain words, shown above the equation. */
  summary: string;
  /** The concept's equation as KaTeX source. */
  equation: string;
  /** The docs page in the repository, e.g. `docs/concepts/<id>.md`. */
  docsPath: string;
  /** The CLI command that reproduces the concept's figure. */
  cliCommand: string;
  /** The live part: a chart or a small run in the browser. */
  Component: ComponentType;
}
