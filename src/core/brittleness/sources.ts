/**
 * Where each concept's seen/unseen numbers come from: the results file its CLI command writes
 * (next to its docs page) and how to read rows out of it. The `brittleness` CLI command reads
 * these files; the Concepts view's entries point at the same parsers. A concept with a split adds
 * one entry here.
 */
import { parseResults } from '../experiments/results';
import { parseSearchResults } from '../search';
import { experimentSplitRows, searchSplitRows, type SplitRow } from './rows';

export interface SplitSource {
  concept: string;
  /** Results file, relative to the repository root. */
  file: string;
  /** The command that writes `file`. */
  command: string;
  rows(json: unknown): SplitRow[];
}

export const SPLIT_SOURCES: readonly SplitSource[] = [
  {
    concept: 'best-of-n',
    file: 'docs/concepts/best-of-n/results.json',
    command: 'npm run -s cli -- best-of-n --out docs/concepts/best-of-n',
    rows: (json) => searchSplitRows('best-of-n', parseSearchResults(json)),
  },
  {
    concept: 'self-improvement',
    file: 'docs/concepts/self-improvement/results.json',
    command: 'npm run -s cli -- experiment self-improvement --size reduced --seeds 1 --iterations 25 --tasks 4 --group-size 8 --eval-episodes 32 --out docs/concepts/self-improvement',
    rows: (json) => experimentSplitRows('self-improvement', parseResults(json)),
  },
  {
    concept: 'ood (experiments)',
    file: 'docs/experiments/ood/results.json',
    command: 'npm run -s cli -- experiment ood --render docs/experiments/ood/parts/household-v0/results.json,docs/experiments/ood/parts/science-v0/results.json,docs/experiments/ood/parts/shop-v0/results.json --out docs/experiments/ood',
    rows: (json) => experimentSplitRows('ood (experiments)', parseResults(json)),
  },
];

/** The source declared for `concept`, if any. */
export const splitSourceOf = (concept: string): SplitSource | undefined => SPLIT_SOURCES.find((s) => s.concept === concept);
