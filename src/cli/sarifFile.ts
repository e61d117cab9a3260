// `--sarif FILE`: the run as SARIF 2.1.0 for code scanning, with paths relative to the top of
// the repository that holds the workspace (where GitHub resolves them), or to the workspace
// when it is in none.
import { stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { CompiledGraph } from '../core/graph/model.js';
import type { RunReport } from '../core/report/model.js';
import { buildSarif } from '../reporting/sarif/build.js';
import { encodeSarif } from '../reporting/sarif/encode.js';
import { writeFileAtomic } from '../storage/atomic.js';
import { VERSION } from './version.js';

export type SarifPlaces = { workspace: string; graphPath?: string };

async function repositoryTop(dir: string): Promise<string | undefined> {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (
      await stat(join(at, '.git')).then(
        () => true,
        () => false,
      )
    )
      return at;
    if (dirname(at) === at) return undefined;
  }
}

/** `path` under `top`, `/`-separated; undefined when it is outside. */
function inside(top: string, path: string): string | undefined {
  const rel = relative(top, path);
  if (rel.startsWith('..') || resolve(top, rel) !== resolve(path)) return undefined;
  return rel.split(sep).join('/');
}

/** Writes the file; returns the run's notes (what GitHub's limits left out), empty when none. */
export async function writeSarifFile(
  file: string,
  report: RunReport,
  graph: CompiledGraph,
  places: SarifPlaces,
): Promise<string[]> {
  const top = (await repositoryTop(places.workspace)) ?? places.workspace;
  const graphPath = places.graphPath === undefined ? undefined : inside(top, places.graphPath);
  const log = buildSarif(report, graph, {
    toolVersion: VERSION,
    workspacePrefix: inside(top, places.workspace) ?? '',
    ...(graphPath === undefined ? {} : { graphPath }),
  });
  const encoded = encodeSarif(log);
  await writeFileAtomic(file, encoded.json);
  const notes = encoded.log.runs[0]?.invocations[0]?.toolExecutionNotifications ?? [];
  return notes.map((note) => note.message.text);
}
