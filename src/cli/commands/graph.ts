import { resolve } from 'node:path';
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { NodeState } from '../../core/types.js';
import { loadGraph, resolveGraphPath } from '../../engine/loadGraph.js';
import { defaultDirection, renderGraph } from '../../reporting/graphFormats.js';
import { isRunId, LocalStore } from '../../storage/localStore.js';
import type { CliArgs } from '../args.js';
import { commandContext, storeDirOf } from '../context.js';
import type { Io } from '../io.js';
import { quoteInput } from '../quoteInput.js';
import { LATEST, missingReport } from './status.js';

/**
 * `dog graph --format mermaid|dot|json [--run RUN|latest] [--direction LR|TB]`: the compiled
 * graph on stdout; a picture labels goals with their titles and, with --run, colours them.
 */
export async function commandGraph(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  if (!args.format) throw new UserError('dog graph needs --format mermaid, dot or json');
  if (args.format === 'json' && (args.run !== undefined || args.direction !== undefined))
    throw new UserError('dog graph: --run and --direction go with --format mermaid or dot');
  if (args.run !== undefined && args.run !== LATEST && !isRunId(args.run))
    throw new UserError(
      `--run: ${quoteInput(args.run)} is not a run id (run ids look like 20261201T202648Z-59bc86) or "latest"`,
    );
  const context = await commandContext(args, io);
  const given = args.positional === undefined ? undefined : resolve(io.cwd, args.positional);
  const path = await resolveGraphPath(given, context.workspace);
  const graph = await loadGraph(path, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host,
  });
  const states =
    args.run === undefined
      ? undefined
      : await runStates(storeDirOf(args, io, context.workspace), args.run, graph, io);
  const direction = args.direction ?? defaultDirection(graph);
  io.stdout.write(
    renderGraph(graph, args.format, { titles: true, direction, ...(states ? { states } : {}) }),
  );
  return ExitCode.success;
}

/** Each goal's state in the run's stored report; a goal the run did not have stays uncoloured. */
async function runStates(
  storeDir: string,
  run: string,
  graph: CompiledGraph,
  io: Io,
): Promise<Map<string, NodeState>> {
  const store = await LocalStore.openExisting(storeDir);
  const runId = run === LATEST ? undefined : run;
  const report = await store.readReport(runId);
  if (!report) throw new UserError(await missingReport(store, runId));
  if (report.graph.digest !== graph.digest)
    io.stderr.write(
      `dog: run ${report.runId} verified another version of this graph; goals it did not have are left uncoloured\n`,
    );
  const states = new Map<string, NodeState>();
  for (const id of graph.order) {
    const node = report.nodes[id];
    if (node) states.set(id, node.state);
  }
  return states;
}
