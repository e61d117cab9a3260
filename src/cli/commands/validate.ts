import { resolve } from 'node:path';
import { ExitCode, GraphError, UserError, type ExitCodeValue } from '../../core/errors.js';
import { checkGraph } from '../../core/graph/compile.js';
import { readGraphDocument, resolveGraphPath } from '../../engine/loadGraph.js';
import type { CliArgs } from '../args.js';
import { commandContext, type CommandContext } from '../context.js';
import { describeFailure, errorDocument, type Failure } from '../failure.js';
import type { Io } from '../io.js';

/**
 * `dog validate`: schema and compiler checks, every problem at once; writes nothing. With
 * --json every result is one document on stdout: `valid`, `graph` and `problems` always,
 * and on failure the fields of schemas/cli-error.schema.json as well. A cancelled check has
 * no result and prints none.
 */
export async function commandValidate(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  let graph: string | null = null;
  try {
    const context = await commandContext(args, io);
    const given = args.positional === undefined ? undefined : resolve(io.cwd, args.positional);
    graph = await resolveGraphPath(given, context.workspace);
    return await validateGraph(graph, context, args, io);
  } catch (error) {
    if (!args.json || !(error instanceof UserError)) throw error;
    return writeFailure(io, await describeFailure(error, 'command'), graph);
  }
}

/** Throws a GraphError listing every problem; reports a valid graph. */
async function validateGraph(
  path: string,
  context: CommandContext,
  args: CliArgs,
  io: Io,
): Promise<ExitCodeValue> {
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
  if (problems.length > 0) throw new GraphError(path, problems);
  if (args.json) {
    const document = { valid: true, graph: path, problems: [], ok: true, exitCode: 0 };
    io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  } else io.stderr.write(`${path}: valid\n`);
  return ExitCode.success;
}

function writeFailure(io: Io, failure: Failure, graph: string | null): ExitCodeValue {
  io.stderr.write(`dog: ${failure.message}\n`);
  const document = { valid: false, graph, problems: failure.problems, ...errorDocument(failure) };
  io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  return failure.exitCode;
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
