import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ExitCodeValue } from '../../core/errors.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { RunReport } from '../../core/report/model.js';
import { retryKeys } from '../../core/human/retry.js';
import { exitCodeFor } from '../../core/report/exitCode.js';
import { loadGraph, resolveGraphPath } from '../../engine/loadGraph.js';
import { hostEngineDeps } from '../../engine/host/deps.js';
import { runGraph } from '../../engine/run.js';
import { renderHtmlReport } from '../../reporting/html.js';
import { ansiPaint, colourEnabled, noPaint } from '../../reporting/colour.js';
import { TerminalProgress } from '../../reporting/terminal.js';
import { formatSummary } from '../../reporting/terminalSummary.js';
import { withHostStore } from '../../storage/host/hostLayered.js';
import { enforceStoreCap } from '../../storage/gc/collect.js';
import { LocalStore } from '../../storage/localStore.js';
import { acquireLock, isProcessAlive } from '../../storage/lock.js';
import type { CliArgs } from '../args.js';
import { commandContext, storeDirOf } from '../context.js';
import { formatBytes } from '../formatBytes.js';
import { describeCollection, overCapWarning } from './gc.js';
import type { Io } from '../io.js';
import { localProvenance } from '../provenance.js';
import { localRunOptions } from '../runOptions.js';
import { writeSarifFile, type SarifPlaces } from '../sarifFile.js';

const LOCK_WAIT_MS = 10_000;

/** `dog run`: the whole cycle locally. */
export async function commandRun(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const context = await commandContext(args, io);
  const graphPath = await resolveGraphPath(
    args.graph === undefined ? undefined : resolve(io.cwd, args.graph),
    context.workspace,
  );
  const graph = await loadGraph(graphPath, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host,
  });
  const storeDir = storeDirOf(args, io, context.workspace);
  const store = await LocalStore.open(storeDir);
  const lock = await acquireLock(resolve(storeDir, 'lock'), 'dog run', { waitMs: LOCK_WAIT_MS });
  try {
    const recovered = await store.recover(isProcessAlive);
    for (const runId of recovered)
      io.stderr.write(`dog: run ${runId} was interrupted; its finished records are kept\n`);
    // --retry failed / needs-human name the goals of the last finished run.
    const retry = args.retry ? retryKeys(args.retry, graph, await store.readReport()) : undefined;
    const progress = new TerminalProgress(io.stderr);
    const layered = await withHostStore(store, context.companion.store);
    if (layered.warning) io.stderr.write(`dog: ${layered.warning}\n`);
    const deps = await hostEngineDeps(
      context,
      { store: layered.store, root: storeDir },
      progress,
      io.env,
      { neverCapture: reportFiles(args, io) },
    );
    const report = await runGraph(graph, deps, {
      ...localRunOptions(context, args, io),
      ...(await localProvenance(context.workspace, context.config, io.env)),
      ...(retry ? { retry } : {}),
    });
    await writeOutputs(report, args, io, graph, store.reportPath(report.runId), {
      workspace: context.workspace,
      graphPath,
    });
    await keepUnderCap(store, context.config.store.maxBytes, io);
    return exitCodeFor(report);
  } finally {
    await lock.release();
  }
}

/** The report files this run writes: a workspace target never captures them (they change every run). */
export function reportFiles(args: CliArgs, io: Io): string[] {
  return [args.report, args.html, args.sarif].flatMap((file) =>
    file ? [resolve(io.cwd, file)] : [],
  );
}

export async function writeOutputs(
  report: RunReport,
  args: CliArgs,
  io: Io,
  graph: CompiledGraph,
  reportPath: string,
  places: SarifPlaces,
): Promise<void> {
  if (args.report)
    await writeFile(resolve(io.cwd, args.report), `${JSON.stringify(report, null, 2)}\n`);
  if (args.html) {
    const links = { kind: 'local' as const, workspace: places.workspace };
    const html = renderHtmlReport(report, graph, { links });
    await writeFile(resolve(io.cwd, args.html), html);
  }
  if (args.sarif) {
    const notes = await writeSarifFile(resolve(io.cwd, args.sarif), report, graph, places);
    for (const note of notes) io.stderr.write(`dog: SARIF: ${note}\n`);
  }
  if (args.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  const paint = colourEnabled(io.env, io.stderr.isTTY) ? ansiPaint : noPaint;
  io.stderr.write(formatSummary(report, { paint, reportPath }));
}

/** The store never grows past its cap: the oldest runs, and what only they use, go first. */
async function keepUnderCap(store: LocalStore, maxBytes: number, io: Io): Promise<void> {
  const outcome = await enforceStoreCap(store, maxBytes);
  if (!outcome || (outcome.removedRuns.length === 0 && !outcome.overCap)) return;
  io.stderr.write(
    `dog: the store was over its cap of ${formatBytes(maxBytes)}; ${describeCollection(outcome).split('\n')[0]}\n`,
  );
  if (outcome.overCap) io.stderr.write(`dog: ${overCapWarning(outcome.overCap)}\n`);
}
