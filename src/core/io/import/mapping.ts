/**
 * A column mapping: how the columns of a table (CSV, a JSON table, JSON Lines of flat rows) become
 * rollouts.v1 groups when no reader recognises the file. The same JSON file is saved by the lab,
 * exported by "Export mapping" and read by `convert --map FILE` / `advantages --map FILE`.
 *
 * (Types only: the table reader itself lives with the table formats.)
 */

export interface ColumnMapping {
  version: 1;
  /** The name the mapping is saved under. */
  name: string;
  /** The columns of the table it was made for (a later file with the same columns reuses it). */
  columns: string[];
  /** Columns whose values together name a group (e.g. step and prompt). */
  group: string[];
  prompt?: string;
  response: string;
  /** R(τ): the reward columns and how several combine into one number. */
  reward: { columns: string[]; combine: 'sum' | 'mean' | 'max' };
  /** Success from a boolean-ish column, or R ≥ a threshold (absent: the reader's default). */
  success?: { column: string } | { rewardAtLeast: number };
  step?: string;
  turn?: string;
  trajectory?: string;
}

/** A table the readers could not place: its columns with a few sample values, and the lab's guess. */
export interface TableShape {
  columns: { name: string; samples: string[] }[];
  guess: ColumnMapping;
}
