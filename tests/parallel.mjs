// `node tests/parallel.mjs 'cmd a' 'cmd b' ...`: runs shell commands at once and prints each one's
// output, whole, when it ends (so two outputs never interleave). Exits with the first failure's
// status. `npm test` runs the typecheck and the lint this way: each is one process on one core.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
const started = Date.now();
const results = await Promise.all(commands.map((command) => new Promise((resolve) => {
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks = [];
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  child.on('close', (code, signal) => {
    const status = code ?? (signal ? 1 : 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`> ${command}: ${status === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s\n`);
    process.stdout.write(Buffer.concat(chunks));
    resolve(status);
  });
})));
process.exit(results.find((status) => status !== 0) ?? 0);
