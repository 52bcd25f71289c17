import './import.css';
import { useEffect, useState } from 'react';
import { warmImportWorker } from '../../app/import-client';
import { useImportStore } from '../../state/import-store';
import { preloadKatex } from '../equations/Katex';
import { ImportedGroup, ComparedPicker } from './ImportedGroup';
import { EstimatorParamsPanel } from './EstimatorParams';
import { ImportExport } from './ImportExport';
import { ImportFilterBar } from './ImportFilters';
import { ImportOverview } from './ImportOverview';
import { ImportProgressBar } from './ImportProgress';
import { ImportSummaryPanel } from './ImportSummary';
import { OpenControls } from './OpenControls';
import { MappingPanel } from './MappingPanel';
import { RunSteps } from './RunSteps';

const NONE: string[] = [];

/** Your own rollouts: open a file, see what was read, inspect its groups with every estimator, export. */
export function ImportView() {
  const ready = useImportStore((s) => s.status === 'done');
  const rewardless = useImportStore((s) => s.summary?.readOnly === true);
  const [estimators, setEstimators] = useState<string[]>(['grpo', 'planpo']);
  useEffect(warmImportWorker, []);
  useEffect(() => void preloadKatex(), []); // every opened file shows equations; their fonts arrive before the groups do
  return (
    <div className="import-view">
      <section aria-label="Open rollouts" className="import-head">
        <h2>Your rollouts</h2>
        <p className="muted">Open a log from your own training (rollouts.v1, verl and verl-agent dumps, TRL and OpenRLHF tables, SkyRL evals, AgentGym and AgentGym-RL, RAGEN, SFT files for reading, or any table through a column mapping); every estimator of the lab is scored on every group, in a worker.</p>
        <OpenControls />
        <ImportProgressBar />
      </section>
      <RunSteps />
      <MappingPanel />
      {ready && (
        <>
          <ImportSummaryPanel />
          <div className="import-tools">
            <ImportFilterBar />
            {!rewardless && <ComparedPicker chosen={estimators} onChange={setEstimators} />}
          </div>
          {!rewardless && <EstimatorParamsPanel />}
          {!rewardless && <ImportExport />}
          <ImportedGroup estimators={estimators} />
          <ImportOverview estimators={rewardless ? NONE : estimators} />
        </>
      )}
    </div>
  );
}
