// The CLI's host for the verify and aggregate phases: the plan document's files laid out in a
// private directory, compiled with this machine's environment (DOG_* variables apply), and
// an engine host over the given store.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { removeMaterialized } from '../capture/materialize.js';
import { hostContext } from '../engine/host/context.js';
import { hostEngineDeps } from '../engine/host/deps.js';
import { loadGraph } from '../engine/loadGraph.js';
import type { ProgressListener, RunOptions } from '../engine/ports.js';
import { localProvenance } from './provenance.js';
import type { PhaseHost } from '../engine/session/phaseHost.js';
import type { PlanDocument } from '../engine/session/planDocument.js';
import type { HostConfig } from '../config/hostConfig.js';
import type { Store } from '../storage/types.js';
import type { CliArgs } from './args.js';
import { layOutTrustedFiles } from './trustedFiles.js';
import type { Io } from './io.js';

export type PhaseHostOptions = {
  workspace: string;
  store: Store;
  storeDir: string;
  progress: ProgressListener;
  verifies: boolean;
};

/** Opens a phase of the run `document` describes; `cleanup` removes what it laid out. */
export async function openCliPhase(
  document: PlanDocument,
  args: CliArgs,
  io: Io,
  host: PhaseHostOptions,
): Promise<PhaseHost & { cleanup: () => Promise<void> }> {
  await mkdir(join(host.storeDir, 'tmp'), { recursive: true });
  const root = await mkdtemp(join(host.storeDir, 'tmp', `phase-${document.runId}-`));
  const laid = await layOutTrustedFiles(document.trusted, root);
  const context = await hostContext({
    workspace: host.workspace,
    configPath: laid.configPath,
    configRequired: document.trusted.config !== null,
    env: io.env,
    libraryDir: laid.scriptsDir,
    adjust: (config: HostConfig) =>
      args.concurrency === undefined ? config : { ...config, concurrency: args.concurrency },
  });
  const graph = await loadGraph(laid.graphPath, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host,
  });
  const deps = await hostEngineDeps(
    context,
    { store: host.store, root: host.storeDir },
    host.progress,
    io.env,
    { verifies: host.verifies },
  );
  // Concurrent verify jobs on one machine share the store, never a work directory.
  const work = join(root, 'work');
  const options: RunOptions = {
    runId: document.runId,
    concurrency: context.config.concurrency,
    fresh: false,
    allowPartialRoot: context.config.allowPartialRoot,
    revalidateThreshold: context.config.revalidateThreshold,
    timeouts: context.config.timeouts,
    maxEvidenceBytes: context.config.limits.maxEvidenceBytes,
    trigger: document.trigger,
    signal: io.signal,
    ...(await localProvenance(context.workspace, context.config, io.env)),
  };
  return {
    graph,
    deps: {
      ...deps,
      workDirs: {
        create: async () => mkdtemp(`${work}-`),
        remove: () => Promise.resolve(),
      },
    },
    options,
    // Materialized captures are read-only: a user who is not root cannot delete them as they are.
    cleanup: () => removeMaterialized(root),
  };
}
