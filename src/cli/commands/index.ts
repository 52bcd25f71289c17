import type { CliCommand } from '../command';

/** Every CLI command, in the order `--help` lists them. Add one import + one entry per command. */
export const COMMANDS: CliCommand[] = [];
