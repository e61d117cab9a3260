// `dog aggregate --exchange DIR`: collect every verify job's records from DIR, refuse what
// does not come from the job the plan assigned or does not bind to the plan, settle, report,
// and keep the new records in the store for later runs to inherit. Exits as `dog run`.
import { resolve } from 'node:path';
import type { ExitCodeValue } from '../../core/errors.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { RunReport } from '../../core/report/model.js';
import { exitCodeFor } from '../../core/report/exitCode.js';
import { aggregateSession } from '../../engine/session/aggregate.js';
import { silentProgress } from '../../engine/ports.js';
import { DirectoryExchange } from '../../storage/exchange/directoryExchange.js';
import { LocalStore } from '../../storage/localStore.js';
import { acquireLock } from '../../storage/lock.js';
import type { CliArgs } from '../args.js';
import { storeDirOf } from '../context.js';
import type { Io } from '../io.js';
import { openCliPhase } from '../phaseHost.js';
import { resolveWorkspace } from '../workspace.js';
import { writeOutputs } from './run.js';

const LOCK_WAIT_MS = 10_000;

export async function commandAggregate(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const phase = args.phase as NonNullable<CliArgs['phase']>;
  const exchange = new DirectoryExchange(resolve(io.cwd, phase.exchange));
  const workspace = await resolveWorkspace(io, args.workspace);
  const storeDir = storeDirOf(args, io, workspace);
  const local = await LocalStore.open(storeDir);
  const lock = await acquireLock(resolve(storeDir, 'lock'), 'dog aggregate', {
    waitMs: LOCK_WAIT_MS,
  });
  let cleanup = (): Promise<void> => Promise.resolve();
  try {
    let graph: CompiledGraph | undefined;
    const { report, document } = await aggregateSession(exchange, async (plan) => {
      const opened = await openCliPhase(plan, args, io, {
        workspace,
        store: local,
        storeDir,
        progress: silentProgress,
        verifies: false,
      });
      cleanup = opened.cleanup;
      graph = opened.graph;
      return opened;
    });
    const compiled = graph as CompiledGraph;
    await keepRun(local, compiled, document.startedAt, report);
    await writeOutputs(report, args, io, compiled, local.reportPath(report.runId), { workspace });
    return exitCodeFor(report);
  } finally {
    await cleanup();
    await lock.release();
  }
}

/** The run's report in the store, as `dog run` keeps it: `dog status` shows it. */
async function keepRun(
  store: LocalStore,
  graph: CompiledGraph,
  startedAt: string,
  report: RunReport,
): Promise<void> {
  await store.saveGraph(graph.digest, graph.canonical);
  await store.beginRun({
    runId: report.runId,
    graphId: graph.id,
    graphDigest: graph.digest,
    startedAt,
    status: 'running',
    pid: process.pid,
  });
  await store.finishRun(report.runId, report);
}
