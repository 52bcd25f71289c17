/**
 * Wiring for the lab's import: one import worker (created on first use), and the one place that
 * writes its output into the import store. Opening sources: a File (picker, drop), a URL beside the
 * app (`?rollouts=`), a shipped sample (public/samples/index.json).
 */
import * as Comlink from 'comlink';
import type { ImportApi } from '../../workers/import.worker';
import type { WorkerHandle } from './spawn-worker';
import type { ColumnMapping } from '../core/io/import/session/importer';
import type { StepSummaryRow } from '../core/run/step-summary';
import { importEvents, useImportStore, type ImportFilters } from '../state/import-store';
import { downloadBlob } from './export/download';
import { spawnImport } from './workers';

let handle: WorkerHandle<ImportApi> | null = null;

/** The page's import worker: started on first use, and started afresh after a crash (the open file is lost). */
function worker(): Comlink.Remote<ImportApi> {
  if (!handle || handle.ended()) handle = spawnImport();
  return handle.api;
}

/** Start the import worker ahead of the first file (its module loads while the person picks one). */
export function warmImportWorker(): void {
  worker().ready().catch(() => undefined); // a failure shows on the first real call
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Bumped by every open: a refresh that outlives its import writes nothing. */
let generation = 0;

let last: ({ file: Blob; fileName: string } | { files: Array<{ path: string; file: Blob }>; fileName: string }) & { mapping?: ColumnMapping } | null = null;

/** The import last asked for: its name, its files and the mapping it was read through (kept for a reload by reopen-import.ts). */
export function lastOpened(): { fileName: string; files: Array<{ path: string; file: Blob }>; mapping: ColumnMapping | null } | null {
  if (!last) return null;
  const files = 'files' in last ? last.files : [{ path: last.fileName, file: last.file }];
  return { fileName: last.fileName, files, mapping: last.mapping ?? null };
}

/**
 * Open `file` under `fileName` (its relative path inside a picked or dropped folder, so AgentGym-RL's
 * `step{N}/{rank}.json` is kept); a table is read through `mapping` when given.
 */
export async function openRollouts(file: Blob, fileName: string, mapping?: ColumnMapping, view?: KeptView): Promise<void> {
  last = { file, fileName, ...(mapping ? { mapping } : {}) };
  generation++;
  importEvents.importStarted(fileName);
  await settle(() => worker().open(file, fileName, Comlink.proxy(importEvents.progressReported), mapping), view);
}

/** A view kept across a reload (reopen-import.ts): the estimators' parameters, the filters and the group on screen. */
export interface KeptView {
  params: Record<string, Record<string, unknown>>;
  filters: ImportFilters;
  groupIndex: number | null;
}

type OpenAnswer = Awaited<ReturnType<ImportApi['open']>>;

/**
 * The worker's answer to an open into the store (summary and views, the mapping form, or the failure).
 * A kept `view` is put back before the first group is shown, so that group is the kept one: the views
 * are filled once, and the kept group does not wait for every other group to be scored.
 */
async function settle(open: () => Promise<OpenAnswer>, view?: KeptView): Promise<boolean> {
  try {
    const result = await open();
    if (result.cancelled) {
      importEvents.importCancelled();
      return false;
    }
    if (result.unreadable) {
      // a table of flat rows comes with its columns and a guessed mapping: the mapping form opens
      if (result.unreadable.table) importEvents.tableNotPlaced(result.unreadable.message, result.unreadable.table);
      else importEvents.importFailed(result.unreadable.message);
      return false;
    }
    importEvents.importFinished(result.summary, result.gzip, { total: result.seconds, read: result.readSeconds });
    if (view) await putViewBack(view);
    await refreshViews();
    return true;
  } catch (error) {
    importEvents.importFailed(message(error));
    return false;
  }
}

/** Open a run's step: its files (every rank) as one import named `name` (through `mapping` when given); resolves true once it is on screen. */
export async function openRolloutFiles(files: Array<{ path: string; file: Blob }>, name: string, mapping?: ColumnMapping, view?: KeptView): Promise<boolean> {
  last = { files, fileName: name, ...(mapping ? { mapping } : {}) };
  generation++;
  importEvents.importStarted(name);
  return settle(() => worker().openStep(files, name, Comlink.proxy(importEvents.progressReported), mapping), view);
}

/** Stream a run's overview in the worker (one step's files at a time, sent as it asks for them); `onRow` gets each step's row. */
export function summarizeRunFiles(
  steps: Array<{ step: number | null; files: Array<{ path: string; file: Blob }> }>, onRow: (row: StepSummaryRow) => void,
): Promise<StepSummaryRow[] | null> {
  return worker().summarizeRun(steps.length, Comlink.proxy((from: number, to: number) => steps.slice(from, to)), Comlink.proxy(onRow));
}

export function stopRunOverview(): void {
  worker().stopRun().catch(() => undefined);
}

/** Re-open the last file through `mapping` (the mapping form's "Open with this mapping"). */
export async function reopenWithMapping(mapping: ColumnMapping): Promise<void> {
  if (!last) return;
  if ('files' in last) await openRolloutFiles(last.files, last.fileName, mapping);
  else await openRollouts(last.file, last.fileName, mapping);
}

export function cancelImport(): void {
  worker().cancel().catch(() => undefined); // nothing to cancel in a worker that has ended
}

/** Fetch a file hosted beside the app (a relative URL) and open it. */
export async function openRolloutsUrl(url: string): Promise<void> {
  const name = url.replace(/^(\.\/)?samples\//, ''); // a relative path keeps AgentGym-RL's step{N}/{rank}.json
  try {
    const response = await fetch(new URL(url, window.location.href));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    await openRollouts(await response.blob(), name);
  } catch (error) {
    importEvents.importStarted(name);
    importEvents.importFailed(message(error));
  }
}

export interface SampleEntry {
  file: string;
  label: string;
  format?: string;
  description?: string;
}

export async function loadSampleIndex(): Promise<SampleEntry[]> {
  const response = await fetch(new URL('samples/index.json', window.location.href));
  if (!response.ok) return [];
  const index = (await response.json()) as { samples?: SampleEntry[] } | SampleEntry[];
  return Array.isArray(index) ? index : (index.samples ?? []);
}

export const openSample = (entry: SampleEntry) => openRolloutsUrl(`samples/${entry.file}`);

/**
 * Re-query the filtered group list and the group on screen, then the overview: the worker scores a
 * group when it is shown and the rest after, so the first screen does not wait for every group to be
 * scored. The summary comes again with the overview (its estimators' failures then count every group).
 */
async function refreshViews(): Promise<void> {
  const { filters, groupIndex } = useImportStore.getState();
  const api = worker();
  const opened = generation;
  const list = await api.groupList(filters);
  if (opened !== generation) return;
  importEvents.groupListLoaded(list);
  const keep = groupIndex !== null && list.some((g) => g.index === groupIndex) ? groupIndex : (list[0]?.index ?? null);
  await pickGroup(keep);
  const scored = await api.overview({ env: filters.env, taskType: filters.taskType });
  if (scored === null || opened !== generation) return; // another import opened meanwhile: its own refresh fills the views
  importEvents.overviewLoaded(scored.rows);
  importEvents.summaryScored(scored.summary);
}

export async function pickGroup(index: number | null): Promise<void> {
  importEvents.groupLoaded(index, index === null ? null : await worker().group(index));
}

export async function changeFilters(filters: ImportFilters): Promise<void> {
  importEvents.filtersChanged(filters);
  await refreshViews();
}

/** A kept view back on the import just opened, before its views are filled (settle). */
async function putViewBack({ params, filters, groupIndex }: KeptView): Promise<void> {
  const api = worker();
  const problems: string[] = [];
  const now = (await api.summary()).params;
  for (const [id, kept] of Object.entries(params)) {
    // only what was changed (the rest, adjustable or not, is as the session opened it)
    const patch = Object.fromEntries(Object.entries(kept).filter(([key, value]) => now[id]?.[key] !== value));
    if (Object.keys(patch).length === 0) continue;
    const result = await api.setParams(id, patch);
    if (!result.ok) problems.push(...result.problems);
  }
  importEvents.paramsRescored(await api.summary(), problems);
  importEvents.filtersChanged(filters);
  importEvents.groupLoaded(groupIndex, null);
}

/** Set one parameter of one estimator; the worker re-scores it on every group. */
export async function changeParam(id: string, key: string, value: number | boolean | string): Promise<void> {
  const api = worker();
  const result = await api.setParams(id, { [key]: value });
  importEvents.paramsRescored(await api.summary(), result.ok ? [] : result.problems);
  await refreshViews();
}

const baseName = () => (useImportStore.getState().fileName ?? 'rollouts').replace(/\.(jsonl|json|gz)+$/i, '');

/** Download the chosen groups (all when null) as rollouts.v1 with every estimator's advantages. */
export async function exportImport(indices: number[] | null): Promise<void> {
  const blob = await worker().exportBlob(indices);
  downloadBlob(blob, `${baseName()}${indices ? '-selected' : ''}.advantages.jsonl`);
}

export async function downloadProblemReport(): Promise<void> {
  const text = await worker().problemReport();
  downloadBlob(new Blob([text], { type: 'text/plain' }), `${baseName()}.problems.txt`);
}

/** `?rollouts=<relative URL>`: read before the share-link sync rewrites the address bar. */
export function rolloutsUrlFrom(search: string): string | null {
  return new URLSearchParams(search).get('rollouts');
}

