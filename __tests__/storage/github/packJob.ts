// A record pack store in a fresh job of a fresh run (its own HOME, workspace, temp directory
// and runtime token, as `useRun` sets them), through the real toolkit client.
import { join } from 'node:path';
import type { InProcess } from '../../support/actions/inProcess.js';
import type { PackRecordStore, PackStoreOptions } from '../../../src/storage/github/packStore.js';

export type PackJob = { store: PackRecordStore; warnings: string[]; env: Record<string, string> };

export async function openPackJob(
  services: InProcess,
  runId: number,
  options: Partial<PackStoreOptions> = {},
): Promise<PackJob> {
  const env = services.useRun(runId);
  // Imported after useRun: the toolkit reads the runner's environment.
  const { ToolkitCache } = await import('../../../src/storage/github/toolkit.js');
  const { PackRecordStore } = await import('../../../src/storage/github/packStore.js');
  const warnings: string[] = [];
  const store = new PackRecordStore({
    cache: new ToolkitCache(),
    dir: join(env.RUNNER_TEMP!, 'dog', 'record-pack'),
    homeDir: env.HOME!,
    runId: `gh-${runId}-1`,
    trigger: 'push',
    warn: (message) => warnings.push(message),
    ...options,
  });
  return { store, warnings, env };
}
