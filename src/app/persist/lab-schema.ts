/**
 * What a saved lab must be before the page uses it: the schema of a LabRecord (its configuration
 * through the same validation as a new run, strictly: see core/train/read-back.ts) and of a stored
 * checkpoint (core/train/checkpoint-check.ts, as for a run file). A record that fails is set aside
 * by the caller, never used and never deleted. Fields a record was written without take their
 * defaults, so a record from before a RunConfig field existed still opens.
 */
import { isEstimatorId } from '../../core/advantage/registry';
import { validateEstimatorParams } from '../../core/advantage/params';
import type { ParamValue } from '../../core/params/spec';
import { z } from '../../core/io/zod';
import { checkpointFromJson, type Checkpoint } from '../../core/train/checkpoint';
import { parseOrThrow, ReadBackError, storedConfig } from '../../core/train/read-back';
import { BACKEND_REQUESTS } from '../../../workers/backend-request';
import type { LabConfig } from '../../state/lab-config';
import type { LabRecord } from './db';

const WHERE = 'saved lab';

const labConfigSchema = z.object({
  run: z.unknown(),
  estimators: z.array(z.string(), { error: 'must be a list of estimator ids' }).min(1, { error: 'must name at least one estimator' }),
  backend: z.enum(BACKEND_REQUESTS, { error: `must be one of ${BACKEND_REQUESTS.join(', ')}` }),
  slack: z.number({ error: 'must be a number' }).min(0, { error: 'must be ≥ 0' }),
  estimatorParams: z.record(z.string(), z.record(z.string(), z.unknown()), { error: 'must be an object per estimator' }).optional(),
}, { error: 'must be a lab configuration' });

const labSchema = z.object({
  id: z.string({ error: 'must be a string' }),
  name: z.string({ error: 'must be a string' }),
  createdAt: z.number({ error: 'must be a time' }),
  updatedAt: z.number({ error: 'must be a time' }),
  config: z.unknown(),
  runs: z.array(z.object({
    id: z.string({ error: 'must be a string' }),
    estimator: z.string({ error: 'must be a string' }),
    fingerprint: z.string().nullable().catch(null),
    metricsFingerprint: z.string().nullable().catch(null),
  }), { error: 'must be a list of runs' }),
  checkpointIterations: z.record(z.string(), z.number().int().min(0), { error: 'must map run ids to iterations' }).catch({}),
});

function checkEstimator(id: string, where: string, path: string): void {
  if (!isEstimatorId(id)) throw new ReadBackError(`${where}: ${path}: unknown estimator "${id}"`);
}

/**
 * A stored LabConfig (a saved lab's, a recording's), validated; `where` names the source and
 * `field` the config's place in it ("saved lab: config.run.env: ...").
 */
export function checkLabConfig(raw: unknown, where: string, field = 'config'): LabConfig {
  const config = parseOrThrow(labConfigSchema, raw, where, `${field}.`);
  const run = storedConfig(config.run, where, `${field}.run`);
  config.estimators.forEach((id, i) => checkEstimator(id, where, `${field}.estimators.${i}`));
  const estimatorParams: Record<string, Record<string, ParamValue>> = {};
  for (const [id, params] of Object.entries(config.estimatorParams ?? {})) {
    const checked = validateEstimatorParams(id, params);
    if (checked.problems.length > 0) throw new ReadBackError(`${where}: ${field}.estimatorParams.${id}: ${checked.problems[0].replace(/; using .*$/s, '')}`);
    estimatorParams[id] = checked.params;
  }
  const { estimatorParams: _raw, ...rest } = config;
  return { ...rest, run, ...(config.estimatorParams ? { estimatorParams } : {}) };
}

/** A stored LabRecord, validated; a one-line ReadBackError ("saved lab: config.run.env: ...") when it cannot be used. */
export function checkLabRecord(raw: unknown): LabRecord {
  const lab = parseOrThrow(labSchema, raw, WHERE);
  const config = checkLabConfig(lab.config, WHERE);
  lab.runs.forEach((r, i) => checkEstimator(r.estimator, WHERE, `runs.${i}.estimator`));
  return { ...lab, config };
}

/** A stored checkpoint of run `runId`, through the run-file checks. */
export function checkStoredCheckpoint(raw: unknown, runId: string): Checkpoint {
  return checkpointFromJson(raw, `${WHERE}: checkpoint of ${runId}`);
}
