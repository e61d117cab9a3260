// The digest of an installed runtime directory: every regular file's path, whether it is
// executable, and its content. It is pinned in the source, so a tool-cache copy that was
// changed, truncated or half-written after its download was verified is recognised.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Why a directory is not a runtime tree at all (a link or a device inside it). */
export class RuntimeTreeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeTreeError';
  }
}

/**
 * `sha256:<hex>` over the sorted lines `<relative path>\0<x|->\0<sha256 of content>\n`.
 * Directories count only through the files they hold; anything but a directory or a regular
 * file throws RuntimeTreeError.
 */
export async function runtimeTreeDigest(root: string): Promise<string> {
  const files = await regularFiles(root, '');
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const tree = createHash('sha256');
  for (const file of files) {
    const content = await fileSha256(join(root, file.path));
    tree.update(`${file.path}\0${file.executable ? 'x' : '-'}\0${content}\n`);
  }
  return `sha256:${tree.digest('hex')}`;
}

type TreeFile = { path: string; executable: boolean };

async function regularFiles(root: string, prefix: string): Promise<TreeFile[]> {
  const found: TreeFile[] = [];
  for (const name of await readdir(join(root, prefix))) {
    const path = prefix === '' ? name : `${prefix}/${name}`;
    const stats = await lstat(join(root, path));
    if (stats.isDirectory()) found.push(...(await regularFiles(root, path)));
    else if (stats.isFile()) found.push({ path, executable: (stats.mode & 0o111) !== 0 });
    else throw new RuntimeTreeError(`${path} is neither a file nor a directory`);
  }
  return found;
}

function fileSha256(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
