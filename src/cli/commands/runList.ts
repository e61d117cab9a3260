// `dog status --list`: every run of a store, newest first, with its outcome when it has one.
import type { RunReport } from '../../core/report/model.js';
import type { LocalStore } from '../../storage/localStore.js';
import type { RunStatus } from '../../storage/types.js';

export type RunListing = {
  runId: string;
  startedAt: string;
  finishedAt?: string;
  status: RunStatus;
  rootState?: string;
  totals?: Pick<RunReport['totals'], 'verified' | 'inherited' | 'blocked'>;
};

export async function listRuns(store: LocalStore): Promise<RunListing[]> {
  const metas = await store.listRuns();
  const listings = await Promise.all(
    metas.map(async (meta): Promise<RunListing> => {
      const report = meta.status === 'finished' ? await readQuietly(store, meta.runId) : undefined;
      const rootState = report?.rootState ?? meta.rootState;
      return {
        runId: meta.runId,
        startedAt: meta.startedAt,
        ...(meta.finishedAt === undefined ? {} : { finishedAt: meta.finishedAt }),
        status: meta.status,
        ...(rootState === undefined ? {} : { rootState }),
        ...(report
          ? {
              totals: {
                verified: report.totals.verified,
                inherited: report.totals.inherited,
                blocked: report.totals.blocked,
              },
            }
          : {}),
      };
    }),
  );
  const started = (run: RunListing): number => Date.parse(run.startedAt) || 0;
  return listings.sort((a, b) => started(b) - started(a) || b.runId.localeCompare(a.runId));
}

/** A damaged report still lists its run, without counts. */
async function readQuietly(store: LocalStore, runId: string): Promise<RunReport | undefined> {
  try {
    return await store.readReport(runId);
  } catch {
    return undefined;
  }
}

export function renderRunList(runs: readonly RunListing[]): string {
  if (runs.length === 0) return 'no runs yet\n';
  const rows = runs.map((run) => [
    run.runId,
    run.startedAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    run.status === 'finished' ? (run.rootState ?? '?') : run.status,
    run.totals ? String(run.totals.verified) : '-',
    run.totals ? String(run.totals.inherited) : '-',
    run.totals ? String(run.totals.blocked) : '-',
  ]);
  const table = [['RUN', 'STARTED', 'STATE', 'VERIFIED', 'INHERITED', 'BLOCKED'], ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  return table
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
    .concat('\n');
}
