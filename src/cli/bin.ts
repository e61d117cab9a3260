import { endsAtOnceOnInterrupt, main } from './main.js';

const controller = new AbortController();
let interrupts = 0;
const onInterrupt = (): void => {
  interrupts += 1;
  if (interrupts > 1) process.exit(130);
  process.stderr.write('\ndog: cancelling — finishing the report (Ctrl-C again to quit at once)\n');
  controller.abort();
};
// A read-only command keeps the default disposition, so an interrupt ends it at once even in
// the middle of parsing or compiling a large graph (no JavaScript handler could run there).
const argv = process.argv.slice(2);
if (!endsAtOnceOnInterrupt(argv)) {
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
}

const code = await main(argv, {
  stdout: { write: (text) => void process.stdout.write(text), isTTY: process.stdout.isTTY },
  stderr: { write: (text) => void process.stderr.write(text), isTTY: process.stderr.isTTY },
  env: process.env,
  cwd: process.cwd(),
  signal: controller.signal,
});
process.exitCode = code;
