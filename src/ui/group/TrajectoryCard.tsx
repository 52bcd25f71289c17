import { memo, useMemo, useState } from 'react';
import { viewEvents } from '../../state/view-store';
import { laneMean, type Lane, type ScoredRecord } from '../model/advantage-lanes';
import { AdvantageBars, type LaneValue } from './AdvantageBars';
import type { Verdict } from '../model/circuitous';
import { TurnRow } from './TurnRow';

export interface TrajectoryCardProps {
  record: ScoredRecord;
  member: number;
  verdict: Verdict;
  lanes: Lane[];
  bound: number;
  focused: boolean;
  /** Selected turn (−1 when this card is not focused). */
  turn: number;
  /** SFT / expert data: no outcome badge, no verdict. */
  rewardless?: boolean;
}

/** Turns rendered before "Show all": a collapsed card keeps a group of 8 × 50 turns light. */
export const COLLAPSED_TURNS = 12;

function turnValues(lanes: Lane[], t: number): LaneValue[] {
  return lanes.map((l) => ({ key: l.key, label: l.label, estimator: l.estimator, value: l.perTurn[t] ?? NaN }));
}

/** One trajectory: outcome, T_i vs T*, the circuitous verdict in words, advantages and its turns. */
export const TrajectoryCard = memo(function TrajectoryCard({ record, member, verdict, lanes, bound, focused, turn, rewardless = false }: TrajectoryCardProps) {
  const means = useMemo(() => lanes.map((l) => ({ key: l.key, label: l.label, estimator: l.estimator, value: laneMean(l) })), [lanes]);
  const marksByTurn = useMemo(() => {
    const by = new Map<number, Verdict['marks']>();
    for (const m of verdict.marks) by.set(m.t, [...(by.get(m.t) ?? []), m]);
    return by;
  }, [verdict]);
  const perTurn = useMemo(() => record.turns.map((_, k) => turnValues(lanes, k)), [record, lanes]);
  const select = (t: number) => viewEvents.trajectoryFocused(member, t);
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? record.turns.length : Math.max(COLLAPSED_TURNS, turn + 3);
  const hidden = record.turns.length - shown;
  const tokens = record.turns.reduce((n, t) => n + (t.response_tokens ?? 0), 0);
  return (
    <article aria-label={`Trajectory ${member + 1}`} data-member={member} data-success={String(verdict.success)}
      data-circuitous={String(verdict.circuitous)} data-turns={record.turns.length}
      className={`trajectory${focused ? ' focused' : ''}${verdict.success ? ' success' : ' failure'}${verdict.circuitous ? ' circuitous' : ''}`}
      onClick={() => viewEvents.trajectoryFocused(member, Math.max(0, turn))}>
      <header>
        <span className="traj-name">Trajectory {member + 1}</span>
        {!rewardless && <span className={`badge ${verdict.success ? 'ok' : 'bad'}`}>{verdict.success ? '✓ success' : '✗ failed'}</span>}
        <span className="lengths" title="turns taken vs the oracle's shortest plan">
          T = {verdict.numTurns}{verdict.oracleTurns !== null && <> · T* = {verdict.oracleTurns}</>} · L = {tokens}
          {record.estimated_tokens && <span className="estimated" data-testid="tokens-estimated"> (estimated)</span>}
        </span>
      </header>
      {!rewardless && verdict.circuitous && <p className="flag" data-testid="circuitous-flag"><strong>Circuitous:</strong> {verdict.summary}</p>}
      {!rewardless && !verdict.circuitous && <p className="summary">{verdict.summary}</p>}
      <div className="traj-adv" title="mean over turns">
        <AdvantageBars values={means} bound={bound} />
      </div>
      <ol className="turns" aria-label={`Turns of trajectory ${member + 1}`} tabIndex={0}>
        {record.turns.slice(0, shown).map((t, k) => (
          <TurnRow key={k} turn={t} index={k} values={perTurn[k]} bound={bound}
            marks={marksByTurn.get(t.t) ?? []} selected={focused && k === turn} onSelect={select} />
        ))}
        {hidden > 0 && (
          <li className="more-turns">
            <button type="button" onClick={(e) => { e.stopPropagation(); setExpanded(true); }}>
              Show all {record.turns.length} turns ({hidden} more)
            </button>
          </li>
        )}
      </ol>
    </article>
  );
});
