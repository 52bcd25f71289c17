/**
 * The guided tour as data: each step names the element it highlights (a CSS selector), the state
 * it sets when it opens (`enter`, through the stores' events), and its text, which reads the
 * numbers on screen from the same plain state the views use. The Tour component only walks it.
 */
import { loadExample } from '../group/GroupSection';
import { analyzeGroup, type Verdict } from '../model/circuitous';
import { meanAdvantage } from '../model/advantage-lanes';
import { estimatorLabel } from '../../core/advantage/registry';
import { resolveSelection } from '../group/selection';
import { signed } from '../group/AdvantageBars';
import { useConfigStore } from '../../state/config-store';
import { useRunStore, type GroupRecords } from '../../state/run-store';
import { useViewStore, viewEvents } from '../../state/view-store';
import { CONCEPTS } from '../concepts/registry';

export interface TourStep {
  id: string;
  title: string;
  /** The element highlighted (first match). */
  target: string;
  /** Sets the state this step talks about. */
  enter(): void;
  text(): string;
}

interface Shown {
  /** Where the group on screen comes from: the constructed worked example or a run's iteration. */
  source: 'run' | 'example';
  group: GroupRecords;
  verdicts: Verdict[];
  estimators: string[];
}

function shown(): Shown | null {
  const estimators = useConfigStore.getState().config.estimators;
  const selection = resolveSelection(useRunStore.getState(), useViewStore.getState(), estimators);
  if (!selection.group) return null;
  const slack = useConfigStore.getState().config.slack;
  return { source: selection.source === 'example' ? 'example' : 'run', group: selection.group, verdicts: analyzeGroup(selection.group, { slack }), estimators: selection.estimators };
}

const members = (s: Shown, pick: (v: Verdict) => boolean) => s.verdicts.map((v, i) => (pick(v) ? i : -1)).filter((i) => i >= 0);
const adv = (s: Shown, i: number, id: string) => signed(meanAdvantage(s.group[i], id) ?? NaN);
const planpoId = (s: Shown) => s.estimators.find((e) => e.startsWith('planpo')) ?? s.estimators[1];

function focusFirst(pick: (v: Verdict) => boolean): void {
  const s = shown();
  if (!s) return;
  const i = members(s, pick)[0];
  if (i !== undefined) viewEvents.trajectoryFocused(i, 0);
}

function trainedChange(key: 'meanTurns' | 'meanResponseTokens'): string {
  const runs = useRunStore.getState().runs.filter((r) => r.metrics.length > 1);
  return runs.map((r) => {
    const first = r.metrics[0][key];
    const last = r.metrics.slice(-5).reduce((a, m) => a + m[key], 0) / Math.min(5, r.metrics.length);
    return `${estimatorLabel(r.estimator)} ${first.toFixed(1)} → ${last.toFixed(1)}`;
  }).join(', ');
}

export const TOUR_STEPS: TourStep[] = [
  {
    id: 'group',
    title: 'One task, a group of rollouts',
    target: '.rollout-group',
    enter: () => loadExample(),
    text: () => {
      const s = shown();
      if (!s) return 'Each card is one attempt at the same task.';
      const ok = members(s, (v) => v.success).length;
      return `This is one task's group: the same task from the same start, attempted G = ${s.group.length} times. `
        + `${ok} attempts succeeded and ${s.group.length - ok} failed. Each card shows the outcome, T (turns taken), `
        + `T* (the shortest plan) and L (tokens written). ${s.source === 'example' ? 'It is a constructed example, so every case appears at once.' : 'These are real rollouts from the run on screen.'}`;
    },
  },
  {
    id: 'grpo',
    title: 'GRPO: every success gets the same credit',
    target: '.trajectory.focused .traj-adv',
    enter: () => focusFirst((v) => v.success),
    text: () => {
      const s = shown();
      if (!s) return '';
      const ok = members(s, (v) => v.success);
      const bad = members(s, (v) => !v.success);
      const grpo = s.estimators.includes('grpo') ? 'grpo' : s.estimators[0];
      const values = [...new Set(ok.map((i) => adv(s, i, grpo)))];
      return `GRPO scores each attempt against the group's mean reward. All ${ok.length} successes get ${values.join(' / ')}, `
        + `whether they took ${Math.min(...ok.map((i) => s.verdicts[i].numTurns))} turns or ${Math.max(...ok.map((i) => s.verdicts[i].numTurns))}`
        + (bad.length > 0 ? `; each failure gets ${adv(s, bad[0], grpo)}` : '')
        + '. A direct success and a wandering one are pushed up alike: the advantage collapses.';
    },
  },
  {
    id: 'circuitous',
    title: 'A circuitous success',
    target: '.trajectory.focused [data-testid="circuitous-flag"]',
    enter: () => focusFirst((v) => v.circuitous),
    text: () => {
      const s = shown();
      const i = s ? members(s, (v) => v.circuitous)[0] : undefined;
      if (!s || i === undefined) return 'No success in this group is circuitous.';
      return `Trajectory ${i + 1} reached the goal but is flagged circuitous: it ${s.verdicts[i].summary}. `
        + `A success is circuitous when it takes more than T* + slack turns, or more than the group's quickest success. `
        + `GRPO still gives it ${adv(s, i, s.estimators.includes('grpo') ? 'grpo' : s.estimators[0])}.`;
    },
  },
  {
    id: 'planpo',
    title: "PlanPO: A^E, A^S and α(k)",
    target: '[aria-label="PlanPO equation"]',
    enter: () => focusFirst((v) => v.success && !v.circuitous),
    text: () => {
      const s = shown();
      if (!s) return '';
      const id = planpoId(s);
      const direct = members(s, (v) => v.success && !v.circuitous)[0];
      const detour = members(s, (v) => v.circuitous)[0];
      const numbers = direct !== undefined && detour !== undefined
        ? ` Here the direct success (trajectory ${direct + 1}) gets ${adv(s, direct, id)} and the circuitous one (trajectory ${detour + 1}) ${adv(s, detour, id)}.`
        : '';
      return `PlanPO adds two parts. A^E compares efficiency among the successes: fewer turns than the other successes scores higher. `
        + `A^S compares each response's length: concise responses score higher. α(k) weights A^S and decays from α_init to α_final over the iterations.`
        + `${numbers} The card fills in the numbers for the selected turn.`;
    },
  },
  {
    id: 'train',
    title: 'Train both and watch turns and tokens fall',
    target: '.training-curves [data-panel="turns"], #train-button',
    enter: () => viewEvents.runSelected(null),
    text: () => {
      const turns = trainedChange('meanTurns');
      if (!turns) return 'Press Train (or Space): one run per estimator starts from the same weights on the same tasks. Watch the curves "Mean turns" and "Mean response tokens".';
      return `These runs trained GRPO and PlanPO from the same weights on the same tasks. Mean turns, first iteration → last five: ${turns}; `
        + `mean response tokens: ${trainedChange('meanResponseTokens')}. Press Train to run them live in this browser.`;
    },
  },
  {
    id: 'concepts',
    title: 'Beyond PlanPO: the concepts, live',
    target: 'nav a[href="#concepts"]',
    enter: () => undefined,
    text: () => `The Concepts view (this link) shows how RL shapes agent planning with this same policy: ${CONCEPTS.map((c) => c.title.toLowerCase()).join('; ')}. `
      + 'Each has its equation, the figure measured with the CLI command it names, and a tiny version you can train here.',
  },
];
