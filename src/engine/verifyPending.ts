// Verifying a run's pending selections: in the run's work dir (the store's, or one the host
// provides — a sandbox that runs programs as other uids needs captures where they reach, and a
// host-provided one is removed when the verifications are done), bounded by the concurrency.
// What the verifiers started for the run (a Copilot runtime) is stopped when they are done.
import type { CompiledGraph } from '../core/graph/model.js';
import { dispatch, type RunState } from './dispatch.js';
import { dispatchHooks } from './events.js';
import { createExecutor, type VerifySelection } from './execute.js';
import type { Plan } from './plan.js';
import type { EngineDeps, RunOptions } from './ports.js';

export async function verifyPending(
  graph: CompiledGraph,
  plan: Plan,
  deps: EngineDeps,
  options: RunOptions,
  pending: ReadonlyMap<string, VerifySelection>,
  state: RunState,
): Promise<void> {
  try {
    await withRunWorkDir(deps, options.runId, async (workDir) => {
      const execute = createExecutor(graph, plan, deps, options, workDir);
      await dispatch(graph, pending, state, execute, {
        concurrency: options.concurrency,
        signal: options.signal,
        ...dispatchHooks(deps, options.runId),
      });
    });
  } finally {
    await deps.verifiers.close?.();
  }
}

async function withRunWorkDir(
  deps: EngineDeps,
  runId: string,
  use: (workDir: string) => Promise<void>,
): Promise<void> {
  if (!deps.workDirs) return use(await deps.store.workDir(runId));
  const dir = await deps.workDirs.create(runId);
  try {
    await use(dir);
  } finally {
    await deps.workDirs.remove(runId);
  }
}
