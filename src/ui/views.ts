/**
 * The app's views, in navigation order. A new view is one entry here (id = its `#hash`).
 * Views that are not on the first screen load on first visit (their own chunks, React.lazy; App
 * shows a loading line meanwhile), so the page's main chunk carries the lab and Play only.
 */
import { lazy, type ComponentType } from 'react';
import { LabView } from './lab/LabView';
import { PlayView } from './play/PlayView';

const ExperimentsView = lazy(() => import('./experiments/ExperimentsView').then((m) => ({ default: m.ExperimentsView })));
const ImportView = lazy(() => import('./import/ImportView').then((m) => ({ default: m.ImportView })));
const ConceptsView = lazy(() => import('./concepts/ConceptsView').then((m) => ({ default: m.ConceptsView })));

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
