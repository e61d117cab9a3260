// DESIGN §4 step 1: graph, host configuration and script library come from the trusted
// tree — on pull requests the base commit, never the PR head. They are read once, carried
// in the plan, and laid out in a private directory the engine loads them from.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { UserError } from '../core/errors.js';
import { DEFAULT_GRAPH_PATHS } from '../engine/loadGraph.js';
import type { TrustedFiles } from '../engine/session/planDocument.js';

export const DEFAULT_CONFIG_PATH = '.dog/config.yaml';
export const DEFAULT_SCRIPTS_DIR = '.dog/scripts';
const MAX_SCRIPTS = 1024;
const MAX_TRUSTED_FILE_BYTES = 4 * 1024 * 1024;
const SCRIPT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A read-only view of one tree: the checked-out workspace, or a commit via the contents API. */
export interface TreeReader {
  readonly description: string;
  /** The file's bytes, or undefined when the path is not a file in this tree. */
  read(path: string): Promise<Buffer | undefined>;
  /** Names of the regular files directly inside `dir`, or undefined when it is no directory. */
  listFiles(dir: string): Promise<string[] | undefined>;
}

export type TrustedPaths = { graph: string | undefined; config: string | undefined };

/** The tree has no graph: not at the given path, or at none of the default paths. */
export class NoGraphError extends UserError {
  constructor(
    message: string,
    /** The path looked for, when one was given. */
    readonly graphPath: string | undefined,
  ) {
    super(message);
    this.name = 'NoGraphError';
  }
}

/** The graph's path in `tree`: the one given (it must exist), else the first default there. */
export async function findGraphPath(tree: TreeReader, given: string | undefined): Promise<string> {
  if (given === undefined) return findGraph(tree);
  const path = normalize(given);
  if (!(await tree.read(path)))
    throw new NoGraphError(`the graph ${path} does not exist in ${tree.description}`, path);
  return path;
}

/** Reads graph, config and the scripts of `scriptsDir` (as the trusted config names it). */
export async function readTrustedFiles(
  tree: TreeReader,
  paths: TrustedPaths,
  scriptsDirOf: (configText: string | null, configPath: string) => Promise<string>,
): Promise<TrustedFiles> {
  const graphPath = await findGraphPath(tree, paths.graph);
  const graph = await tree.read(graphPath);
  if (!graph)
    throw new NoGraphError(
      `the graph ${graphPath} does not exist in ${tree.description}`,
      graphPath,
    );
  const configPath = paths.config === undefined ? DEFAULT_CONFIG_PATH : normalize(paths.config);
  const configBytes = await tree.read(configPath);
  if (!configBytes && paths.config !== undefined)
    throw new UserError(`the configuration ${configPath} does not exist in ${tree.description}`);
  const config = configBytes ? text(configBytes, configPath) : null;
  const scriptsDir = normalize(await scriptsDirOf(config, configPath));
  return {
    source: tree.description,
    graphPath,
    graph: text(graph, graphPath),
    configPath,
    config,
    scripts: await readScripts(tree, scriptsDir),
  };
}

async function findGraph(tree: TreeReader): Promise<string> {
  for (const candidate of DEFAULT_GRAPH_PATHS) if (await tree.read(candidate)) return candidate;
  throw new NoGraphError(
    `no graph in ${tree.description}: looked for ${DEFAULT_GRAPH_PATHS.join(', ')}; commit one at ${DEFAULT_GRAPH_PATHS[0]} (or set the graph input to where it is)`,
    undefined,
  );
}

async function readScripts(tree: TreeReader, dir: string): Promise<TrustedFiles['scripts']> {
  const names = (await tree.listFiles(dir)) ?? [];
  const scripts: TrustedFiles['scripts'] = [];
  for (const name of names.filter((n) => SCRIPT_NAME.test(n)).sort()) {
    if (scripts.length === MAX_SCRIPTS)
      throw new UserError(`${dir} holds more than ${MAX_SCRIPTS} scripts`);
    const bytes = await tree.read(posix.join(dir, name));
    if (bytes) scripts.push({ name, content: bytes.toString('base64') });
  }
  return scripts;
}

function text(bytes: Buffer, path: string): string {
  if (bytes.length > MAX_TRUSTED_FILE_BYTES)
    throw new UserError(`${path} is larger than ${MAX_TRUSTED_FILE_BYTES} bytes`);
  return bytes.toString('utf8');
}

/** A repository-relative path as the contents API wants it: no `./`, no `..`, no leading `/`. */
export function normalize(path: string): string {
  const clean = posix.normalize(path.replace(/\\/g, '/')).replace(/^\.\/+/, '');
  if (clean.startsWith('/') || clean === '..' || clean.startsWith('../') || clean.includes('\0'))
    throw new UserError(`"${path}" must be a path inside the repository`);
  return clean;
}

export type LaidOutTrusted = {
  root: string;
  graphPath: string;
  configPath: string;
  scriptsDir: string;
};

/** Writes the trusted files under `root` (emptied first) for the engine to load. */
export async function layOutTrusted(
  files: TrustedFiles,
  root: string,
  scriptsDir: string,
): Promise<LaidOutTrusted> {
  await rm(root, { recursive: true, force: true });
  const graphPath = join(root, files.graphPath);
  await writeIn(graphPath, files.graph, 0o644);
  const configPath = join(root, files.configPath);
  if (files.config !== null) await writeIn(configPath, files.config, 0o644);
  const scriptsPath = join(root, normalize(scriptsDir));
  await mkdir(scriptsPath, { recursive: true });
  for (const script of files.scripts)
    await writeIn(join(scriptsPath, script.name), Buffer.from(script.content, 'base64'), 0o755);
  return { root, graphPath, configPath, scriptsDir: scriptsPath };
}

async function writeIn(path: string, content: string | Buffer, mode: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content, { mode });
}

/** The checked-out tree. */
export class WorkspaceTree implements TreeReader {
  constructor(
    private readonly root: string,
    readonly description = 'the checked-out workspace',
  ) {}

  async read(path: string): Promise<Buffer | undefined> {
    try {
      return await readFile(join(this.root, normalize(path)));
    } catch {
      return undefined;
    }
  }

  async listFiles(dir: string): Promise<string[] | undefined> {
    try {
      const entries = await readdir(join(this.root, normalize(dir)), { withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => e.name);
    } catch {
      return undefined;
    }
  }
}

/** Paths whose trusted content differs from the checked-out tree (a PR editing them). */
export async function changedInWorkspace(
  files: TrustedFiles,
  workspace: TreeReader,
  scriptsDir: string,
): Promise<string[]> {
  const changed: string[] = [];
  const same = async (path: string, content: Buffer | null): Promise<boolean> => {
    const local = await workspace.read(path);
    return local === undefined ? content === null : content !== null && local.equals(content);
  };
  if (!(await same(files.graphPath, Buffer.from(files.graph)))) changed.push(files.graphPath);
  const config = files.config === null ? null : Buffer.from(files.config);
  if (!(await same(files.configPath, config))) changed.push(files.configPath);
  const trustedNames = new Set(files.scripts.map((s) => s.name));
  for (const script of files.scripts) {
    const path = posix.join(normalize(scriptsDir), script.name);
    if (!(await same(path, Buffer.from(script.content, 'base64')))) changed.push(path);
  }
  for (const name of (await workspace.listFiles(scriptsDir)) ?? [])
    if (!trustedNames.has(name)) changed.push(posix.join(normalize(scriptsDir), name));
  return changed;
}
