import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../io.js';
import { ownPackageRoot, RELEASE_BASE } from '../packageRoot.js';
import { detectGoals, starterConfig, starterGraph } from '../starter.js';

const GRAPH = '.dog/graph.yaml';
const CONFIG = '.dog/config.yaml';
/** Either graph file makes a workspace initialised: dog reads graph.yaml, then graph.json. */
const EXISTING = [GRAPH, '.dog/graph.json', CONFIG];
const STORE_IGNORE = '.dog/store/';
const WORKFLOW = 'examples/workflows/single-job.yml';

/** `dog init`: starter graph and configuration for the repository, and the next steps. */
export async function commandInit(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const root =
    args.workspace === undefined ? await repositoryTop(io.cwd) : resolve(io.cwd, args.workspace);
  if (!(await isDirectory(root)))
    throw new UserError(`${root} is not a directory; dog init writes into an existing repository`);
  const present = await presentFiles(root, EXISTING);
  if (present.length > 0 && !args.force)
    throw new UserError(
      `${present.join(' and ')} already exist${present.length === 1 ? 's' : ''} in ${root}; nothing was written (--force replaces ${GRAPH} and ${CONFIG})`,
    );
  const goals = detectGoals(new Set(await readdir(root)));
  const packageRoot = ownPackageRoot();
  const schemaOf = (name: string): string => schemaReference(root, packageRoot, name);
  await writeStarter(
    root,
    GRAPH,
    starterGraph(goals, schemaOf('graph.schema.json'), graphId(root)),
    args.force,
  );
  await writeStarter(root, CONFIG, starterConfig(schemaOf('config.schema.json')), args.force);
  const ignored = await ignoreStore(root);
  io.stdout.write(
    [
      `dog: initialised ${root}`,
      `  wrote ${GRAPH} (goals: ${goals.map((goal) => goal.id).join(', ')})`,
      `  wrote ${CONFIG} (every key commented: the defaults apply)`,
      ignored
        ? `  added ${STORE_IGNORE} to .gitignore`
        : `  .gitignore already ignores ${STORE_IGNORE}`,
      '',
      'Next steps:',
      '  dog run                 verify the goals here (then "dog status" shows the last run)',
      `  edit ${GRAPH}    add your goals; "dog validate" checks the file`,
      `  copy ${workflowSource(packageRoot)}`,
      '    to .github/workflows/dog.yml, and commit it with .dog/graph.yaml, .dog/config.yaml and .gitignore',
      '',
    ].join('\n'),
  );
  return ExitCode.success;
}

/**
 * A schema inside this workspace (dog installed in its node_modules, or this is dog's own
 * repository) is named by a relative path from .dog/, which works offline and always matches
 * the installed version; otherwise the published copy of this version's schema.
 */
function schemaReference(root: string, packageRoot: string | undefined, name: string): string {
  if (packageRoot !== undefined) {
    const fromDog = relative(join(root, '.dog'), join(packageRoot, 'schemas', name));
    const inside = !relative(root, packageRoot).startsWith('..');
    if (inside) return fromDog.split(sep).join('/');
  }
  return `${RELEASE_BASE}/schemas/${name}`;
}

function workflowSource(packageRoot: string | undefined): string {
  return packageRoot === undefined
    ? `${RELEASE_BASE}/${WORKFLOW}`
    : `${join(packageRoot, WORKFLOW)} (also at ${RELEASE_BASE}/${WORKFLOW})`;
}

/** The nearest directory at or above `cwd` holding `.git`, else `cwd` itself. */
async function repositoryTop(cwd: string): Promise<string> {
  const start = resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if (await exists(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/** A graph id from the directory's name: only the characters an id may hold. */
function graphId(root: string): string {
  const id = basename(root)
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 128);
  return id === '' ? 'repository' : id;
}

async function writeStarter(
  root: string,
  file: string,
  text: string,
  force?: boolean,
): Promise<void> {
  const path = join(root, file);
  await mkdir(dirname(path), { recursive: true });
  try {
    // Without --force the file is created only if still absent, even if one appeared meanwhile.
    await writeFile(path, text, { flag: force ? 'w' : 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new UserError(`${file} appeared in ${root} meanwhile; it was left as it is`);
    throw error;
  }
}

/** Appends `.dog/store/` unless a line already ignores it (or all of .dog/). */
async function ignoreStore(root: string): Promise<boolean> {
  const path = join(root, '.gitignore');
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const covering = new Set([
    '.dog',
    '.dog/',
    '.dog/*',
    '.dog/store',
    '.dog/store/',
    '.dog/store/*',
  ]);
  const lines = text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, ''));
  if (lines.some((line) => covering.has(line))) return false;
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  await writeFile(
    path,
    `${text}${separator}# dog's local store (records, captures, runs)\n${STORE_IGNORE}\n`,
  );
  return true;
}

async function presentFiles(root: string, files: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    files.map(async (file) => ((await exists(join(root, file))) ? file : undefined)),
  );
  return found.filter((file): file is string => file !== undefined);
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}
