/**
 * The study's file (`results.json` next to the docs page): the run's config, the study options,
 * the training curve and every search sample. Plain JSON; `parseSearchResults` checks the shape
 * (zod) so the app and the CLI's `--render` read files written by an older build safely.
 */
import { z } from '../io/zod';
import type { RunConfig } from '../train/config';
import type { SearchSamples } from './sample';
import type { StudyIteration, StudyOptions } from './study';

export const SEARCH_RESULTS_FORMAT = 'rollout-lab.best-of-n.v1';

export interface SearchProvenance {
  command: string;
  commit: string | null;
  date: string;
  backend: string;
}

export interface SearchResults {
  format: typeof SEARCH_RESULTS_FORMAT;
  config: RunConfig;
  options: StudyOptions;
  provenance: SearchProvenance;
  iterations: StudyIteration[];
  samples: SearchSamples[];
}

const split = z.enum(['seen', 'unseen']);
const schema = z.object({
  format: z.literal(SEARCH_RESULTS_FORMAT),
  config: z.record(z.string(), z.unknown()),
  options: z.object({
    checkpoints: z.array(z.number().int().min(0)), splits: z.array(split),
    tasks: z.number().int().min(1), samplesPerTask: z.number().int().min(1), temperature: z.number().positive(),
  }),
  provenance: z.object({ command: z.string(), commit: z.string().nullable(), date: z.string(), backend: z.string() }),
  iterations: z.array(z.object({ iteration: z.number(), trainingEpisodes: z.number(), successRate: z.number(), meanTurns: z.number() })),
  samples: z.array(z.object({
    split, iteration: z.number().int(), trainingEpisodes: z.number(), temperature: z.number(), samplesPerTask: z.number().int().min(1),
    tasks: z.array(z.object({
      taskIndex: z.number().int(), envSeed: z.number(), oracleTurns: z.number(),
      successes: z.string().regex(/^[01]*$/), turns: z.array(z.number()),
    })),
  })),
});

/** A results file, or an error naming the first field that is wrong. */
export function parseSearchResults(json: unknown): SearchResults {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`not a ${SEARCH_RESULTS_FORMAT} file: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data as unknown as SearchResults;
}
