/**
 * The CLI as a function: runs one command line and returns its exit code. User mistakes
 * (UserError) print one plain line and give 2; anything else is a bug: "internal error", 1.
 */
import { didYouMean, echo, plainLine, UserError } from './errors';
import type { CliIo } from './command';
import { COMMANDS } from './commands/index';

function help(): string {
  const width = Math.max(8, ...COMMANDS.map((c) => c.name.length));
  const lines = [
    'Rollout Lab command line',
    '',
    'Usage: npm run cli -- <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `npm run cli -- <command> --help` for a command\'s options.',
    'With --json, stdout carries only JSON; progress goes to stderr.',
  ];
  return lines.join('\n');
}

async function dispatch(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    const names = COMMANDS.map((c) => c.name);
    io.err(`error: unknown command ${echo(name)}${didYouMean(name, names)}; valid commands: ${names.join(', ') || '(none)'}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  return command.run(rest, io);
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UserError) {
      io.err(`error: ${plainLine(error.message)}`);
      return error.exitCode;
    }
    // A bug, not a user mistake: say so (with the stack when ROLLOUT_LAB_DEBUG is set).
    io.err(`internal error: ${plainLine(error instanceof Error ? error.message : String(error))}`);
    if (process.env.ROLLOUT_LAB_DEBUG && error instanceof Error && error.stack) io.err(error.stack);
    return 1;
  }
}
