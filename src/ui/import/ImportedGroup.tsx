import { useDeferredValue, useMemo, useRef } from 'react';
import { pickGroup } from '../../app/import-client';
import { ESTIMATOR_IDS } from '../../core/advantage/registry';
import { useConfigStore } from '../../state/config-store';
import { useImportStore } from '../../state/import-store';
import { viewEvents } from '../../state/view-store';
import { componentPair, decomposedEstimator, estimatorPair, scatterPoints, type GroupedDatum } from '../charts/divergence-data';
import { DivergenceScatter, ScatterLegend } from '../charts/DivergenceScatter';
import { EquationCards, equationStages } from '../equations/EquationCards';
import { estimatorLabel } from '../../core/advantage/registry';
import { cardStages, RolloutGroup } from '../group/RolloutGroup';
import { SingleTurnGroup } from '../group/SingleTurnGroup';
import { isSingleTurn } from '../group/single-turn';
import { seriesVar } from '../palette';
import { useStagedCount } from '../use-staged-count';

/** Which estimators the group view compares (two or more, registry order). */
export function ComparedPicker({ chosen, onChange }: { chosen: string[]; onChange(ids: string[]): void }) {
  return (
    <fieldset className="estimators compact">
      <legend>Compare</legend>
      {ESTIMATOR_IDS.map((id) => (
        <label key={id} className="check">
          <input type="checkbox" checked={chosen.includes(id)} disabled={chosen.includes(id) && chosen.length <= 1}
            onChange={(e) => onChange(e.target.checked ? ESTIMATOR_IDS.filter((x) => x === id || chosen.includes(x)) : chosen.filter((c) => c !== id))} />
          <span className="swatch" style={{ background: seriesVar(id) }} aria-hidden="true" />
          {estimatorLabel(id)}
        </label>
      ))}
    </fieldset>
  );
}

/** The group picker lists at most this many groups (a <select> of thousands is one long commit); the filters reach the rest. */
export const MAX_LISTED_GROUPS = 300;

/** Why a group shows no advantages (the file has no reward), and the group's own notes (a group of one, …). */
function GroupNotices({ rewardless, notes }: { rewardless: boolean; notes: readonly string[] }) {
  return (
    <>
      {rewardless && (
        <p className="notice" data-testid="rewardless-notice">This file carries no reward (SFT or expert trajectories): it is open for reading only, and no advantages are computed.</p>
      )}
      {notes.map((n) => <p key={n} className="notice" data-testid="group-note">{n}</p>)}
    </>
  );
}

const NO_NOTES: string[] = [];

/**
 * The picked imported group: the same group view, equation cards and divergence scatters as
 * training; a single-turn group (T = 1) shows its completions side by side. No advantage numbers
 * for a rewardless file or a group of one.
 */
export function ImportedGroup({ estimators: compared }: { estimators: string[] }) {
  // deferred: React renders a new group (and a long group list) in interruptible slices, not one long task
  const list = useDeferredValue(useImportStore((s) => s.groupList));
  const listed = useDeferredValue(useImportStore((s) => s.groupListed)); // deferred with the list it describes
  const index = useImportStore((s) => s.groupIndex);
  const group = useDeferredValue(useImportStore((s) => s.group));
  const slack = useConfigStore((s) => s.config.slack);
  const rewardless = useImportStore((s) => s.summary?.readOnly === true);
  const item = list.find((g) => g.index === index);
  const singleton = item?.singleton === true;
  const estimators = useMemo(() => (rewardless || singleton ? [] : compared), [rewardless, singleton, compared]);
  const singleTurn = group !== null && isSingleTurn(group);
  const groups = useMemo(() => (group ? [group] : []), [group]);
  const [x, y] = estimators;
  const pairData = useMemo(() => (x && y ? scatterPoints(groups, slack, estimatorPair(x, y)) : []), [groups, slack, x, y]);
  const split = useMemo(() => decomposedEstimator(groups, estimators), [groups, estimators]);
  const partData = useMemo(() => (split ? scatterPoints(groups, slack, componentPair(split)) : []), [groups, slack, split]);
  const pick = (d: GroupedDatum) => viewEvents.trajectoryFocused(d.member, d.turn);
  const legend = useRef<HTMLParagraphElement>(null); // the marker legend goes into exported scatters
  const fileName = useImportStore((s) => s.fileName);
  // An import's first group draws in stages, one a frame, so no frame lays out the whole view at once: its trajectory
  // cards (RolloutGroup, a few a frame), then its equation cards (EquationCards: an equation or its worked lines a
  // frame), then the scatters. A later pick in the same file draws the equations and scatters at once.
  const cardFrames = group === null || singleTurn ? 1 : cardStages(group.length);
  const stage = useStagedCount(cardFrames + equationStages(estimators.length) + 1, group === null ? null : fileName);
  const equations = stage > cardFrames;
  const scatters = stage > cardFrames + equationStages(estimators.length);
  return (
    <section aria-label="Imported group" className="group-section">
      <div className="section-head">
        <h2>Rollout group</h2>
        <span className="picker"><label htmlFor="import-group">Group ({list.length} shown)</label>
          <select id="import-group" value={index ?? ''} onChange={(e) => void pickGroup(Number(e.target.value))}>
            {list.slice(0, MAX_LISTED_GROUPS).map((g) => (
              <option key={g.index} value={g.index}>
                {g.step !== null ? `step ${g.step} · ` : ''}{g.instruction.slice(0, 80)} · {g.successes}/{g.size} ✓
              </option>
            ))}
          </select>
        </span>
        {list.length > MAX_LISTED_GROUPS && (
          <span className="muted" data-testid="groups-capped">the first {MAX_LISTED_GROUPS} of {list.length} listed; filter by training step, environment or task type for the others</span>
        )}
      </div>
      <GroupNotices rewardless={rewardless} notes={item?.notes ?? NO_NOTES} />
      {group && group.length > 0 ? (
        <>
          <div className="group-and-equations">
            {singleTurn ? <SingleTurnGroup group={group} estimators={estimators} rewardless={rewardless} /> : <RolloutGroup group={group} estimators={estimators} slack={slack} rewardless={rewardless} staged />}
            {equations && estimators.length > 0 && <EquationCards group={group} estimators={estimators} staged />}
          </div>
          {scatters && x && y && (
            <section aria-label="Advantage divergence" className="divergence">
              <h3>Advantage divergence (this group)</h3>
              <ScatterLegend ref={legend} />
              <div className="chart-row">
                <DivergenceScatter title={`${estimatorLabel(x)} vs ${estimatorLabel(y)} advantage per response`} data={pairData}
                  xLabel={`A ${estimatorLabel(x)}`} yLabel={`A ${estimatorLabel(y)}`} onPick={pick} legend={legend} />
                {split && (
                  <DivergenceScatter title={`${estimatorLabel(split)}: A^E vs α·A^S per response`} data={partData}
                    xLabel="A^E (trajectory)" yLabel="α·A^S (response)" onPick={pick} legend={legend} />
                )}
              </div>
            </section>
          )}
        </>
      ) : listed && list.length === 0 ? <p className="empty">No group matches the filters.</p>
        : <p className="empty" role="status" aria-busy="true">Opening the group…</p>}
    </section>
  );
}
