// Runs the real `dog` command in-process on real temporary workspaces.
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { main } from '../../src/cli/main.js';
import type { RunReport } from '../../src/core/report/model.js';

export type DogResult = { code: number; stdout: string; stderr: string };

export async function dog(
  args: string[],
  cwd: string,
  signal?: AbortSignal,
  env: NodeJS.ProcessEnv = { PATH: process.env.PATH },
): Promise<DogResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (text) => void (stdout += text) },
    stderr: { write: (text) => void (stderr += text) },
    env,
    cwd,
    signal: signal ?? new AbortController().signal,
  });
  return { code, stdout, stderr };
}

export async function runJson(
  cwd: string,
  ...extra: string[]
): Promise<{ code: number; report: RunReport; stderr: string }> {
  const result = await dog(['run', '--json', ...extra], cwd);
  if (result.stdout.trim() === '')
    throw new Error(`no report (exit ${result.code}): ${result.stderr}`);
  return {
    code: result.code,
    report: JSON.parse(result.stdout) as RunReport,
    stderr: result.stderr,
  };
}

export async function workspace(
  files: Record<string, string>,
  graph?: unknown,
  config?: unknown,
): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'dog-e2e-'));
  for (const [path, content] of Object.entries(files)) await put(root, path, content);
  if (graph !== undefined) await put(root, '.dog/graph.yaml', stringify(graph));
  if (config !== undefined) await put(root, '.dog/config.yaml', stringify(config));
  return root;
}

export async function put(
  root: string,
  path: string,
  content: string,
  mode?: number,
): Promise<void> {
  const full = join(root, path);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, content);
  if (mode !== undefined) await chmod(full, mode);
}

type LeafSpec = { target: string; script: string; params?: unknown; reuse?: 'never' };

/** A graph whose root requires every given leaf (fatal, required). */
export function allOf(
  leaves: Record<string, LeafSpec>,
  dependsOn: { source: string; target: string }[] = [],
): unknown {
  const nodes: Record<string, unknown> = {
    root: {
      kind: 'composite',
      title: 'Everything holds',
      completion: { op: 'all', items: Object.keys(leaves).map((id) => ({ op: 'ref', id })) },
    },
  };
  for (const [id, leaf] of Object.entries(leaves)) {
    nodes[id] = {
      kind: 'leaf',
      title: `Goal ${id}`,
      target: leaf.target,
      verifier: {
        mode: 'programmatic',
        script: leaf.script,
        ...(leaf.params === undefined ? {} : { params: leaf.params }),
      },
      ...(leaf.reuse ? { reuse: leaf.reuse } : {}),
    };
  }
  return {
    schemaVersion: '1',
    id: 'e2e',
    root: 'root',
    nodes,
    contains: Object.keys(leaves).map((child) => ({ parent: 'root', child })),
    dependsOn,
  };
}
