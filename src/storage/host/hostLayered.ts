// The local `dog run` on a machine whose companion settings name a host-local store: records
// are looked up there first (shared by every workspace and clone on the machine) and saved
// to both; everything else stays in the workspace's own store.
import { LayeredStore } from '../layeredStore.js';
import type { LocalStore } from '../localStore.js';
import { HostCache } from './hostCache.js';
import { TieredRecordStore } from './tieredRecords.js';

export type HostStoreSettings = { path: string; maxBytes: number };

export type HostLayering = { store: LayeredStore | LocalStore; warning?: string };

/** The local store behind the host-local one; a host store that cannot open is a warning. */
export async function withHostStore(
  local: LocalStore,
  settings: HostStoreSettings | undefined,
): Promise<HostLayering> {
  if (!settings) return { store: local };
  let host: HostCache;
  try {
    host = await HostCache.open({ root: settings.path, maxBytes: settings.maxBytes });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      store: local,
      warning: `the host-local store ${settings.path} is not used: ${message}`,
    };
  }
  const tiered = new TieredRecordStore(host, local);
  const store = new LayeredStore(local, tiered, {
    lookupsSaveLocally: true,
    warnings: () => [...tiered.drainWarnings(), ...host.drainWarnings()],
  });
  return { store };
}
