import { mkdir, open, realpath, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { toDigest } from '../core/digest.js';
import { canonicalExcludes, excludeMatcher } from '../core/graph/excludeGlob.js';
import { gitTargetError, hasGitSegment } from '../core/graph/targetSyntax.js';
import type { Digest } from '../core/types.js';
import { mapBounded } from './bounded.js';
import { CaptureError, isErrnoCode, sourceError } from './captureError.js';
import { HashingWriter } from './hashingWriter.js';
import { checkTargetSyntax, isInside, normalizeTarget, resolveTarget } from './pathSafety.js';
import { streamFile } from './readAhead.js';
import { planTar, writeTar } from './tarWriter.js';
import { shortPath } from './treeBounds.js';
import { walkTree } from './treeWalk.js';
import type { BlobStore, ByteSink, CaptureKind, CaptureLimits, CaptureResult } from './types.js';

export type CaptureTargetOptions = {
  workspaceRoot: string;
  /** Workspace-relative file or directory. */
  target: string;
  store: BlobStore;
  limits: CaptureLimits;
  /** Absolute paths never captured (the store itself, for one): skipped in walks, refused as targets. */
  excludeAbsPaths: readonly string[];
  /** Exclude patterns of a directory target (checked by the compiler); none by default. */
  exclude?: readonly string[];
};

export type CaptureAllOptions = Omit<CaptureTargetOptions, 'target' | 'exclude'> & {
  targets: readonly string[];
  /** Exclude patterns by normalized target, for the targets that have some. */
  excludes?: ReadonlyMap<string, readonly string[]>;
  /** Targets captured at the same time. */
  concurrency: number;
};

type Stored = { digest: Digest; bytes: number; files: number };

/** Captures one target into the store: a file's bytes, or the deterministic tar of a directory. */
export async function captureTarget(opts: CaptureTargetOptions): Promise<CaptureResult> {
  const { target } = opts;
  const resolved = await resolveTarget(opts.workspaceRoot, target);
  if (!resolved.ok)
    return { ok: false, target, reason: resolved.reason, message: resolved.message };
  // The spelling was checked for .git; a symlink may still lead into it.
  const real = path.relative(resolved.workspaceReal, resolved.absPath).split(path.sep).join('/');
  if (hasGitSegment(real)) {
    const message = gitTargetError(
      `${JSON.stringify(target)} (through a symlink, ${JSON.stringify(real)})`,
    );
    return { ok: false, target, reason: 'target_unsafe', message };
  }
  const excluded = await realExcludes(opts.excludeAbsPaths);
  const hit = [...excluded].find((dir) => isInside(dir, resolved.absPath));
  if (hit !== undefined) {
    const message = `target ${JSON.stringify(target)} lies inside ${hit}, which is never captured (DoG's own store or another excluded path); choose a target outside it`;
    return { ok: false, target, reason: 'target_unsafe', message };
  }
  const exclude = canonicalExcludes(opts.exclude ?? []);
  if (resolved.kind === 'file' && exclude.length > 0) {
    const message = `target ${JSON.stringify(target)} is a file, but exclude applies only to a directory target; remove exclude or target the directory that holds it`;
    return { ok: false, target, reason: 'target_unsafe', message };
  }
  try {
    const stored =
      resolved.kind === 'file'
        ? await captureFile(resolved.absPath, opts)
        : await captureDirectory(resolved.absPath, { paths: excluded, exclude }, opts);
    return { ok: true, capture: { target, kind: resolved.kind, ...stored } };
  } catch (error) {
    if (error instanceof CaptureError)
      return { ok: false, target, reason: error.reason, message: error.message };
    throw error;
  }
}

/** Captures every distinct target once, `concurrency` at a time; keyed by the targets as given. */
export async function captureAll(opts: CaptureAllOptions): Promise<Map<string, CaptureResult>> {
  const spellings = new Map<string, string[]>();
  for (const target of opts.targets) {
    const key = checkTargetSyntax(target) === undefined ? normalizeTarget(target) : target;
    spellings.set(key, [...(spellings.get(key) ?? []), target]);
  }
  const groups = [...spellings.values()];
  const { excludes, ...common } = opts;
  const results = await mapBounded(groups, opts.concurrency, (group) => {
    const target = group[0] as string;
    const exclude = excludes?.get(normalizeTarget(target));
    return captureTarget({ ...common, target, ...(exclude ? { exclude } : {}) });
  });
  const byTarget = new Map<string, CaptureResult>();
  groups.forEach((group, i) => {
    const result = results[i] as CaptureResult;
    for (const target of group) byTarget.set(target, relabel(result, target));
  });
  return byTarget;
}

function relabel(result: CaptureResult, target: string): CaptureResult {
  return result.ok ? { ok: true, capture: { ...result.capture, target } } : { ...result, target };
}

async function realExcludes(paths: readonly string[]): Promise<Set<string>> {
  return new Set(await Promise.all(paths.map(realPathOf)));
}

/** A path not written yet (a report file) still names its real place: its parent's real path. */
async function realPathOf(p: string): Promise<string> {
  try {
    return await realpath(p);
  } catch {
    const parent = await realpath(path.dirname(p)).catch(() => path.resolve(path.dirname(p)));
    return path.join(parent, path.basename(p));
  }
}

/** Renders a path below the target for a one-line message, shortened when it is long. */
function shownIn(target: string): (rel: string) => string {
  const base = normalizeTarget(target);
  return (rel) =>
    JSON.stringify(shortPath(rel === '' ? target : base === '.' ? rel : `${base}/${rel}`));
}

async function captureFile(absPath: string, opts: CaptureTargetOptions): Promise<Stored> {
  const shown = JSON.stringify(opts.target);
  let size: number;
  try {
    size = (await stat(absPath)).size;
  } catch (error) {
    throw sourceError(error, shown);
  }
  checkSize(opts, 'file', size);
  const stored = await storeStream(opts, (sink) =>
    streamFile({ path: absPath, size, shown }, sink),
  );
  return { ...stored, files: 1 };
}

type DirectoryExclusions = { paths: ReadonlySet<string>; exclude: readonly string[] };

async function captureDirectory(
  absPath: string,
  { paths, exclude }: DirectoryExclusions,
  opts: CaptureTargetOptions,
): Promise<Stored> {
  const shown = shownIn(opts.target);
  const matcher = exclude.length > 0 ? excludeMatcher(exclude) : undefined;
  const entries = await walkTree(absPath, { paths, ...(matcher ? { matcher } : {}) }, shown);
  const plan = planTar(entries, exclude);
  checkSize(opts, 'directory', plan.totalBytes);
  const stored = await storeStream(opts, (sink) => writeTar(plan, sink, { shown }));
  return { ...stored, files: plan.files };
}

function formatBytes(bytes: number): string {
  return `${bytes} bytes (${(bytes / 2 ** 20).toFixed(1)} MiB)`;
}

function tooLarge(opts: CaptureTargetOptions, what: string): CaptureError {
  return new CaptureError(
    'capture_too_large',
    `target ${JSON.stringify(opts.target)} ${what}, over the capture limit of ${formatBytes(opts.limits.maxCaptureBytes)}; raise limits.maxCaptureBytes in the host configuration or capture a smaller target`,
  );
}

function checkSize(opts: CaptureTargetOptions, kind: CaptureKind, bytes: number): void {
  if (bytes <= opts.limits.maxCaptureBytes) return;
  const what =
    kind === 'file' ? `is ${formatBytes(bytes)}` : `makes a tar of ${formatBytes(bytes)}`;
  throw tooLarge(opts, what);
}

async function openTemp(temp: string): Promise<FileHandle> {
  try {
    return await open(temp, 'wx', 0o644);
  } catch (error) {
    if (!isErrnoCode(error, 'ENOENT')) throw error;
    await mkdir(path.dirname(temp), { recursive: true });
    return open(temp, 'wx', 0o644);
  }
}

/** Streams bytes into a store temp file while hashing them, then commits under their digest. */
async function storeStream(
  opts: CaptureTargetOptions,
  produce: (sink: ByteSink) => Promise<void>,
): Promise<{ digest: Digest; bytes: number }> {
  const temp = opts.store.tempPath();
  const handle = await openTemp(temp);
  const writer = new HashingWriter(handle, opts.limits.maxCaptureBytes, (atLeast) =>
    tooLarge(opts, `grew to at least ${formatBytes(atLeast)} while being captured`),
  );
  let handleOpen = true;
  let committed = false;
  try {
    await produce(writer);
    const { hex, bytes } = await writer.finish();
    await handle.close();
    handleOpen = false;
    const digest = toDigest(hex);
    await opts.store.commitBlob(temp, digest);
    committed = true;
    return { digest, bytes };
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    if (handleOpen) await handle.close();
    if (!committed) await rm(temp, { force: true });
  }
}
