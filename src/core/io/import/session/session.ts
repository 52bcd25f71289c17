/**
 * One import: the file's trajectories grouped, every registry estimator scored on every group with
 * the session's parameters, and the queries the lab's views make (summary, filtered group list,
 * one group's records with each estimator's advantages, overview by step, export). Everything big
 * stays here (in the worker); the page asks for what it shows.
 *
 * Scoring is lazy: a group is scored when it is first shown, and `scoreSome` scores the rest in
 * slices (the worker runs it between the page's calls), so a step of thousands of trajectories
 * shows its first group as soon as it is grouped. The overview and the export score every group
 * first; the summary's estimator statuses count the groups scored so far (`scoredGroups`).
 *
 * A result read with its token estimates deferred (`ImportResult.estimatesDeferred`) gets them here,
 * a group at a time, before the group is first scored, shown or exported (`withTokens`): the same
 * L_{i,t} as an import that estimated while reading, for what is shown.
 */
import { ESTIMATOR_IDS, getEstimator } from '../../../advantage/registry';
import type { TurnAdvantages } from '../../../advantage/types';
import type { RolloutTrajectoryV1 } from '../../rollouts-v1';
import { sliceAdvantages, type EstimatorSlice } from '../../../rollout/records';
import { withEstimatorAdvantages } from '../../export/estimator-advantages';
import { rolloutLines } from '../../export/write-rollouts';
import { buildGroups, facet, groupFlags, matchesFilters, type GroupFilters, type ImportedGroup } from './groups';
import { describeProblems } from '../problems';
import { outcomeDisagreementNote } from '../../to-group';
import { continueProblems, type ImportProblem, type ImportResult, type ProblemLog } from './importer';
import { overviewBySteps, type StepRow } from './overview';
import { fillTokenCounts } from '../tokens';
import { applyParams, defaultParams, type EstimatorParamsMap } from './params';

export interface EstimatorStatus {
  id: string;
  label: string;
  /** Groups it could not score (it threw), with the first reason. */
  failedGroups: number;
  error: string | null;
}

export interface ImportSummary {
  fileName: string;
  format: string;
  adapterLabel: string;
  trajectories: number;
  groups: number;
  steps: number[];
  environments: string[];
  taskTypes: string[];
  problems: ImportProblem[];
  problemCount: number;
  /** Lines of the file skipped, each once however many problems it holds (`problemCount` counts problems). */
  skippedLines: number;
  tokenCounts: ImportResult['tokenCounts'];
  notes: string[];
  estimators: EstimatorStatus[];
  params: EstimatorParamsMap;
  /** The file carries no reward (SFT / expert data): open for reading only, nothing is scored. */
  readOnly: boolean;
  /** Groups scored by every estimator so far (`groups` once scoring is done): `estimators` counts failures among these. */
  scoredGroups: number;
  /** Groups of one member: no relative advantage there. */
  singletonGroups: number;
}

export interface GroupListItem {
  index: number;
  groupId: string;
  step: number | null;
  env: string;
  taskType: string | null;
  instruction: string;
  size: number;
  successes: number;
  /** A group of one: the view says it has no relative advantage instead of showing R/(1 + ε) as one. */
  singleton: boolean;
  /** Plain sentences for the group view (singleton, interchangeable continuations). */
  notes: string[];
}

/**
 * A trajectory as the group view shows it: the imported record plus each estimator's slice; where
 * the file had no response_tokens (the importer filled in its estimate and marked the turn),
 * `estimated_tokens` is set (the UI labels L_{i,t} "estimated").
 */
export type ViewedTrajectory = RolloutTrajectoryV1 & { estimator_advantages: Record<string, EstimatorSlice>; estimated_tokens?: boolean };

export class ImportSession {
  readonly groups: ImportedGroup[];
  readonly params: EstimatorParamsMap = defaultParams();
  /** Per estimator, per group: its advantages; undefined until scored, null where it threw (or the file has no reward). */
  private readonly scores: Record<string, Array<TurnAdvantages | null | undefined>> = {};
  private readonly failures: Record<string, { count: number; first: string | null }> = {};
  /** Per estimator, how many groups are scored (the rest are undefined in `scores`). */
  private readonly scored: Record<string, number> = {};
  private readonly problems: ProblemLog;
  /** Per group: its members' missing token counts are still to be estimated (all false unless the read deferred them). */
  private readonly tokensPending: boolean[];

  constructor(readonly fileName: string, readonly result: ImportResult) {
    this.problems = continueProblems(result.problems, result.problemCount);
    this.groups = buildGroups(result.trajectories, this.problems, result.estimatesDeferred === true);
    this.tokensPending = this.groups.map(() => result.estimatesDeferred === true);
    for (const id of ESTIMATOR_IDS) this.unscore(id);
  }

  /**
   * Group `g` with its members' token estimates filled in (once): the records get them marked as
   * estimated, and the estimators' L_{i,t} (built from a placeholder while the counts were missing)
   * are replaced by them.
   */
  private withTokens(g: number): ImportedGroup {
    const group = this.groups[g];
    if (!this.tokensPending[g]) return group;
    this.tokensPending[g] = false;
    group.members.forEach((m, i) => {
      const record = this.result.trajectories[m];
      fillTokenCounts(record);
      group.summary.trajectories[i].numTokens = record.turns.map((turn) => turn.response_tokens!);
    });
    return group;
  }

  /** Forget estimator `id`'s scores (its parameters changed): every group is scored again when asked for. */
  private unscore(id: string): void {
    this.scores[id] = new Array<TurnAdvantages | null | undefined>(this.groups.length).fill(undefined);
    this.failures[id] = { count: 0, first: null };
    this.scored[id] = 0;
  }

  /** Estimator `id` on group `g` with its current parameters, scored now if it was not yet. */
  private scoreOf(id: string, g: number): TurnAdvantages | null {
    const kept = this.scores[id][g];
    if (kept !== undefined) return kept;
    let adv: TurnAdvantages | null = null;
    const group = this.withTokens(g);
    if (!this.result.rewardless) {
      // a reward-less file (SFT data) has nothing to score
      try {
        adv = getEstimator(id).estimate(group.summary, this.params[id]);
      } catch (error) {
        const failures = this.failures[id];
        failures.count++;
        failures.first ??= error instanceof Error ? error.message : String(error);
      }
    }
    this.scores[id][g] = adv;
    this.scored[id]++;
    return adv;
  }

  /** Groups scored by every estimator. */
  scoredGroups(): number {
    return Math.min(...ESTIMATOR_IDS.map((id) => this.scored[id]));
  }

  /**
   * Score groups not scored yet, group by group, until `enough()` answers true (asked after each
   * group); answers whether every group is scored by every estimator.
   */
  scoreSome(enough: () => boolean): boolean {
    for (let g = 0; g < this.groups.length; g++) {
      if (ESTIMATOR_IDS.every((id) => this.scores[id][g] !== undefined)) continue;
      for (const id of ESTIMATOR_IDS) this.scoreOf(id, g);
      if (enough()) return this.scoredGroups() === this.groups.length;
    }
    return true;
  }

  /** Every group scored by every estimator. */
  scoreAll(): void {
    this.scoreSome(() => false);
  }

  setParams(id: string, patch: Record<string, unknown>): { ok: true } | { ok: false; problems: string[] } {
    const applied = applyParams(id, this.params[id] ?? {}, patch);
    if (!applied.ok) return applied;
    this.params[id] = applied.params;
    this.unscore(id);
    return { ok: true };
  }

  summary(): ImportSummary {
    const { result, groups } = this;
    return {
      fileName: this.fileName, format: result.format, adapterLabel: result.adapterLabel,
      trajectories: groups.reduce((n, g) => n + g.members.length, 0), groups: groups.length,
      steps: facet(groups, (g) => g.step), environments: facet(groups, (g) => g.env), taskTypes: facet(groups, (g) => g.taskType),
      problems: this.problems.list.slice(), problemCount: this.problems.count,
      skippedLines: result.skippedLines, tokenCounts: result.tokenCounts,
      notes: this.notes(),
      readOnly: result.rewardless === true,
      singletonGroups: groups.filter((g) => g.members.length === 1).length,
      scoredGroups: this.scoredGroups(),
      estimators: ESTIMATOR_IDS.map((id) => ({
        id, label: getEstimator(id).label, failedGroups: this.failures[id].count, error: this.failures[id].first,
      })),
      params: Object.fromEntries(Object.entries(this.params).map(([id, p]) => [id, { ...p }])),
    };
  }

  /**
   * The reader's notes, plus one when outcome.success and episode_reward disagree (either way) and
   * one when groups of one are present (scored, but not a comparison).
   */
  private notes(): string[] {
    const notes = this.result.notes.slice();
    const disagree = this.result.rewardless ? null : outcomeDisagreementNote(this.result.trajectories);
    if (disagree !== null) notes.push(disagree);
    const singles = this.groups.filter((g) => g.members.length === 1).length;
    if (singles > 0 && !this.result.rewardless) {
      notes.push(`${singles} of ${this.groups.length} groups have one member: a group of one has no relative advantage (those values are each estimator's singleton rule, e.g. GRPO's R/(1 + ε))`);
    }
    return notes;
  }

  groupList(filters: GroupFilters = {}): GroupListItem[] {
    const out: GroupListItem[] = [];
    this.groups.forEach((g, index) => {
      if (!matchesFilters(g, filters)) return;
      out.push({
        index, groupId: g.groupId, step: g.step, env: g.env, taskType: g.taskType, instruction: g.instruction,
        size: g.members.length, successes: g.summary.trajectories.filter((t) => t.success).length, ...groupFlags(g),
      });
    });
    return out;
  }

  /** Group `index`'s records with every scored estimator's per-turn advantages and components. */
  groupRecords(index: number): ViewedTrajectory[] {
    if (!this.groups[index]) return [];
    const group = this.withTokens(index);
    return group.members.map((m, i) => {
      const byEstimator: Record<string, EstimatorSlice> = {};
      for (const id of ESTIMATOR_IDS) {
        const adv = this.scoreOf(id, index);
        if (adv) byEstimator[id] = sliceAdvantages(adv, i);
      }
      const record = this.result.trajectories[m];
      const estimated = record.turns.some((turn) => turn.response_tokens_estimated === true || turn.response_tokens === undefined);
      if (!estimated) return { ...record, estimator_advantages: byEstimator };
      const numTokens = group.summary.trajectories[i].numTokens;
      const turns = record.turns.map((turn, t) => ({ ...turn, response_tokens: turn.response_tokens ?? numTokens[t] }));
      return { ...record, turns, estimator_advantages: byEstimator, estimated_tokens: true };
    });
  }

  overview(filters: Omit<GroupFilters, 'step'> = {}): StepRow[] {
    const indices = this.groupList(filters).map((g) => g.index);
    this.scoreAll();
    return overviewBySteps(this.groups, indices, this.scores as Record<string, Array<TurnAdvantages | null>>);
  }

  /** rollouts.v1 JSON Lines of the chosen groups (all when null), each record carrying every estimator's advantages. */
  exportLines(indices: readonly number[] | null): string[] {
    return rolloutLines(this.exportRecords(indices ?? this.groups.map((_, g) => g)));
  }

  private *exportRecords(chosen: readonly number[]): Generator<RolloutTrajectoryV1> {
    for (const g of chosen) {
      if (!this.groups[g]) continue;
      const group = this.withTokens(g);
      for (let i = 0; i < group.members.length; i++) {
        const byEstimator: Record<string, { per_turn: number[]; params: Record<string, unknown> }> = {};
        for (const id of ESTIMATOR_IDS) {
          const adv = this.scoreOf(id, g);
          if (adv) byEstimator[id] = { per_turn: adv.perTurn[i].slice(), params: { ...this.params[id] } };
        }
        yield withEstimatorAdvantages(this.result.trajectories[group.members[i]], byEstimator);
      }
    }
  }

  /** The skipped lines as a plain-text report (line, reason), all listed ones and the total. */
  problemReport(): string {
    const counts = describeProblems({ skippedLines: this.result.skippedLines, problemCount: this.problems.count, listed: this.problems.list.length });
    const head = `# ${this.fileName}: ${counts}\n`;
    return head + this.problems.list.map((p) => `${p.line === null ? 'file' : `line ${p.line}`}\t${p.reason}`).join('\n') + '\n';
  }
}
