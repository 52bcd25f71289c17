import './lab.css';
import { DivergenceSection } from '../charts/DivergenceSection';
import { TrainingCurves } from '../charts/TrainingCurves';
import { GroupSection } from '../group/GroupSection';
import { useSelection } from '../group/use-selection';
import { ConfigPanel } from './ConfigPanel';
import { Controls } from './Controls';
import { LinkProblems } from './LinkProblems';
import { RunStatus } from './RunStatus';
import { ShortcutLegend } from './ShortcutLegend';
import { useLabShortcuts } from './use-lab-shortcuts';

export function LabView() {
  useLabShortcuts();
  const selection = useSelection();
  return (
    <div className="lab">
      <LinkProblems />
      <div className="lab-layout">
        <ConfigPanel />
        <div className="lab-main">
          <div className="lab-top">
            <Controls />
            <RunStatus />
            <ShortcutLegend />
          </div>
          <GroupSection selection={selection} />
          <DivergenceSection selection={selection} />
          <TrainingCurves />
        </div>
      </div>
    </div>
  );
}
