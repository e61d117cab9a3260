// Whether a report describes the bytes of a workspace: its graph compiled from the workspace
// has the report's graph digest, and each goal's target captured now (as a run captures it)
// has the capture digest the report holds. Captures are hashed and discarded: nothing is
// written to any store.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { captureTarget } from '../../capture/capture.js';
import type { BlobStore, CaptureResult } from '../../capture/types.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { ChainBreak } from '../../core/report/chainCheck.js';
import type { RunReport } from '../../core/report/model.js';
import { settlementsOf } from '../../core/report/reportRecords.js';
import type { HostContext } from './context.js';

export type CaptureCheck = { checked: number; breaks: ChainBreak[] };

export async function checkCaptures(
  report: RunReport,
  graph: CompiledGraph,
  context: HostContext,
  neverCapture: readonly string[],
): Promise<CaptureCheck> {
  if (graph.digest !== report.graph.digest)
    return {
      checked: 0,
      breaks: [
        {
          message: `the workspace's graph has digest ${graph.digest}, the report's is ${report.graph.digest}: the report is about another graph`,
        },
      ],
    };
  const scratch = await mkdtemp(join(tmpdir(), 'dog-verify-report-'));
  try {
    const store = discardingStore(scratch);
    const breaks: ChainBreak[] = [];
    let checked = 0;
    for (const { key, settlement } of settlementsOf(report)) {
      const item = graph.workItemByKey.get(key);
      if (!item) continue;
      checked += 1;
      const result = await captureTarget({
        workspaceRoot: context.workspace,
        target: item.target,
        store,
        limits: { maxCaptureBytes: context.config.limits.maxCaptureBytes },
        excludeAbsPaths: neverCapture,
        ...(item.exclude ? { exclude: item.exclude } : {}),
      });
      const problem = mismatchOf(result, settlement.captureDigest);
      if (problem) breaks.push({ node: key, message: problem });
    }
    return { checked, breaks };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function mismatchOf(result: CaptureResult, reported: string | undefined): string | undefined {
  const target = JSON.stringify(result.ok ? result.capture.target : result.target);
  if (!result.ok)
    return reported === undefined
      ? undefined
      : `its target ${target} cannot be captured now (${result.message}), the report holds ${reported}`;
  if (reported === undefined)
    return `its target ${target} captures to ${result.capture.digest}, the report holds no capture`;
  if (result.capture.digest !== reported)
    return `its target ${target} captures to ${result.capture.digest}, the report holds ${reported}`;
  return undefined;
}

/** A blob store that keeps nothing: each capture is hashed while written, then deleted. */
function discardingStore(dir: string): BlobStore {
  return {
    tempPath: () => join(dir, `${randomUUID()}.part`),
    commitBlob: (tempPath) => rm(tempPath, { force: true }),
    blobPath: () => Promise.resolve(undefined),
  };
}
