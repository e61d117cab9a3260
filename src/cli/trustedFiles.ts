// What `dog plan` puts in the plan document so that every later phase, on any machine,
// compiles the same graph with the same configuration and scripts: the files as read from
// the workspace. Later phases lay them out in a private directory and load them from there.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, posix, relative, sep } from 'node:path';
import { DocumentError } from '../core/errors.js';
import type { HostContext } from '../engine/host/context.js';
import type { TrustedFiles } from '../engine/session/planDocument.js';
import { isBuiltinScript } from '../verify/scriptLibrary.js';

const SCRIPTS_DIR = 'scripts';

/** The graph, the configuration (when there is one) and the library scripts the graph may run. */
export async function workspaceTrustedFiles(
  context: HostContext,
  graphPath: string,
  configPath: string,
): Promise<TrustedFiles> {
  const config = await readFile(configPath, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  const { libraryDir } = context.library;
  const scripts = [];
  for (const name of context.library.list().filter((n) => !isBuiltinScript(n)))
    if (libraryDir)
      scripts.push({ name, content: (await readFile(join(libraryDir, name))).toString('base64') });
  return {
    source: `workspace ${context.workspace}`,
    graphPath: shownPath(context.workspace, graphPath),
    graph: await readFile(graphPath, 'utf8'),
    configPath: shownPath(context.workspace, configPath),
    config,
    scripts,
  };
}

/** Inside the workspace: its relative path (messages name it so); else its file name. */
function shownPath(workspace: string, path: string): string {
  const inside = relative(workspace, path);
  const outside = inside === '' || inside.startsWith('..') || inside.startsWith(sep);
  return outside ? basename(path) : inside.split(sep).join('/');
}

export type LaidOutFiles = { graphPath: string; configPath: string; scriptsDir: string };

/** Writes the plan's files under `root`; a path that would leave it is refused. */
export async function layOutTrustedFiles(files: TrustedFiles, root: string): Promise<LaidOutFiles> {
  const graphPath = join(root, 'trusted', inside(files.graphPath, '/trusted/graphPath'));
  const configPath = join(root, 'trusted', inside(files.configPath, '/trusted/configPath'));
  const scriptsDir = join(root, SCRIPTS_DIR);
  await put(graphPath, files.graph, 0o644);
  if (files.config !== null) await put(configPath, files.config, 0o644);
  await mkdir(scriptsDir, { recursive: true });
  for (const script of files.scripts)
    await put(join(scriptsDir, script.name), Buffer.from(script.content, 'base64'), 0o755);
  return { graphPath, configPath, scriptsDir };
}

function inside(path: string, pointer: string): string {
  const clean = posix.normalize(path.replace(/\\/g, '/'));
  if (clean.startsWith('/') || clean === '..' || clean.startsWith('../') || clean.includes('\0'))
    throw new DocumentError('plan', [{ pointer, message: `"${path}" is not a relative path` }]);
  return clean;
}

async function put(path: string, content: string | Buffer, mode: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content, { mode });
}
