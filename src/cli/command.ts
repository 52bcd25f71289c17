/** One CLI command. Commands write results to `io.out` (stdout) and progress/logs to `io.err` (stderr). */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Whole stdin as text (for `--actions -`, `--in -`). */
  readStdin(): Promise<string>;
  /** True when stdin is an interactive terminal. */
  isTty: boolean;
}

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  /** Returns the process exit code. Throw CliError for user errors. */
  run(argv: string[], io: CliIo): Promise<number>;
}
