/**
 * The schema of a run file's run.json and its version migrations. Each migration takes the parsed
 * JSON of one version to the next; decodeRunFile applies them in order, then validates the result
 * against the current schema, so every version ever written opens through one reader.
 *
 * Version history:
 *   v1  weights and Adam moments; Adam's running products β₁ᵗ⁺¹, β₂ᵗ⁺¹ not stored (a resume rebuilt
 *       them as pow(β, t + 1), off by one float32 bit for most t). Migrated by replaying the
 *       float32 products from the step count (adamProducts), which is what the live optimizer held.
 *   v2  `checkpoint.optimizer.accBeta1` / `accBeta2`: the products as the optimizer held them.
 */
import { z } from '../io/zod';
import { adamProducts } from './adam-products';
import { CHECKPOINT_FORMAT, RETIRED_FORMATS } from './checkpoint';
import { parseOrThrow, ReadBackError } from './read-back';

export const RUN_FILE_FORMAT = 'rollout-lab.run.v2';
export const RUN_JSON = 'run file run.json';

type Json = Record<string, unknown>;

/** format id → the step to the next version (with the version it produces). */
const MIGRATIONS: Record<string, { to: string; step(h: Json): Json; note: string }> = {
  'rollout-lab.run.v1': {
    to: 'rollout-lab.run.v2',
    note: "written by an older version (rollout-lab.run.v1): Adam's running products were rebuilt from its step count",
    step(h) {
      const cp = h.checkpoint as Json | null | undefined;
      const opt = cp?.optimizer as Json | undefined;
      if (!cp || !opt || typeof opt.iterations !== 'number') return { ...h, format: 'rollout-lab.run.v2' };
      return { ...h, format: 'rollout-lab.run.v2', checkpoint: { ...cp, optimizer: { ...opt, ...adamProducts(opt.iterations) } } };
    },
  },
};

/** The JSON of any readable version → the current version, with a note per migration applied. */
export function migrateRunJson(h: Json): { header: Json; notes: string[] } {
  const notes: string[] = [];
  let header = h;
  for (let guard = 0; guard < 16 && typeof header.format === 'string' && header.format in MIGRATIONS; guard++) {
    const m = MIGRATIONS[header.format];
    header = m.step(header);
    notes.push(m.note);
  }
  const format = typeof header.format === 'string' ? header.format : '';
  if (format !== RUN_FILE_FORMAT) {
    if (/^rollout-lab\.run\.v\d+$/.test(format)) {
      throw new ReadBackError(`this run file has format ${format}, written by another version of Rollout Lab; this version reads ${[...Object.keys(MIGRATIONS), RUN_FILE_FORMAT].join(', ')}`);
    }
    throw new ReadBackError(`not a Rollout Lab run file (run.json has format ${JSON.stringify(format)}, expected "${RUN_FILE_FORMAT}")`);
  }
  return { header, notes };
}

const whole = (what: string) => z.number({ error: `${what} must be a number` }).int({ error: `${what} must be a whole number` }).min(0, { error: `${what} must be ≥ 0` });

const metric = z.looseObject({ iteration: whole('iteration') }, { error: 'each metric must be an object' });
const divergence = z.object({
  iteration: whole('iteration'),
  quantiles: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()], { error: 'quantiles must be 5 numbers' }),
  count: whole('count'),
});
const report = z.object({
  iteration: whole('iteration'),
  groups: z.array(z.array(z.looseObject({}), { error: 'each group must be a list of records' }), { error: 'groups must be a list' }),
  divergence: divergence.nullable().default(null),
});

const header = z.object({
  id: z.string({ error: 'must be a string' }),
  name: z.string({ error: 'must be a string' }),
  createdAt: z.string().catch(''),
  updatedAt: z.string().catch(''),
  config: z.unknown(),
  lab: z.object({
    estimators: z.array(z.string(), { error: 'must be a list of estimator ids' }),
    backend: z.string({ error: 'must be a string' }),
    slack: z.number({ error: 'must be a number' }).min(0, { error: 'must be ≥ 0' }),
  }).nullable().default(null),
  metrics: z.array(metric, { error: 'must be a list' }),
  reports: z.array(report, { error: 'must be a list' }),
  checkpoint: z.looseObject({ format: z.string({ error: 'must be a string' }) }).nullable().default(null),
  tensors: z.object({ bytes: whole('bytes') }).optional(),
});

export type RunJson = z.output<typeof header>;

/** The current version's run.json, checked; the checkpoint's own fields are checked by checkpointHeader. */
export function parseRunJson(h: Json): RunJson {
  const parsed = parseOrThrow(header, h, RUN_JSON);
  const format = parsed.checkpoint?.format;
  if (format && format in RETIRED_FORMATS) throw new ReadBackError(`${RUN_JSON}: its checkpoint has format "${format}"; this version reads "${CHECKPOINT_FORMAT}" (${RETIRED_FORMATS[format]})`);
  return parsed;
}
