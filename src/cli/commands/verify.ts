// `dog verify --exchange DIR --shard K`: one verify job of the plan in DIR, on any machine
// that sees the directory. It verifies its work items on captures whose bytes match the
// plan, once the records of the jobs its gates depend on open them, and writes its records.
import { resolve } from 'node:path';
import { ExitCode, type ExitCodeValue } from '../../core/errors.js';
import { verifyShard, type ShardOutcome } from '../../engine/session/verifyShard.js';
import { TerminalProgress } from '../../reporting/terminal.js';
import { DirectoryExchange } from '../../storage/exchange/directoryExchange.js';
import { LocalStore } from '../../storage/localStore.js';
import type { CliArgs } from '../args.js';
import { storeDirOf } from '../context.js';
import type { Io } from '../io.js';
import { openCliPhase } from '../phaseHost.js';
import { resolveWorkspace } from '../workspace.js';

export async function commandVerify(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const phase = args.phase as NonNullable<CliArgs['phase']>;
  const exchange = new DirectoryExchange(resolve(io.cwd, phase.exchange));
  const workspace = await resolveWorkspace(io, args.workspace);
  const storeDir = storeDirOf(args, io, workspace);
  const progress = new TerminalProgress(io.stderr);
  let cleanup = (): Promise<void> => Promise.resolve();
  try {
    // The store is opened only once there is a plan and a job to verify.
    const outcome = await verifyShard(exchange, phase.shard as string, async (document) => {
      const opened = await openCliPhase(document, args, io, {
        workspace,
        store: await LocalStore.open(storeDir),
        storeDir,
        progress,
        verifies: true,
      });
      cleanup = opened.cleanup;
      return opened;
    });
    if (args.json) io.stdout.write(`${JSON.stringify(shardJson(outcome), null, 2)}\n`);
    io.stderr.write(describeShard(outcome));
    return ExitCode.success;
  } finally {
    await cleanup();
  }
}

function shardJson(outcome: ShardOutcome): unknown {
  const notStarted = outcome.keys.filter((key) => !outcome.records.has(key));
  return {
    job: outcome.job,
    idle: outcome.idle,
    keys: outcome.keys,
    verified: [...outcome.records.keys()],
    notStarted,
    readFrom: outcome.readFrom,
    rejected: outcome.rejected.map(({ source, reason }) => ({ source, reason })),
  };
}

function describeShard(outcome: ShardOutcome): string {
  if (outcome.idle) return `dog: the plan assigned nothing to ${outcome.job}; nothing to do\n`;
  const lines = outcome.rejected.map(
    ({ source, keys, reason }) =>
      `dog: warning: refused ${source} (${reason})${keys.length > 0 ? `; ${keys.slice(0, 10).join(', ')} count as unsettled here` : ''}; aggregate fails the goals it concerns`,
  );
  const skipped = outcome.keys.length - outcome.records.size;
  lines.push(
    `dog: job ${outcome.job} verified ${outcome.records.size} of ${outcome.keys.length}${skipped ? `; ${skipped} not started because what they depend on did not settle as required (or its records were not delivered yet: run the waves in order)` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}
