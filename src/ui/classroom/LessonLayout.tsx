import './lesson.css';
import { useDeferredValue, useEffect } from 'react';
import { DivergenceSection } from '../charts/DivergenceSection';
import { TrainingCurves } from '../charts/TrainingCurves';
import { EquationCards } from '../equations/EquationCards';
import { GroupSection } from '../group/GroupSection';
import { useSelection } from '../group/use-selection';
import { ConfigPanel } from '../lab/ConfigPanel';
import { Controls } from '../lab/Controls';
import { RunExports } from '../lab/RunExports';
import { RunStatus } from '../lab/RunStatus';
import { ShortcutLegend } from '../lab/ShortcutLegend';
import { RunsPanel } from '../runs/RunsPanel';
import { classEvents } from '../../state/class-store';
import type { EmbedView } from '../../state/class-settings';
import { useRunStore } from '../../state/run-store';
import { RecordedNote } from './RecordedNote';
import { SettingsFold } from './SettingsFold';

/** The group and the divergence charts side by side (both in the first screen), or the one part an embed asks for. */
function LessonViews({ part }: { part: EmbedView | null }) {
  const selection = useDeferredValue(useSelection());
  if (part === 'curves') return null;
  if (part === 'scatter') return selection.group ? <DivergenceSection selection={selection} /> : <GroupSection selection={selection} />;
  if (part === 'equation') {
    return selection.group
      ? <section aria-label="Equations" className="lesson-equations"><EquationCards group={selection.group} estimators={selection.estimators} /></section>
      : <GroupSection selection={selection} />;
  }
  return (
    <div className={part === 'group' ? 'lesson-views one' : 'lesson-views'}>
      <GroupSection selection={selection} />
      {part !== 'group' && selection.group && <DivergenceSection selection={selection} />}
    </div>
  );
}

/**
 * The lab laid out for a projector (presentation=1) or an iframe (embed=…): one compact row of run
 * controls, then the lesson (a trajectory card and the divergence chart on the first screen, full
 * width), then notes, exports, saved runs and curves. The settings fold behind a button; hide=controls
 * and hide=notes take those rows away.
 */
export function LessonLayout({ part }: { part: EmbedView | null }) {
  const hasRuns = useRunStore((s) => s.runs.length > 0);
  const tourOnOpen = part === 'tour';
  useEffect(() => {
    if (tourOnOpen) classEvents.tourOpened(0);
  }, [tourOnOpen]);
  const curves = hasRuns && (part === null || part === 'curves' || part === 'tour');
  return (
    <div className="lesson" data-embed-part={part ?? ''}>
      <div className="lesson-controls" data-control="controls">
        <Controls />
        {part === null && <SettingsFold><ConfigPanel /></SettingsFold>}
        <RunStatus />
      </div>
      {part === 'curves' && curves && <TrainingCurves />}
      <LessonViews part={part} />
      <div className="lesson-notes" data-control="notes">
        <RecordedNote />
        <RunExports />
        <ShortcutLegend />
        <RunsPanel />
      </div>
      {part !== 'curves' && curves && <TrainingCurves />}
    </div>
  );
}
