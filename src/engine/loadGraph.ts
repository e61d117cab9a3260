// Reads a graph file from disk and compiles it against this host's capabilities.
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { GraphError, DocumentError, MissingGraphError } from '../core/errors.js';
import { compileGraph, type CompileLimits } from '../core/graph/compile.js';
import type { CompiledGraph } from '../core/graph/model.js';
import { formatFromName, parseStructuredText } from '../core/graph/parse.js';
import type { HostCapabilities } from '../core/graph/rules.js';

export const DEFAULT_GRAPH_PATHS = ['.dog/graph.yaml', '.dog/graph.yml', '.dog/graph.json'];

/** The graph path to use: the one given, else the first default that exists. */
export async function resolveGraphPath(
  given: string | undefined,
  workspace: string,
): Promise<string> {
  if (given !== undefined) return given;
  for (const candidate of DEFAULT_GRAPH_PATHS) {
    const path = join(workspace, candidate);
    if (await exists(path)) return path;
  }
  throw new MissingGraphError(
    `no graph found: looked for ${DEFAULT_GRAPH_PATHS.join(', ')} in ${workspace}; pass --graph FILE`,
  );
}

export type LoadOptions = { maxBytes: number; limits: CompileLimits; host: HostCapabilities };

/** Parses without compiling (for `dog validate` on a document that does not parse). */
export async function readGraphDocument(path: string, maxBytes: number): Promise<unknown> {
  const text = await readBounded(path, maxBytes);
  try {
    return parseStructuredText(text, { source: path, format: formatFromName(path), maxBytes });
  } catch (error) {
    if (error instanceof DocumentError && !(error instanceof GraphError))
      throw new GraphError(path, error.problems);
    throw error;
  }
}

export async function loadGraph(path: string, options: LoadOptions): Promise<CompiledGraph> {
  const document = await readGraphDocument(path, options.maxBytes);
  return compileGraph(document, { source: path, limits: options.limits, host: options.host });
}

/** Reads at most `maxBytes` (+1 to notice more) so an oversized file never fills memory. */
async function readBounded(path: string, maxBytes: number): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new GraphError(path, [
      {
        pointer: '',
        message: code === 'ENOENT' ? 'file not found' : `cannot read (${String(code)})`,
      },
    ]);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile())
      throw new GraphError(path, [{ pointer: '', message: 'not a regular file' }]);
    if (info.size > maxBytes) {
      throw new GraphError(path, [
        {
          pointer: '',
          message: `file is ${info.size} bytes, larger than the ${maxBytes}-byte limit (limits.maxGraphBytes)`,
        },
      ]);
    }
    const buffer = Buffer.alloc(maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes + 1, 0);
    if (bytesRead > maxBytes) {
      throw new GraphError(path, [
        {
          pointer: '',
          message: `file is larger than the ${maxBytes}-byte limit (limits.maxGraphBytes)`,
        },
      ]);
    }
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
