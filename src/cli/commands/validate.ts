import { resolve } from 'node:path';
import { ExitCode, GraphError, type ExitCodeValue } from '../../core/errors.js';
import { checkGraph } from '../../core/graph/compile.js';
import { readGraphDocument, resolveGraphPath } from '../../engine/loadGraph.js';
import type { CliArgs } from '../args.js';
import { commandContext } from '../context.js';
import type { Io } from '../io.js';

/** `dog validate`: schema and compiler checks, every problem at once; writes nothing. */
export async function commandValidate(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const context = await commandContext(args, io);
  const given = args.positional === undefined ? undefined : resolve(io.cwd, args.positional);
  const path = await resolveGraphPath(given, context.workspace);
  let problems;
  try {
    const document = await readGraphDocument(path, context.config.limits.maxGraphBytes);
    if (await cancelled(io)) return cancel(io);
    problems = checkGraph(document, { source: path, limits: context.limits, host: context.host });
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    problems = [...error.problems];
  }
  if (await cancelled(io)) return cancel(io);
  const valid = problems.length === 0;
  if (args.json) {
    io.stdout.write(`${JSON.stringify({ valid, graph: path, problems }, null, 2)}\n`);
  } else if (valid) {
    io.stderr.write(`${path}: valid\n`);
  } else {
    throw new GraphError(path, problems);
  }
  return valid ? ExitCode.success : ExitCode.invalid;
}

/** Lets a pending interrupt reach io.signal after synchronous work, then reads it. */
async function cancelled(io: Io): Promise<boolean> {
  await new Promise((resolveTurn) => setImmediate(resolveTurn));
  return io.signal.aborted;
}

function cancel(io: Io): ExitCodeValue {
  io.stderr.write('dog: validate cancelled\n');
  return ExitCode.cancelled;
}
