/**
 * `npm run cli -- <command> [...]`: the Node entry point to src/core.
 * With --json, stdout carries only JSON; progress and logs go to stderr.
 */
import { runCli } from './cli';
import type { CliIo } from './command';

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

// A reader that stops early (`| head`) closes the pipe: stop quietly instead of printing EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

runCli(process.argv.slice(2), io).then((code) => {
  process.exitCode = code;
});
