import {
  accessSync,
  constants,
  lstatSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { digestOfJson, sha256Hex, toDigest } from '../core/digest.js';
import type { Digest, ErrorInfo } from '../core/types.js';

export const BUILTIN_SCRIPTS = [
  'file.exists',
  'file.non_empty',
  'file.sha256',
  'text.includes',
  'json.valid',
  'dir.non_empty',
] as const;

export type BuiltinScriptName = (typeof BUILTIN_SCRIPTS)[number];

/** The built-in scripts' program; shipped next to this module (the build copies it). */
export const BUILTIN_SCRIPT_PATH = fileURLToPath(new URL('./builtin-script.mjs', import.meta.url));

// A script name is one path segment: never a path, never hidden, never `.` or `..`.
const SCRIPT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A script ready to run: its argv, what it needs mounted, and the digest of its identity. */
export type ResolvedScript = {
  name: string;
  source: 'builtin' | 'library';
  argv: readonly string[];
  /** Host paths the sandbox must mount read-only for the script to run. */
  readOnlyPaths: readonly string[];
  digest: Digest;
};

export type ScriptResolution =
  | { ok: true; script: ResolvedScript }
  | { ok: false; error: ErrorInfo & { category: 'script_missing' } };

export type ScriptLibraryOptions = {
  /** The host library directory (e.g. `<workspace>/.dog/scripts`); built-ins only when absent. */
  libraryDir?: string;
  /** How messages name the library directory (e.g. `.dog/scripts`, as configured). */
  shownDir?: string;
  /** Node executable for the built-ins (default: the running one). */
  nodePath?: string;
};

/** `present` is true when something of that name is in the library but cannot be run. */
type LibraryLookup =
  { ok: true; realPath: string } | { ok: false; present: boolean; reason: string };

export function isBuiltinScript(name: string): name is BuiltinScriptName {
  return (BUILTIN_SCRIPTS as readonly string[]).includes(name);
}

function isExecutable(path: string, mode: number): boolean {
  // access(X_OK) alone is true for root whenever any x bit is set; require one explicitly.
  if ((mode & 0o111) === 0) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function isInside(path: string, dir: string): boolean {
  return path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/**
 * Resolves a graph's script names to trusted programs: the built-ins first, then one executable
 * regular file per name in the host library directory (symlinks only if they stay inside it).
 * `has` and `list` are synchronous for the graph compiler; `resolve` also digests the bytes.
 */
export class ScriptLibrary {
  readonly libraryDir: string | undefined;
  private readonly shownDir: string | undefined;
  private readonly nodePath: string;
  private builtinBytes: Promise<Buffer> | undefined;

  constructor(options: ScriptLibraryOptions = {}) {
    this.libraryDir = options.libraryDir;
    this.shownDir = options.shownDir;
    this.nodePath = options.nodePath ?? process.execPath;
  }

  has(name: string): boolean {
    return isBuiltinScript(name) || this.lookup(name).ok;
  }

  /**
   * Why a library entry of this name exists but cannot run (not executable, a directory, a
   * dangling link), with the fix; undefined when it is usable or not there at all.
   */
  unusable(name: string): string | undefined {
    if (isBuiltinScript(name)) return undefined;
    const found = this.lookup(name);
    return !found.ok && found.present ? `script "${name}" ${found.reason}` : undefined;
  }

  /** Every usable script name: built-ins, then the library's, sorted. */
  list(): string[] {
    const names = new Set<string>(BUILTIN_SCRIPTS);
    for (const name of this.libraryNames().sort()) {
      if (this.lookup(name).ok) names.add(name);
    }
    return [...names];
  }

  async resolve(name: string): Promise<ScriptResolution> {
    if (isBuiltinScript(name)) return { ok: true, script: await this.builtin(name) };
    const found = this.lookup(name);
    if (!found.ok)
      return {
        ok: false,
        error: found.present
          ? { category: 'script_missing', message: `script "${name}" ${found.reason}` }
          : this.missing(name, found.reason),
      };
    let bytes: Buffer;
    try {
      bytes = await readFile(found.realPath);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: this.missing(name, `it could not be read (${message})`) };
    }
    return {
      ok: true,
      script: {
        name,
        source: 'library',
        argv: [found.realPath],
        readOnlyPaths: [found.realPath],
        digest: toDigest(sha256Hex(bytes)),
      },
    };
  }

  private async builtin(name: BuiltinScriptName): Promise<ResolvedScript> {
    this.builtinBytes ??= readFile(BUILTIN_SCRIPT_PATH);
    const bytes = await this.builtinBytes;
    return {
      name,
      source: 'builtin',
      argv: [this.nodePath, BUILTIN_SCRIPT_PATH, name],
      readOnlyPaths: [this.nodePath, BUILTIN_SCRIPT_PATH],
      digest: digestOfJson({ builtin: name, program: sha256Hex(bytes) }),
    };
  }

  private libraryNames(): string[] {
    if (this.libraryDir === undefined) return [];
    try {
      return readdirSync(this.libraryDir).filter((name) => SCRIPT_NAME.test(name));
    } catch {
      return [];
    }
  }

  private lookup(name: string): LibraryLookup {
    if (this.libraryDir === undefined)
      return { ok: false, present: false, reason: 'no script library is configured' };
    if (!SCRIPT_NAME.test(name))
      return { ok: false, present: false, reason: 'the name is not a single safe file name' };
    const candidate = join(this.libraryDir, name);
    try {
      lstatSync(candidate);
    } catch (error) {
      return { ok: false, present: false, reason: unreadable(candidate, error) };
    }
    try {
      return this.lookupPresent(name, candidate);
    } catch (error) {
      const reason = `exists in the host script library but cannot run: ${unreadable(candidate, error)}`;
      return { ok: false, present: true, reason };
    }
  }

  /** `candidate` exists (perhaps only as a link): is it an executable file inside the library? */
  private lookupPresent(name: string, candidate: string): LibraryLookup {
    const shown = this.shownPath(name);
    const refuse = (reason: string): LibraryLookup => ({ ok: false, present: true, reason });
    let realPath: string;
    try {
      realPath = realpathSync(candidate);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const link = JSON.stringify(readlinkSync(candidate));
      return refuse(
        `exists in the host script library but cannot run: ${shown} is a symlink to ${link}, which does not exist; point it at an executable file in the library or replace it with one`,
      );
    }
    if (!isInside(realPath, realpathSync(this.libraryDir as string)))
      return refuse(
        `exists in the host script library but cannot run: ${shown} is a symlink leading outside the library; library scripts may only link to files inside it`,
      );
    const stat = statSync(realPath);
    if (stat.isDirectory())
      return refuse(
        `exists in the host script library but cannot run: ${shown} is a directory; replace it with an executable file`,
      );
    if (!stat.isFile())
      return refuse(
        `exists in the host script library but cannot run: ${shown} is not a regular file; replace it with an executable file`,
      );
    if (!isExecutable(realPath, stat.mode))
      return refuse(
        `exists in the host script library but is not executable: chmod +x ${shown} (and commit the mode: git update-index --chmod=+x ${shown})`,
      );
    return { ok: true, realPath };
  }

  private shownPath(name: string): string {
    return this.shownDir === undefined
      ? join(this.libraryDir as string, name)
      : `${this.shownDir.replace(/\/+$/, '')}/${name}`;
  }

  private missing(name: string, reason: string): ErrorInfo & { category: 'script_missing' } {
    const where = this.libraryDir ?? '(no library directory configured)';
    return {
      category: 'script_missing',
      message:
        `script "${name}" is not a built-in (${BUILTIN_SCRIPTS.join(', ')}) and is not usable ` +
        `from the script library ${where}: ${reason}`,
    };
  }
}

function unreadable(candidate: string, error: unknown): string {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return `${candidate} does not exist`;
  const message = error instanceof Error ? error.message : String(error);
  return `${candidate} cannot be used (${message})`;
}
