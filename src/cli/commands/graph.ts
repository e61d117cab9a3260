import { resolve } from 'node:path';
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import { loadGraph, resolveGraphPath } from '../../engine/loadGraph.js';
import { renderGraph } from '../../reporting/graphFormats.js';
import type { CliArgs } from '../args.js';
import { commandContext } from '../context.js';
import type { Io } from '../io.js';

/** `dog graph --format mermaid|dot|json`: the compiled graph, on stdout. */
export async function commandGraph(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  if (!args.format) throw new UserError('dog graph needs --format mermaid, dot or json');
  const context = await commandContext(args, io);
  const given = args.positional === undefined ? undefined : resolve(io.cwd, args.positional);
  const path = await resolveGraphPath(given, context.workspace);
  const graph = await loadGraph(path, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host,
  });
  io.stdout.write(renderGraph(graph, args.format));
  return ExitCode.success;
}
