import { useMemo } from 'react';
import { useViewStore, viewEvents } from '../../state/view-store';
import type { ScoredRecord } from '../model/advantage-lanes';
import { estimatorLabel } from '../../core/advantage/registry';
import { singleTurnView, type SingleTurnView, type TermRanking } from './single-turn';
import { ResponseText } from './ResponseText';

const fmt = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(3));
const lengthText = (length: number, estimated: boolean) => (estimated ? `≈ ${length}` : String(length));

/** "PlanPO α·A^S ranks the successes #3 > #1 > #5": members in the term's order, ties joined by "=". */
function orderText(term: TermRanking): string {
  const ranked = term.ranks.flatMap((r, m) => (r === null ? [] : [{ r, m }])).sort((a, b) => a.r - b.r || a.m - b.m);
  return ranked.map((x, k) => `${k > 0 ? (ranked[k - 1].r === x.r ? ' = ' : ' > ') : ''}#${x.m + 1}`).join('');
}

function lengthOrderText(view: SingleTurnView): string {
  const ranked = view.completions.filter((c) => c.lengthRank !== null).sort((a, b) => a.lengthRank! - b.lengthRank! || a.member - b.member);
  return ranked.map((c) => `#${c.member + 1} (L ${lengthText(c.length, c.lengthEstimated)})`).join(', ');
}

const outcomeText = (success: boolean, rewardless: boolean) => (rewardless ? 'no reward' : success ? '✓ success' : '✗ failed');

function CompletionsTable({ view, group, estimators, rewardless }: { view: SingleTurnView; group: readonly ScoredRecord[]; estimators: string[]; rewardless: boolean }) {
  const focused = useViewStore((s) => s.trajectory);
  return (
    <div className="table-scroll">
      <table className="completions-table" data-testid="completions-table">
        <caption>One completion per member: lengths, rewards{estimators.length > 0 ? ' and advantages' : ''}</caption>
        <thead>
          <tr>
            <th scope="col">#</th><th scope="col">Outcome</th><th scope="col">L</th><th scope="col" title="rank among the successes, shortest first">L rank</th>
            <th scope="col">R</th>
            {view.fieldNames.map((f) => <th key={f} scope="col" data-field={f}>{f}</th>)}
            {estimators.map((id) => <th key={id} scope="col">A {estimatorLabel(id)}</th>)}
            {view.terms.map((t) => <th key={t.key} scope="col" title="value, and rank among the successes (1 = highest)">{t.label} (rank)</th>)}
          </tr>
        </thead>
        <tbody>
          {view.completions.map((c) => (
            <tr key={c.member} data-member={c.member} className={focused === c.member ? 'focused' : undefined}
              onClick={() => viewEvents.trajectoryFocused(c.member, 0)}>
              <th scope="row">{c.member + 1}</th>
              <td className={rewardless ? undefined : c.success ? 'ok' : 'bad'}>{outcomeText(c.success, rewardless)}</td>
              <td data-col="length">{lengthText(c.length, c.lengthEstimated)}</td>
              <td data-col="length-rank">{c.lengthRank ?? '–'}</td>
              <td data-col="reward">{rewardless ? '–' : fmt(c.reward)}</td>
              {view.fieldNames.map((f) => <td key={f} data-field={f}>{fmt(c.fields[f])}</td>)}
              {estimators.map((id) => <td key={id} data-estimator={id}>{fmt(group[c.member].estimator_advantages?.[id]?.per_turn[0])}</td>)}
              {view.terms.map((t) => (
                <td key={t.key} data-term={t.key} data-rank={t.ranks[c.member] ?? ''}>
                  {fmt(t.values[c.member])}{t.ranks[c.member] !== null ? ` (${t.ranks[c.member]})` : ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A group of one-turn trajectories (T = 1): the completions side by side with their lengths and
 * rewards, and the order each declared advantage term puts the successes in. `rewardless` (SFT
 * data): no outcome and no R are shown, only the completions and their lengths.
 */
export function SingleTurnGroup({ group, estimators, rewardless = false }: { group: readonly ScoredRecord[]; estimators: string[]; rewardless?: boolean }) {
  const view = useMemo(() => singleTurnView(group, estimators), [group, estimators]);
  const focused = useViewStore((s) => s.trajectory);
  const successes = view.completions.filter((c) => c.success).length;
  const first = group[0];
  return (
    <section aria-label="Single-turn group" className="rollout-group single-turn">
      <p className="group-head">
        <strong>Prompt:</strong> {first?.task.instruction ?? first?.task.task_id} · G = {group.length}{rewardless ? '' : ` · ${successes} succeeded`} · one completion each (T = 1)
      </p>
      {view.terms.length > 0 && successes >= 2 && (
        <ul className="term-orders" data-testid="term-orders">
          {view.terms.map((t) => <li key={t.key} data-term={t.key}><strong>{t.label}</strong> ranks the successes {orderText(t)}</li>)}
          <li data-testid="length-order"><strong>By length L</strong> (shortest first): {lengthOrderText(view)}</li>
        </ul>
      )}
      <CompletionsTable view={view} group={group} estimators={estimators} rewardless={rewardless} />
      <div className="completions">
        {view.completions.map((c) => (
          <article key={c.member} aria-label={`Completion ${c.member + 1}`} data-member={c.member}
            className={`trajectory completion${rewardless ? '' : c.success ? ' success' : ' failure'}${focused === c.member ? ' focused' : ''}`}
            onClick={() => viewEvents.trajectoryFocused(c.member, 0)}>
            <header>
              <span className="traj-name">#{c.member + 1}</span>
              {!rewardless && <span className={`badge ${c.success ? 'ok' : 'bad'}`}>{c.success ? '✓' : '✗'}</span>}
              <span className="lengths">
                L {c.lengthEstimated ? '≈' : '='} {c.length}{c.lengthEstimated && <span className="estimated"> (approximate)</span>}
                {!rewardless && <> · R = {fmt(c.reward)}</>}
              </span>
            </header>
            <div className="completion-text"><ResponseText response={c.response} tags /></div>
          </article>
        ))}
      </div>
    </section>
  );
}
