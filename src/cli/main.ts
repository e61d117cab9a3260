// The `dog` command: parse, dispatch, and one top-level catch that maps errors to exit codes.
import { ExitCode, UserError, type ExitCodeValue } from '../core/errors.js';
import { parseCliArgs, USAGE, type Command } from './args.js';
import { commandAggregate } from './commands/aggregate.js';
import { commandCompanion } from './commands/companion.js';
import { commandDecide } from './commands/decide.js';
import { commandGc } from './commands/gc.js';
import { commandGraph } from './commands/graph.js';
import { commandInit } from './commands/init.js';
import { commandPlan } from './commands/plan.js';
import { commandRun } from './commands/run.js';
import { commandStatus } from './commands/status.js';
import { commandValidate } from './commands/validate.js';
import { commandVerify } from './commands/verify.js';
import { commandVerifyReport } from './commands/verifyReport.js';
import { commandSafeIo } from './commandSafeIo.js';
import { asksForJson, reportFailure, watchStdout, type FailurePhase } from './failure.js';
import type { Io } from './io.js';
import { VERSION } from './version.js';

// Commands that change nothing on disk: an interrupt may end them at once, with no report to
// finish. The others cancel in order through io.signal (see bin.ts).
const READ_ONLY_COMMANDS: ReadonlySet<Command> = new Set([
  'help',
  'version',
  'validate',
  'graph',
  'status',
  'verify-report',
]);

/** Whether this command line may be ended by the operating system's default on SIGINT/SIGTERM. */
export function endsAtOnceOnInterrupt(argv: readonly string[]): boolean {
  try {
    return READ_ONLY_COMMANDS.has(parseCliArgs(argv).command);
  } catch {
    // A usage error is reported at once and changes nothing.
    return true;
  }
}

export async function main(argv: readonly string[], given: Io): Promise<ExitCodeValue> {
  const { io, wroteStdout } = watchStdout(commandSafeIo(given));
  let phase: FailurePhase = 'usage';
  try {
    const args = parseCliArgs(argv);
    phase = 'command';
    switch (args.command) {
      case 'help':
        io.stdout.write(USAGE);
        return ExitCode.success;
      case 'version':
        io.stdout.write(`dog ${VERSION}\n`);
        return ExitCode.success;
      case 'validate':
        return await commandValidate(args, io);
      case 'graph':
        return await commandGraph(args, io);
      case 'status':
        return await commandStatus(args, io);
      case 'run':
        return await commandRun(args, io);
      case 'companion':
        return await commandCompanion(args, io);
      case 'init':
        return await commandInit(args, io);
      case 'decide':
        return await commandDecide(args, io);
      case 'gc':
        return await commandGc(args, io);
      case 'plan':
        return await commandPlan(args, io);
      case 'verify':
        return await commandVerify(args, io);
      case 'aggregate':
        return await commandAggregate(args, io);
      case 'verify-report':
        return await commandVerifyReport(args, io);
      default: {
        const unknown: never = args.command;
        throw new UserError(`unknown command "${String(unknown)}"; run "dog help"`);
      }
    }
  } catch (error) {
    const json = asksForJson(argv);
    return reportFailure(error, io, { json, phase, wroteStdout: wroteStdout() });
  }
}
