// The fork-safe pair (docs/action.md): an unprivileged pull_request run captures the PR's
// files and uploads them (forkArtifacts.ts); a privileged workflow_run run on the default
// branch plans from those artifacts. Everything that run uploaded is untrusted data: the
// manifest is validated, only targets of the privileged run's own trusted graph are looked
// up, the bundle's size is bounded by what those captures may take, every capture is
// re-hashed, and size limits apply again.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaptureResult } from '../capture/types.js';
import { DocumentError, UserError } from '../core/errors.js';
import type { Digest } from '../core/types.js';
import type { CaptureService } from '../engine/ports.js';
import type { StoredCapture } from '../engine/session/planDocument.js';
import { validateAgainst } from '../schemas/validate.js';
import type { ArtifactInfo } from '../storage/github/ports.js';
import type { Store } from '../storage/types.js';
import { bundledFile, downloadBundle } from './exchange/captureBundles.js';
import { commitVerified, onlyFile } from './exchange/verifiedFiles.js';
import {
  newestPrArtifacts,
  PR_MANIFEST,
  prBundleArtifactName,
  prManifestArtifactName,
  type CaptureManifest,
  type PrArtifacts,
} from './forkArtifacts.js';
import type { ActionJob } from './services.js';

/** Room a zip takes beyond its files' bytes: headers per entry, deflate's worst case. */
const ZIP_ENTRY_OVERHEAD = 1024;
const ZIP_GROWTH = 1.01;

type Refusal = {
  reason: 'target_missing' | 'target_unsafe' | 'capture_too_large';
  message: string;
};
type Wanted = StoredCapture & { ok: true };

export function importedCaptures(
  job: ActionJob,
  store: Store,
  local: CaptureService,
  fromRun: number,
  maxCaptureBytes: number,
): CaptureService {
  return {
    captureAll: async (targets) => {
      const listed = await job.services.artifacts.list(fromRun);
      const pr = prArtifactsOf(listed, fromRun);
      const manifest = await readManifest(job, pr, fromRun);
      const entries = new Map(manifest.captures.map((c) => [c.target, c]));
      const checked = new Map<string, Wanted | Refusal>();
      for (const target of new Set(targets))
        checked.set(target, checkEntry(target, entries.get(target), fromRun, maxCaptureBytes));
      const wanted = [...checked.values()].filter((c): c is Wanted => 'target' in c);
      const refusedDigests = await fetchBundle(job, store, wanted, { fromRun, pr });
      const results = new Map<string, CaptureResult>();
      for (const [target, outcome] of checked) {
        const refusal = 'target' in outcome ? refusedDigests.get(outcome.digest) : outcome;
        if (refusal) results.set(target, { ok: false, target, ...refusal });
        else if ('target' in outcome) results.set(target, capturedAs(outcome));
      }
      return results;
    },
    materialize: (result, destDir) => local.materialize(result, destDir),
  };
}

function capturedAs({ target, kind, digest, bytes, files }: Wanted): CaptureResult {
  return { ok: true, capture: { target, kind, digest, bytes, files } };
}

function checkEntry(
  target: string,
  entry: StoredCapture | undefined,
  fromRun: number,
  maxCaptureBytes: number,
): Wanted | Refusal {
  if (!entry)
    return { reason: 'target_missing', message: `run ${fromRun} uploaded no capture of ${target}` };
  if (!entry.ok) return { reason: entry.reason, message: entry.message };
  if (entry.bytes > maxCaptureBytes)
    return {
      reason: 'capture_too_large',
      message: `the capture is ${entry.bytes} bytes, over limits.maxCaptureBytes (${maxCaptureBytes})`,
    };
  return entry;
}

/** The manifest of the run's newest attempt that uploaded one, with its bundle. */
function prArtifactsOf(listed: readonly ArtifactInfo[], fromRun: number): PrArtifacts {
  const pr = newestPrArtifacts(listed);
  if (pr) return pr;
  const legacy = listed.some((a) => a.name === PR_MANIFEST)
    ? ` (it has ${PR_MANIFEST}, from a DoG version that uploaded one artifact per capture: run its capture step with this version)`
    : '';
  throw new UserError(
    `run ${fromRun} has no ${prManifestArtifactName(1).replace(/-a1$/, '-a<attempt>')} artifact${legacy}: its DoG step must run with command: capture`,
  );
}

async function readManifest(
  job: ActionJob,
  pr: PrArtifacts,
  fromRun: number,
): Promise<CaptureManifest> {
  const what = `${pr.manifest.name} of run ${fromRun}`;
  const dir = join(job.runner.runnerTemp, 'dog', 'manifest-in');
  await rm(dir, { recursive: true, force: true });
  await job.services.artifacts.download(pr.manifest, dir, fromRun);
  let value: unknown;
  try {
    value = JSON.parse(await readFile(await onlyFile(dir, pr.manifest.name), 'utf8'));
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new DocumentError(what, [{ pointer: '', message: `not JSON: ${String(error)}` }]);
  }
  const valid = validateAgainst<CaptureManifest>('captureManifest', value);
  if (!valid.ok) throw new DocumentError(what, valid.problems);
  return valid.value;
}

type BundleSource = { fromRun: number; pr: PrArtifacts };

/**
 * Downloads the run's capture bundle once, if any of `wanted` is not in the store yet, and
 * commits each capture only if it hashes to its digest. Returns why each capture that did not
 * make it was refused.
 */
async function fetchBundle(
  job: ActionJob,
  store: Store,
  wanted: readonly Wanted[],
  { fromRun, pr }: BundleSource,
): Promise<Map<Digest, Refusal>> {
  const missing = new Map<Digest, number>();
  for (const entry of wanted)
    if (!missing.has(entry.digest) && !(await store.blobPath(entry.digest)))
      missing.set(entry.digest, entry.bytes);
  const refuseAll = (refusal: Refusal) => new Map([...missing.keys()].map((d) => [d, refusal]));
  if (missing.size === 0) return new Map();
  const bundle = pr.bundle;
  if (!bundle)
    return refuseAll({
      reason: 'target_missing',
      message: `run ${fromRun} has no artifact ${prBundleArtifactName(pr.attempt)}`,
    });
  const bound = [...missing.values()].reduce(
    (sum, bytes) => sum + Math.ceil(bytes * ZIP_GROWTH) + ZIP_ENTRY_OVERHEAD,
    0,
  );
  if (bundle.size > bound)
    return refuseAll({
      reason: 'capture_too_large',
      message: `the capture artifact ${bundle.name} is ${bundle.size} bytes, over the ${bound} bytes its captures may take (limits.maxCaptureBytes)`,
    });
  const dir = join(job.runner.runnerTemp, 'dog', 'imported', bundle.name);
  try {
    await downloadBundle(job.services.artifacts, bundle, dir, fromRun);
  } catch (error) {
    return refuseAll(refusedUpload(error));
  }
  const refused = new Map<Digest, Refusal>();
  for (const digest of missing.keys()) {
    const refusal = await commitFromBundle(store, dir, digest, { fromRun, bundle });
    if (refusal) refused.set(digest, refusal);
  }
  await rm(dir, { recursive: true, force: true });
  return refused;
}

async function commitFromBundle(
  store: Store,
  dir: string,
  digest: Digest,
  { fromRun, bundle }: { fromRun: number; bundle: ArtifactInfo },
): Promise<Refusal | undefined> {
  try {
    const path = await bundledFile(dir, digest);
    if (!path)
      return {
        reason: 'target_missing',
        message: `run ${fromRun}'s artifact ${bundle.name} does not hold capture ${digest}`,
      };
    await commitVerified(store, path, digest);
    return undefined;
  } catch (error) {
    return refusedUpload(error);
  }
}

function refusedUpload(error: unknown): Refusal {
  return {
    reason: 'target_unsafe',
    message: `the uploaded capture was refused: ${error instanceof Error ? error.message : String(error)}`,
  };
}
