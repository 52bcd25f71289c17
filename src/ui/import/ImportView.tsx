import './import.css';
import { useEffect, useState } from 'react';
import { warmImportWorker } from '../../app/import-client';
import { useImportStore } from '../../state/import-store';
import { ImportedGroup, ComparedPicker } from './ImportedGroup';
import { EstimatorParamsPanel } from './EstimatorParams';
import { ImportExport } from './ImportExport';
import { ImportFilterBar } from './ImportFilters';
import { ImportOverview } from './ImportOverview';
import { ImportProgressBar } from './ImportProgress';
import { ImportSummaryPanel } from './ImportSummary';
import { OpenControls } from './OpenControls';

/** Your own rollouts: open a file, see what was read, inspect its groups with every estimator, export. */
export function ImportView() {
  const ready = useImportStore((s) => s.status === 'done');
  const [estimators, setEstimators] = useState<string[]>(['grpo', 'planpo']);
  useEffect(warmImportWorker, []);
  return (
    <div className="import-view">
      <section aria-label="Open rollouts" className="import-head">
        <h2>Your rollouts</h2>
        <p className="muted">Open a rollouts.v1 file from your own training; every estimator of the lab is scored on every group, in a worker.</p>
        <OpenControls />
        <ImportProgressBar />
      </section>
      {ready && (
        <>
          <ImportSummaryPanel />
          <div className="import-tools">
            <ImportFilterBar />
            <ComparedPicker chosen={estimators} onChange={setEstimators} />
          </div>
          <EstimatorParamsPanel />
          <ImportExport />
          <ImportedGroup estimators={estimators} />
          <ImportOverview estimators={estimators} />
        </>
      )}
    </div>
  );
}
