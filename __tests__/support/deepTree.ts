// Directory trees nested deeper than an absolute path can name (PATH_MAX is 4096 bytes). They are
// built by a child process that steps down with relative mkdir and chdir calls, and removed with
// `rm -rf`, which walks them relative to each directory: Node's fs.rm builds absolute paths and
// fails on them with ENAMETOOLONG.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

// Fixed code, its inputs passed as arguments: the directory to start in, the depth, the name of
// each level and of the file left at the bottom.
const BUILD = `
const [depth, name, leaf] = process.argv.slice(1);
const fs = require('node:fs');
for (let level = 0; level < Number(depth); level += 1) {
  fs.mkdirSync(name);
  process.chdir(name);
}
fs.writeFileSync(leaf, 'at the bottom');
`;

export type DeepTree = { depth: number; name: string; leaf: string };

/** Creates `depth` nested directories called `name` under `dir`, with a file `leaf` in the last. */
export async function makeDeepTree(dir: string, tree: DeepTree): Promise<void> {
  await run(process.execPath, ['-e', BUILD, String(tree.depth), tree.name, tree.leaf], {
    cwd: dir,
  });
}

/** Removes a tree whatever its depth. */
export async function removeDeepTree(dir: string): Promise<void> {
  await run('rm', ['-rf', '--', dir]);
}
