/**
 * The app's views, in navigation order. A new view is one entry here (id = its `#hash`).
 */
import type { ComponentType } from 'react';
import { LabView } from './lab/LabView';
import { PlayView } from './play/PlayView';
import { ExperimentsView } from './experiments/ExperimentsView';
import { ImportView } from './import/ImportView';
import { ConceptsView } from './concepts/ConceptsView';

export interface ViewEntry {
  id: string;
  label: string;
  Component: ComponentType;
}

export const VIEWS: ViewEntry[] = [
  { id: 'lab', label: 'Lab', Component: LabView },
  { id: 'play', label: 'Play', Component: PlayView },
  { id: 'experiments', label: 'Experiments', Component: ExperimentsView },
  { id: 'import', label: 'Your rollouts', Component: ImportView },
  { id: 'concepts', label: 'Concepts', Component: ConceptsView },
];

/** The view named by a location hash (`#play`, or `#concepts/<id>`: the part before `/`), or the first view. */
export function viewFromHash(hash: string, views: readonly ViewEntry[] = VIEWS): ViewEntry {
  const id = hash.replace(/^#\/?/, '').split('/')[0];
  return views.find((v) => v.id === id) ?? views[0];
}
