import { seriesVar } from '../palette';
import { getEstimator } from '../../core/advantage/registry';
import { useRunStore } from '../../state/run-store';
import type { ScoredRecord } from '../model/advantage-lanes';
import { useThrottled } from '../use-throttled';
import { useStagedCount } from '../use-after-paint';
import { useViewStore } from '../../state/view-store';
import { workedEquation } from './equation-numbers';
import { Katex } from './Katex';

/** `live`: runs are training, so new worked numbers are typeset one line per task and the old ones stay until then. */
function EquationCard({ id, group, member, turn, live }: { id: string; group: readonly ScoredRecord[]; member: number; turn: number; live: boolean }) {
  const estimator = getEstimator(id);
  const worked = workedEquation(id, group, member, turn);
  return (
    <figure className="equation-card" aria-label={`${estimator.label} equation`} style={{ borderColor: seriesVar(id) }}>
      <figcaption>{estimator.label}</figcaption>
      <Katex source={estimator.equation} display />
      {worked.lines.length > 0 && (
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
 * One card per compared estimator, with the selected response's numbers filled in. `staged`: a new
 * group's cards are typeset one per frame (the import view, where a newly opened step draws a lot
 * at once), not all in one task.
 */
export function EquationCards({ group: live, estimators, staged = false }: { group: readonly ScoredRecord[]; estimators: string[]; staged?: boolean }) {
  const training = useRunStore((s) => s.training);
  const group = useThrottled(live, training ? EQUATION_REFRESH_MS : 0);
  const stagedCount = useStagedCount(staged ? estimators.length : 0, group);
  const drawn = staged ? stagedCount : estimators.length;
  const member = useViewStore((s) => s.trajectory);
  const turn = useViewStore((s) => s.turn);
  const m = Math.min(member, group.length - 1);
  return (
    <div className="equation-cards" data-control="equations">
      {estimators.slice(0, drawn).map((id) => <EquationCard key={id} id={id} group={group} member={m} turn={turn} live={training} />)}
    </div>
  );
}
