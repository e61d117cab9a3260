// Real files in temp directories for the capture tests.
import { createHash } from 'node:crypto';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  lstat,
  symlink,
  writeFile,
  chmod,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { captureTarget } from '../../src/capture/capture.js';
import { removeMaterialized } from '../../src/capture/materialize.js';
import type { Capture, CaptureResult } from '../../src/capture/types.js';
import { FsBlobStore } from '../../src/storage/blobStore.js';

const made: string[] = [];

export async function tempDir(prefix = 'dog-capture-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  for (const dir of made.splice(0)) await removeMaterialized(dir);
}

export type Node =
  | string
  | Buffer
  | { content: string | Buffer; mode: number }
  | { link: string }
  | { dir: true; mode?: number };

/** Creates the given paths under `root`, in the order given. */
export async function writeTree(root: string, spec: Record<string, Node>): Promise<void> {
  for (const [rel, node] of Object.entries(spec)) {
    const abs = path.join(root, rel);
    await mkdir(path.dirname(abs), { recursive: true });
    if (typeof node === 'string' || Buffer.isBuffer(node)) {
      await writeFile(abs, node);
    } else if ('link' in node) {
      await symlink(node.link, abs);
    } else if ('dir' in node) {
      await mkdir(abs, { recursive: true });
      if (node.mode !== undefined) await chmod(abs, node.mode);
    } else {
      await writeFile(abs, node.content);
      await chmod(abs, node.mode);
    }
  }
}

export type Listed = { rel: string; kind: string; exec?: boolean; sha?: string; link?: string };

/** Everything under `root`: kinds, exec bits, content digests and link texts, sorted. */
export async function listTree(root: string, rel = ''): Promise<Listed[]> {
  const out: Listed[] = [];
  for (const name of (await readdir(path.join(root, rel))).sort()) {
    const childRel = rel === '' ? name : `${rel}/${name}`;
    const abs = path.join(root, childRel);
    const stats = await lstat(abs);
    if (stats.isSymbolicLink())
      out.push({ rel: childRel, kind: 'symlink', link: await readlink(abs) });
    else if (stats.isDirectory()) {
      out.push({ rel: childRel, kind: 'directory' });
      out.push(...(await listTree(root, childRel)));
    } else {
      const sha = createHash('sha256')
        .update(await readFile(abs))
        .digest('hex');
      out.push({ rel: childRel, kind: 'file', exec: (stats.mode & 0o111) !== 0, sha });
    }
  }
  return out;
}

export type Workspace = { root: string; store: FsBlobStore };

export async function workspace(spec: Record<string, Node> = {}): Promise<Workspace> {
  const root = await tempDir('dog-ws-');
  await writeTree(root, spec);
  const store = await FsBlobStore.open(await tempDir('dog-store-'));
  return { root, store };
}

export function capture(
  ws: Workspace,
  target: string,
  extra: { maxCaptureBytes?: number; excludeAbsPaths?: string[] } = {},
): Promise<CaptureResult> {
  return captureTarget({
    workspaceRoot: ws.root,
    target,
    store: ws.store,
    limits: { maxCaptureBytes: extra.maxCaptureBytes ?? 64 * 2 ** 20 },
    excludeAbsPaths: extra.excludeAbsPaths ?? [],
  });
}

export function expectOk(result: CaptureResult): Capture {
  if (!result.ok) throw new Error(`expected a capture, got ${result.reason}: ${result.message}`);
  return result.capture;
}

export async function digestOfTree(spec: Record<string, Node>, target = '.'): Promise<string> {
  return expectOk(await capture(await workspace(spec), target)).digest;
}

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}
