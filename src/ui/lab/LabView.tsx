import './lab.css';
import { useDeferredValue, useEffect } from 'react';
import { DivergenceSection } from '../charts/DivergenceSection';
import { TrainingCurves } from '../charts/TrainingCurves';
import { preloadKatex } from '../equations/Katex';
import { GroupSection } from '../group/GroupSection';
import { useSelection } from '../group/use-selection';
import { useClassStore } from '../../state/class-store';
import { useRunStore } from '../../state/run-store';
import { PersistNotices } from '../runs/PersistNotices';
import { RunsPanel } from '../runs/RunsPanel';
import { ConfigPanel } from './ConfigPanel';
import { LessonLayout } from '../classroom/LessonLayout';
import { RecordedNote } from '../classroom/RecordedNote';
import { SettingsFold } from '../classroom/SettingsFold';
import { Controls } from './Controls';
import { LinkProblems } from './LinkProblems';
import { RunExports } from './RunExports';
import { RunStatus } from './RunStatus';
import { ShortcutLegend } from './ShortcutLegend';
import { useLabShortcuts } from './use-lab-shortcuts';
import { useStagedCount } from '../use-staged-count';
import { PHONE_WIDTH, useMediaQuery } from '../use-media-query';

/** The group view and the divergence charts, fed the (throttled) selection; memoized sections skip reports in between. */
function SelectedGroupViews() {
  // deferred: React renders the new group in interruptible slices instead of one long task
  const selection = useDeferredValue(useSelection());
  // the divergence charts (~800 elements) first appear a frame after the group does, not in the same layout
  const divergence = useStagedCount(2, selection.group !== null) === 2;
  return (
    <>
      <GroupSection selection={selection} />
      {selection.group && divergence && <DivergenceSection selection={selection} />}
    </>
  );
}

export function LabView() {
  useLabShortcuts();
  const hasRuns = useRunStore((s) => s.runs.length > 0);
  // Runs bring the equation cards with their first group: KaTeX's stylesheet and fonts arrive now, while the page
  // is small, not after the group is drawn (a stylesheet or web font arriving then restyles and lays out the whole page)
  useEffect(() => { if (hasRuns) void preloadKatex(); }, [hasRuns]);
  const phone = useMediaQuery(PHONE_WIDTH);
  const lesson = useClassStore((s) => s.settings.presentation || s.settings.embed) || phone;
  const part = useClassStore((s) => s.settings.embedView);
  if (lesson) {
    return (
      <div className="lab">
        <LinkProblems />
        <PersistNotices />
        <LessonLayout part={part} />
      </div>
    );
  }
  return (
    <div className="lab">
      <LinkProblems />
      <PersistNotices />
      <div className="lab-layout">
        <SettingsFold><ConfigPanel /></SettingsFold>
        <div className="lab-main">
          <div className="lab-top">
            <Controls />
            <RunStatus />
            <RecordedNote />
            <RunExports />
            <ShortcutLegend />
          </div>
          <RunsPanel />
          <SelectedGroupViews />
          {hasRuns && <TrainingCurves />}
        </div>
      </div>
    </div>
  );
}
