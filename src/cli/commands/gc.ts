import { ExitCode, type ExitCodeValue } from '../../core/errors.js';
import { collectGarbage, type GcOutcome } from '../../storage/gc/collect.js';
import { LocalStore } from '../../storage/localStore.js';
import { acquireLock } from '../../storage/lock.js';
import { join } from 'node:path';
import type { CliArgs } from '../args.js';
import { commandContext, storeDirOf } from '../context.js';
import type { Io } from '../io.js';
import { formatBytes } from '../formatBytes.js';

/** As long as `dog run` waits: a gc started beside a run waits for it, then collects. */
const LOCK_WAIT_MS = 10_000;

/**
 * `dog gc [--keep-runs N] [--max-bytes B]`: keeps the newest N runs (all by default) within B
 * bytes (the configured cap by default) and removes everything only older runs reference.
 */
export async function commandGc(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const context = await commandContext(args, io);
  const storeDir = storeDirOf(args, io, context.workspace);
  const store = await LocalStore.openExisting(storeDir);
  const lock = await acquireLock(join(store.root, 'lock'), 'dog gc', { waitMs: LOCK_WAIT_MS });
  let outcome: GcOutcome;
  try {
    outcome = await collectGarbage(store, {
      ...(args.keepRuns === undefined ? {} : { keepRuns: args.keepRuns }),
      maxBytes: args.maxBytes ?? context.config.store.maxBytes,
    });
  } finally {
    await lock.release();
  }
  if (args.json) io.stdout.write(`${JSON.stringify({ store: storeDir, ...outcome }, null, 2)}\n`);
  else io.stdout.write(describeCollection(outcome));
  if (outcome.overCap) io.stderr.write(`dog: ${overCapWarning(outcome.overCap)}\n`);
  return ExitCode.success;
}

export function describeCollection(outcome: GcOutcome): string {
  const { removed, kept } = outcome;
  const runs = outcome.removedRuns;
  return [
    `removed ${runs.length} run${runs.length === 1 ? '' : 's'}${runs.length ? ` (${runs.join(', ')})` : ''}, ${removed.records} records, ${removed.captures} captures, ${removed.graphs} graphs, ${removed.logLines} log lines: ${formatBytes(outcome.freedBytes)} freed`,
    `kept ${outcome.keptRuns.length} run${outcome.keptRuns.length === 1 ? '' : 's'}, ${kept.records} records, ${kept.captures} captures, ${kept.graphs} graphs: ${formatBytes(kept.bytes)}`,
    '',
  ].join('\n');
}

export function overCapWarning(overCap: NonNullable<GcOutcome['overCap']>): string {
  return `the newest run alone needs ${formatBytes(overCap.bytes)}, more than the store's cap of ${formatBytes(overCap.maxBytes)}; raise store.maxBytes in .dog/config.yaml`;
}
