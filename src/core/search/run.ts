/**
 * One study from a plain config: build the trainer (iterations = the last checkpoint), run
 * `searchStudy`, and keep everything in a SearchResults that grows event by event. The CLI and the
 * browser worker call this same function.
 */
import { validateConfig, type RunConfig } from '../train/config';
import { Trainer } from '../train/trainer';
import { SEARCH_RESULTS_FORMAT, type SearchProvenance, type SearchResults } from './results';
import { normalizeCheckpoints, searchStudy, type StudyEvent, type StudyOptions } from './study';

export interface RunStudyOptions {
  provenance: SearchProvenance;
  /** Called after each event with the results so far (the same object, grown). */
  onEvent?: (event: StudyEvent, results: SearchResults) => void | Promise<void>;
  /** Asked before each step; true ends the study early (its results so far are returned). */
  cancelled?: () => boolean;
}

/** The run config the study trains: `config` validated, with iterations = the last checkpoint. */
export function studyConfig(config: Partial<RunConfig>, checkpoints: readonly number[]): RunConfig {
  const last = normalizeCheckpoints(checkpoints).at(-1)!;
  const { config: cfg, problems } = validateConfig({ ...config, iterations: last });
  if (problems.length > 0) throw new Error(`invalid study config: ${problems.join('; ')}`);
  return cfg;
}

export async function runSearchStudy(config: Partial<RunConfig>, options: StudyOptions, run: RunStudyOptions): Promise<SearchResults> {
  const cfg = studyConfig(config, options.checkpoints);
  const results: SearchResults = {
    format: SEARCH_RESULTS_FORMAT, config: cfg, options: { ...options, checkpoints: normalizeCheckpoints(options.checkpoints) },
    provenance: run.provenance, iterations: [], samples: [],
  };
  const trainer = await Trainer.create(cfg, { backend: run.provenance.backend, compare: false, records: false });
  try {
    for await (const event of searchStudy(trainer, options)) {
      if (event.kind === 'iteration') results.iterations.push(event.iteration);
      else results.samples.push(event.samples);
      await run.onEvent?.(event, results);
      if (run.cancelled?.()) break;
    }
  } finally {
    trainer.dispose();
  }
  return results;
}
