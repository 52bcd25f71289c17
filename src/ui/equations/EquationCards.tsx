import { useMemo } from 'react';
import { seriesVar } from '../palette';
import { useWhileVisible } from '../use-while-visible';
import { getEstimator } from '../../core/advantage/registry';
import { useRunStore } from '../../state/run-store';
import type { ScoredRecord } from '../model/advantage-lanes';
import { useThrottled } from '../use-throttled';
import { useStagedCount } from '../use-staged-count';
import { useViewStore } from '../../state/view-store';
import { workedEquation } from './equation-numbers';
import { Katex } from './Katex';

/**
 * `live`: runs are training, so new worked numbers are typeset one line per task and the old ones stay until then.
 * `worked` false: the estimator's equation only, its worked lines in a later frame (a staged first draw).
 */
function EquationCard({ id, group, member, turn, live, worked: withWorked }: { id: string; group: readonly ScoredRecord[]; member: number; turn: number; live: boolean; worked: boolean }) {
  const estimator = getEstimator(id);
  const worked = workedEquation(id, group, member, turn);
  return (
    <figure className="equation-card" aria-label={`${estimator.label} equation`} style={{ borderColor: seriesVar(id) }}>
      <figcaption>{estimator.label}</figcaption>
      <Katex source={estimator.equation} display />
      {withWorked && worked.lines.length > 0 && (
        <div className="worked">
          <p>Trajectory {member + 1}, turn {turn + 1} of this group:</p>
          {/* keyed by place, so a line whose numbers changed keeps its old typesetting until the new one is ready */}
          {worked.lines.map((line, k) => <Katex key={k} source={line} display deferred={live} />)}
          {group[member]?.estimated_tokens && (
            <p className="note" data-testid="equation-tokens-estimated">L<sub>i,t</sub> here is estimated from the response text (the file has no token counts).</p>
          )}
        </div>
      )}
    </figure>
  );
}

/** While training, the worked numbers refresh at most this often (typesetting is not free). */
export const EQUATION_REFRESH_MS = 3000;

/**
 * Frames a staged first draw of `estimators` cards takes: each card's equation, then its worked lines
 * (a typeset equation and its worked lines are each several hundred layout objects: PlanPO's card is ~1,400).
 */
export function equationStages(estimators: number): number {
  return 2 * estimators;
}

/**
 * One card per compared estimator, with the selected response's numbers filled in, typeset one part
 * per frame (each card's equation, then its worked lines) when they first appear. `staged`: every
 * new group's cards are (the import view, where a newly opened step draws a lot at once).
 *
 * Off screen the cards keep what they last showed (useWhileVisible) and typeset the new numbers when
 * they come into view: the cards are about a quarter to a third of what drawing a new group costs the
 * main thread (tests/browser/measure-group-refresh.ts), and while runs train the group view draws one
 * every 2 s. A first group is always drawn, on screen or not.
 */
export function EquationCards({ group: live, estimators: liveEstimators, staged = false }: { group: readonly ScoredRecord[]; estimators: string[]; staged?: boolean }) {
  const training = useRunStore((s) => s.training);
  const throttled = useThrottled(live, training ? EQUATION_REFRESH_MS : 0);
  const current = useMemo(() => ({ group: throttled, estimators: liveEstimators }), [throttled, liveEstimators]);
  const [{ group, estimators }, ref] = useWhileVisible(current, (c) => c.group.length > 0);
  // staged: every new group is typeset a part per frame; otherwise the cards' first appearance is (a new group keeps
  // them whole): the first group of a run brought two typeset cards at once, about 1,500 elements in one layout
  const parts = useStagedCount(equationStages(estimators.length), staged ? group : estimators.join()); // card k's equation is part 2k + 1, its worked lines 2k + 2
  const member = useViewStore((s) => s.trajectory);
  const turn = useViewStore((s) => s.turn);
  const m = Math.min(member, group.length - 1);
  return (
    <div className="equation-cards" data-control="equations" data-train-step={group[0]?.train_step} ref={ref}>
      {estimators.slice(0, Math.ceil(parts / 2)).map((id, k) => (
        <EquationCard key={id} id={id} group={group} member={m} turn={turn} live={training} worked={parts >= 2 * k + 2} />
      ))}
    </div>
  );
}
