import { useLayoutEffect, useMemo, useRef } from 'react';
import { useViewStore } from '../../state/view-store';
import { lanesOf, type Lane, type ScoredRecord } from '../model/advantage-lanes';
import { barBound } from '../charts/bars-layout';
import { analyzeGroup } from '../model/circuitous';
import { groupOrder } from './group-order';
import { TrajectoryCard } from './TrajectoryCard';
import { useStagedCount } from '../use-staged-count';
import { stagedCards, type CardData } from './staged-cards';
import type { Verdict } from '../model/circuitous';

/** Trajectory cards drawn per frame in a staged first draw (`staged`, the import view). A group of up to this many draws at once. */
const CARDS_PER_FRAME = 4;

/**
 * Trajectory cards switched (or first drawn) per frame when a live run's new group replaces the one
 * shown (`replaceInStages`). One: the cards on screen then change over several short frames. Four
 * at a time made the frame that laid out and painted a screen's row of new cards the lab's longest
 * task while two runs train (docs/benchmarks.md, "One card per frame").
 */
const LIVE_CARDS_PER_FRAME = 1;

/** Frames a staged draw of a group of `size` takes, `perFrame` cards a frame (a view that draws more after a first draw waits this many). */
export function cardStages(size: number, perFrame = CARDS_PER_FRAME): number {
  return Math.ceil(size / perFrame);
}

type Card = CardData<ScoredRecord, Verdict, Lane[]>;

/** The G trajectories of one task side by side, in the chosen order (keyed by member, so a new iteration updates the cards in place). */
export function RolloutGroup({ group, estimators, slack, rewardless = false, staged = false, replaceInStages = false }: {
  group: readonly ScoredRecord[]; estimators: string[]; slack: number;
  /** SFT / expert data: no outcome to show (every trajectory would read "failed"). */
  rewardless?: boolean;
  /** A new group's cards are drawn CARDS_PER_FRAME per frame (the import view), not all in one task. */
  staged?: boolean;
  /**
   * A group that replaces the one shown switches LIVE_CARDS_PER_FRAME cards per frame (staged-cards.ts), the others
   * showing the old group's until their turn (a live run's next iteration, so one refresh is several short tasks); a
   * run's first group is drawn LIVE_CARDS_PER_FRAME cards per frame.
   */
  replaceInStages?: boolean;
}) {
  const sortBy = useViewStore((s) => s.sortBy);
  const sortEstimator = useViewStore((s) => s.sortEstimator);
  const focused = useViewStore((s) => s.trajectory);
  const turn = useViewStore((s) => s.turn);
  const verdicts = useMemo(() => analyzeGroup(group, { slack }), [group, slack]);
  const lanes = useMemo(() => group.map((r) => lanesOf(r, estimators)), [group, estimators]);
  const bound = useMemo(() => barBound(lanes.flat().flatMap((l) => l.perTurn)), [lanes]);
  const order = useMemo(() => groupOrder(group, sortBy, sortEstimator ?? estimators[0]), [group, sortBy, sortEstimator, estimators]);
  const first = group[0];
  const successes = verdicts.filter((v) => v.success).length;
  const circuitous = verdicts.filter((v) => v.circuitous).length;
  // cards drawn or switched so far for this group (read only when one of the two stagings applies)
  const perFrame = staged ? CARDS_PER_FRAME : LIVE_CARDS_PER_FRAME;
  const ready = useStagedCount(staged || replaceInStages ? cardStages(order.length, perFrame) : 0, group) * perFrame;
  const cards = useMemo(() => group.map((record, i): Card => ({ record, verdict: verdicts[i], lanes: lanes[i], bound })), [group, verdicts, lanes, bound]);
  const shownBefore = useRef<Array<Card | undefined> | null>(null);
  const shown = useMemo(() => (replaceInStages ? stagedCards(shownBefore.current, cards, order, ready) : cards), [replaceInStages, cards, order, ready]);
  useLayoutEffect(() => { shownBefore.current = shown; }, [shown]);
  // staged: a new group's first cards; replacing in stages: the members that have a card to show yet
  const drawn = staged ? order.slice(0, ready) : order.filter((i) => shown[i] !== undefined);
  const flat = estimators.length > 0 && lanes.every((ls) => ls.every((l) => l.perTurn.every((a) => Math.abs(a) < 1e-9)));
  return (
    <section aria-label="Rollout group" className="rollout-group">
      <p className="group-head">
        <strong>Task:</strong> {first?.task.instruction ?? first?.task.task_id}
        {' '}· G = {group.length}{!rewardless && <> · {successes} succeeded · {circuitous} circuitous</>}
        {first?.oracle_turns !== undefined && <> · shortest plan T* = {first.oracle_turns}</>}
      </p>
      {first && first.oracle_turns === undefined && !rewardless && (
        <p className="note" data-testid="circuitous-reference">
          No oracle plan for this group: "circuitous" means longer than the group's quickest success
          {verdicts[0]?.groupShortest !== null ? ` (T = ${verdicts[0].groupShortest})` : ' (none here)'} + slack {slack}.
        </p>
      )}
      {flat && (
        <p className="note" data-testid="zero-variance">
          {successes === 0 ? 'Every trajectory failed' : 'Every trajectory succeeded alike'}: all advantages are 0, so this group does not change the policy (a zero-variance group).
        </p>
      )}
      <div className="trajectories">
        {drawn.map((i) => {
          const card = shown[i]!;
          return (
            <TrajectoryCard key={i} record={card.record} member={i} verdict={card.verdict} lanes={card.lanes}
              bound={card.bound} focused={focused === i} turn={focused === i ? turn : -1} rewardless={rewardless} />
          );
        })}
      </div>
    </section>
  );
}
