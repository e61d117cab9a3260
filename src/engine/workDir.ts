// Where a run's materialized captures live while it verifies: the store's work dir, or one the
// host provides (a sandbox that runs programs as other uids needs captures where they reach);
// a host-provided one is removed when the verifications are done.
import type { EngineDeps } from './ports.js';

export async function withRunWorkDir<T>(
  deps: EngineDeps,
  runId: string,
  use: (workDir: string) => Promise<T>,
): Promise<T> {
  if (!deps.workDirs) return use(await deps.store.workDir(runId));
  const dir = await deps.workDirs.create(runId);
  try {
    return await use(dir);
  } finally {
    await deps.workDirs.remove(runId);
  }
}
