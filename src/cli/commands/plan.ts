// `dog plan --exchange DIR`: capture, inherit, verify here what needs no verify job, and
// write the plan, the capture bundles and this phase's records to the exchange directory.
// With --json, stdout is the list of verify jobs another CI fans out over.
import { resolve } from 'node:path';
import { ExitCode, type ExitCodeValue } from '../../core/errors.js';
import { loadGraph, resolveGraphPath } from '../../engine/loadGraph.js';
import { hostEngineDeps } from '../../engine/host/deps.js';
import { planSession, type PlanSummary } from '../../engine/session/plan.js';
import { TerminalProgress } from '../../reporting/terminal.js';
import { DirectoryExchange } from '../../storage/exchange/directoryExchange.js';
import { withHostStore } from '../../storage/host/hostLayered.js';
import { LocalStore } from '../../storage/localStore.js';
import { acquireLock } from '../../storage/lock.js';
import type { CliArgs } from '../args.js';
import { commandContext, storeDirOf } from '../context.js';
import type { Io } from '../io.js';
import { workspaceTrustedFiles } from '../trustedFiles.js';
import { localProvenance } from '../provenance.js';
import { localRunOptions } from '../runOptions.js';

const LOCK_WAIT_MS = 10_000;
/** Without --shards every wave is one verify job: another CI says how wide it fans out. */
const DEFAULT_SHARDS = 1;

export async function commandPlan(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const phase = args.phase as NonNullable<CliArgs['phase']>;
  const exchangeDir = resolve(io.cwd, phase.exchange);
  const exchange = new DirectoryExchange(exchangeDir);
  await exchange.assertEmpty();
  const context = await commandContext(args, io);
  const graphPath = await resolveGraphPath(
    args.graph === undefined ? undefined : resolve(io.cwd, args.graph),
    context.workspace,
  );
  const configPath =
    args.config === undefined
      ? resolve(context.workspace, '.dog/config.yaml')
      : resolve(io.cwd, args.config);
  const graph = await loadGraph(graphPath, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host,
  });
  const trusted = await workspaceTrustedFiles(context, graphPath, configPath);
  const storeDir = storeDirOf(args, io, context.workspace);
  const store = await LocalStore.open(storeDir);
  const lock = await acquireLock(resolve(storeDir, 'lock'), 'dog plan', { waitMs: LOCK_WAIT_MS });
  try {
    const layered = await withHostStore(store, context.companion.store);
    if (layered.warning) io.stderr.write(`dog: ${layered.warning}\n`);
    const deps = await hostEngineDeps(
      context,
      { store: layered.store, root: storeDir },
      new TerminalProgress(io.stderr),
      io.env,
      { neverCapture: [exchangeDir] },
    );
    const { summary } = await planSession({
      graph,
      deps,
      options: {
        ...localRunOptions(context, args, io),
        ...(await localProvenance(context.workspace, context.config, io.env)),
      },
      exchange,
      trusted,
      dispatch: {
        programmaticInPlan: phase.inPlan !== 'none',
        jobsPerWave: phase.shards ?? DEFAULT_SHARDS,
      },
    });
    if (args.json)
      io.stdout.write(`${JSON.stringify({ exchange: exchangeDir, ...summary }, null, 2)}\n`);
    io.stderr.write(describePlan(summary, exchangeDir));
    return ExitCode.success;
  } finally {
    await lock.release();
  }
}

function describePlan(summary: PlanSummary, exchangeDir: string): string {
  const lines = [
    `dog: plan ${summary.runId} written to ${exchangeDir}: ${summary.verifiedInPlan} verified here, ${summary.inherited} inherited, ${summary.settled} settled without a verifier`,
  ];
  if (summary.refusedByBudget.length > 0)
    lines.push(
      `dog: ${summary.refusedByBudget.length} verification(s) do not fit the run budget and settle budget_exhausted: ${summary.refusedByBudget.slice(0, 10).join(', ')}`,
    );
  if (summary.budgetNote) lines.push(`dog: ${summary.budgetNote}`);
  if (summary.jobs.length === 0) lines.push('dog: no verify job needed; run dog aggregate next');
  for (let wave = 1; wave <= summary.waves; wave++) {
    const jobs = summary.jobs.filter((job) => job.wave === wave);
    lines.push(
      `dog: wave ${wave}: ${jobs.map((job) => `${job.job} (${job.keys.length})`).join(', ')}`,
    );
  }
  if (summary.waves > 1)
    lines.push('dog: run the waves in order: every job of a wave after all jobs of the one before');
  return `${lines.join('\n')}\n`;
}
