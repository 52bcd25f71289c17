/**
 * Every worker the page starts, each through spawnWorker (one crash/init/termination policy). The
 * `new Worker(new URL(…, import.meta.url))` expressions live here and only here: the bundler
 * needs them literally to emit each worker's module.
 */
import type { ConceptsApi } from '../../workers/concepts.worker';
import type { ImportApi } from '../../workers/import.worker';
import type { RunFileApi } from '../../workers/run-file.worker';
import type { TrainerApi } from '../../workers/trainer.worker';
import { spawnWorker, type WorkerHandle } from './spawn-worker';

export type TrainerHandle = WorkerHandle<TrainerApi>;

/** One trainer worker (one per run; the backend probe and the experiments use their own too). */
export const spawnTrainer = (): TrainerHandle =>
  spawnWorker<TrainerApi>(new Worker(new URL('../../workers/trainer.worker.ts', import.meta.url), { type: 'module', name: 'trainer' }));

/** One concepts worker (one per concept run in the Concepts view). */
export const spawnConcepts = (): WorkerHandle<ConceptsApi> =>
  spawnWorker<ConceptsApi>(new Worker(new URL('../../workers/concepts.worker.ts', import.meta.url), { type: 'module', name: 'concepts' }));

/** The import worker (one per page, kept while it lives). */
export const spawnImport = (): WorkerHandle<ImportApi> =>
  spawnWorker<ImportApi>(new Worker(new URL('../../workers/import.worker.ts', import.meta.url), { type: 'module', name: 'import' }));

/** A run-file worker (one per opened file, ended after its answer). */
export const spawnRunFile = (): WorkerHandle<RunFileApi> =>
  spawnWorker<RunFileApi>(new Worker(new URL('../../workers/run-file.worker.ts', import.meta.url), { type: 'module', name: 'run-file' }));
