import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import { redactReport } from '../../core/redactOutcome.js';
import { hostRedactor } from '../../engine/host/secrets.js';
import { LocalStore } from '../../storage/localStore.js';
import { formatSummary } from '../../reporting/terminal.js';
import type { CliArgs } from '../args.js';
import { commandContext } from '../context.js';
import type { Io } from '../io.js';

/** `dog status [RUN]`: the last (or given) run's report. Reads without taking the lock. */
export async function commandStatus(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const workspace = resolve(io.cwd, args.workspace);
  const storeDir =
    args.store === undefined ? resolve(workspace, '.dog/store') : resolve(io.cwd, args.store);
  if (!(await isDirectory(storeDir)))
    throw new UserError(`no store at ${storeDir}: nothing has run here yet`);
  const store = await LocalStore.open(storeDir);
  const stored = await store.readReport(args.positional);
  if (!stored) {
    const which = args.positional === undefined ? 'no finished run' : `no run "${args.positional}"`;
    throw new UserError(`${which} in ${storeDir}`);
  }
  // A report stored before a credential was known (or redacted) must not show it now.
  const { config } = await commandContext(args, io);
  const report = redactReport(hostRedactor(config, [io.env]), stored);
  if (args.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else io.stdout.write(formatSummary(report));
  return ExitCode.success;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
