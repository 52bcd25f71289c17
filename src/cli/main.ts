/**
 * `npm run cli -- <command> [...]`: the Node entry point to src/core.
 * With --json, stdout carries only JSON; progress and logs go to stderr.
 */
import { CliError } from './args';
import type { CliIo } from './command';
import { COMMANDS } from './commands/index';

const io: CliIo = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  isTty: Boolean(process.stdin.isTTY),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

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

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`unknown command "${name}"; valid commands: ${COMMANDS.map((c) => c.name).join(', ') || '(none)'}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  return command.run(rest, io);
}

// A reader that stops early (`| head`) closes the pipe: stop quietly instead of printing EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CliError) {
      io.err(`error: ${error.message}`);
      process.exitCode = error.exitCode;
    } else {
      io.err(`internal error: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  },
);
