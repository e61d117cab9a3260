// The file/line locations a script's judge output names, for records and annotations. A script
// sees the capture at DOG_TARGET; it may name a place relative to the capture root (a directory
// target itself, or the directory holding a file target) or by the absolute path it saw.
import { posix } from 'node:path';
import type { CaptureKind } from '../capture/types.js';
import type { EvidenceLocation, JsonValue } from '../core/types.js';
import { captureRootOf } from './agentic/paths.js';
import { extractLocations } from './agentic/submission.js';

export type ScriptView = {
  /** Host path of the materialized capture. */
  capturePath: string;
  captureKind: CaptureKind;
  /** DOG_TARGET as the script saw it. */
  viewPath: string;
};

/** Capture-relative locations the evidence names that exist in the capture; never throws. */
export async function scriptLocations(
  evidence: JsonValue,
  view: ScriptView,
): Promise<EvidenceLocation[]> {
  if (evidence === null || typeof evidence !== 'object') return [];
  const rootSeen = view.captureKind === 'directory' ? view.viewPath : posix.dirname(view.viewPath);
  const prefix = rootSeen.endsWith('/') ? rootSeen : `${rootSeen}/`;
  const toRelative = (path: string): string =>
    path.startsWith(prefix) ? path.slice(prefix.length) : path;
  try {
    const root = await captureRootOf(view.capturePath, view.captureKind);
    return await extractLocations(evidence, root, toRelative);
  } catch {
    // A location is a convenience for annotations; a capture that cannot be read for one
    // leaves the verdict as it is.
    return [];
  }
}
