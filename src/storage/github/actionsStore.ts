// The Action front's store: a runner-local store for this job's captures, runs and
// events, with verification records looked up in and saved to the Actions cache (one record
// pack per run) — behind the
// machine's host-local store on self-hosted runners that have one.
import type { HostCache } from '../host/hostCache.js';
import { TieredRecordStore } from '../host/tieredRecords.js';
import { LayeredStore } from '../layeredStore.js';
import type { LocalStore } from '../localStore.js';
import type { DecisionStore } from '../types.js';
import type { PackRecordStore } from './packStore.js';

export class ActionsStore extends LayeredStore {
  constructor(
    local: LocalStore,
    readonly records: PackRecordStore,
    /** The machine's host-local store (self-hosted runners with companion settings). */
    readonly host?: HostCache,
    /** People's decisions (the decisions entry); default: the local store's. */
    decisions?: DecisionStore,
  ) {
    const tiered = host ? new TieredRecordStore(host, records) : undefined;
    super(local, tiered ?? records, {
      warnings: () => [
        ...(tiered?.drainWarnings() ?? []),
        ...(host?.drainWarnings() ?? []),
        ...records.drainWarnings(),
      ],
      ...(decisions ? { decisions } : {}),
    });
  }
}
