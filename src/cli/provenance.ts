// What a local run knows of its provenance: the workspace's git commit and branch (when it is
// a git checkout), the configuration's digest, and where its records are written — on a CI
// runner that sets GITHUB_* variables, that workflow run; elsewhere `local`, nothing more.
import { execFile } from 'node:child_process';
import type { ChainAnchors } from '../core/report/chain.js';
import type { RecordOrigin } from '../core/types.js';
import type { HostConfig } from '../config/hostConfig.js';
import { hostConfigDigest } from '../engine/host/configDigest.js';

const COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const GIT_TIMEOUT_MS = 5_000;

export type LocalProvenance = { anchors: ChainAnchors; origin: RecordOrigin };

export async function localProvenance(
  workspace: string,
  config: HostConfig,
  env: NodeJS.ProcessEnv,
): Promise<LocalProvenance> {
  const head = await git(workspace, ['rev-parse', '--verify', '-q', 'HEAD^{commit}']);
  const commit = head !== undefined && COMMIT.test(head) ? head : null;
  const branch = await git(workspace, ['symbolic-ref', '-q', 'HEAD']);
  return {
    // The graph, configuration and scripts are read from the same working tree as the targets.
    anchors: { configDigest: hostConfigDigest(config), trustedCommit: commit, headCommit: commit },
    origin: githubOrigin(env) ?? {
      kind: 'local',
      event: 'local',
      ...(branch ? { ref: branch.slice(0, 512) } : {}),
      ...(commit ? { sha: commit } : {}),
    },
  };
}

/** A run inside a GitHub Actions job (the CLI called from a step): that run, attempt and job. */
export function githubOrigin(env: NodeJS.ProcessEnv): RecordOrigin | undefined {
  const runId = env.GITHUB_RUN_ID;
  const repository = env.GITHUB_REPOSITORY;
  if (!runId || !repository) return undefined;
  const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? '1');
  return {
    kind: 'github',
    repository: repository.slice(0, 256),
    runId: runId.slice(0, 64),
    attempt: Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1,
    job: (env.GITHUB_JOB ?? 'unknown').slice(0, 256),
    event: (env.GITHUB_EVENT_NAME ?? 'unknown').slice(0, 64),
    ...(env.GITHUB_REF ? { ref: env.GITHUB_REF.slice(0, 512) } : {}),
    ...(env.GITHUB_SHA ? { sha: env.GITHUB_SHA.slice(0, 64) } : {}),
    ...(env.GITHUB_WORKFLOW_REF ? { workflow: env.GITHUB_WORKFLOW_REF.slice(0, 1024) } : {}),
  };
}

/** One git query's trimmed output, or undefined when git is absent or this is no checkout. */
function git(cwd: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', [...args], { cwd, timeout: GIT_TIMEOUT_MS }, (error, stdout) => {
      resolve(error ? undefined : stdout.trim() || undefined);
    });
  });
}
