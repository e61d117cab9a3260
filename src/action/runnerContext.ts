// What the runner tells a JavaScript action through its environment and event payload,
// read once and checked: a missing variable is a setup mistake with a clear message.
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { UserError } from '../core/errors.js';

export type PullRequestInfo = {
  number: number;
  baseSha: string;
  headSha: string;
  /** The base branch's name (`main`), where the payload says. */
  baseRef?: string | undefined;
};

/** A merge queue's group: `headSha` is what gets merged, `baseSha` the commit it lands on. */
export type MergeGroupInfo = { baseSha: string; headSha: string; baseRef: string; headRef: string };

export type RunnerContext = {
  owner: string;
  repo: string;
  eventName: string;
  sha: string;
  ref: string | undefined;
  runId: string;
  runAttempt: string;
  job: string;
  workspace: string;
  runnerTemp: string;
  apiUrl: string;
  /** GitHub's web address (`https://github.com`, or a GitHub Enterprise Server's). */
  serverUrl?: string | undefined;
  pullRequest: PullRequestInfo | undefined;
  mergeGroup?: MergeGroupInfo | undefined;
  /** The repository's default branch (`main`), where the payload or the event says. */
  defaultBranch?: string | undefined;
};

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

export async function readRunnerContext(env: NodeJS.ProcessEnv): Promise<RunnerContext> {
  const required = (name: string): string => {
    const value = env[name];
    if (!value)
      throw new UserError(
        `${name} is not set: run this action as a step of a GitHub Actions job (the runner sets it)`,
      );
    return value;
  };
  const [owner, repo] = splitRepository(required('GITHUB_REPOSITORY'));
  const eventName = required('GITHUB_EVENT_NAME');
  const payload = await readEvent(env.GITHUB_EVENT_PATH);
  return {
    owner,
    repo,
    eventName,
    sha: required('GITHUB_SHA'),
    serverUrl: env.GITHUB_SERVER_URL || undefined,
    ref: env.GITHUB_REF || undefined,
    runId: required('GITHUB_RUN_ID'),
    runAttempt: env.GITHUB_RUN_ATTEMPT || '1',
    job: env.GITHUB_JOB || 'dog',
    workspace: absolute('GITHUB_WORKSPACE', required('GITHUB_WORKSPACE')),
    runnerTemp: absolute('RUNNER_TEMP', required('RUNNER_TEMP')),
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    pullRequest: PULL_REQUEST_EVENTS.has(eventName) ? pullRequestOf(payload) : undefined,
    mergeGroup: eventName === 'merge_group' ? mergeGroupOf(payload) : undefined,
    defaultBranch: defaultBranchOf(payload, eventName, env.GITHUB_REF),
  };
}

/** From the payload's repository; a schedule's payload has none, but it runs on that branch. */
function defaultBranchOf(
  payload: unknown,
  eventName: string,
  ref: string | undefined,
): string | undefined {
  const named = (payload as { repository?: { default_branch?: unknown } } | null)?.repository
    ?.default_branch;
  if (typeof named === 'string' && named !== '') return named;
  return eventName === 'schedule' && ref?.startsWith('refs/heads/')
    ? ref.slice('refs/heads/'.length)
    : undefined;
}

function splitRepository(value: string): [string, string] {
  const match = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(value);
  if (!match) throw new UserError(`GITHUB_REPOSITORY must be owner/name, got "${value}"`);
  return [match[1] as string, match[2] as string];
}

function absolute(name: string, value: string): string {
  if (!isAbsolute(value)) throw new UserError(`${name} must be an absolute path, got "${value}"`);
  return resolve(value);
}

async function readEvent(path: string | undefined): Promise<unknown> {
  if (!path) return {};
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (error) {
    throw new UserError(`cannot read the event payload at GITHUB_EVENT_PATH: ${String(error)}`);
  }
}

function pullRequestOf(payload: unknown): PullRequestInfo {
  const pr = (payload as { pull_request?: Record<string, unknown> }).pull_request;
  const number = pr?.number;
  const baseSha = (pr?.base as { sha?: unknown } | undefined)?.sha;
  const headSha = (pr?.head as { sha?: unknown } | undefined)?.sha;
  if (
    typeof number !== 'number' ||
    typeof baseSha !== 'string' ||
    !SHA.test(baseSha) ||
    typeof headSha !== 'string' ||
    !SHA.test(headSha)
  )
    throw new UserError(
      'the pull_request event payload lacks pull_request.number, base.sha or head.sha',
    );
  const baseRef = (pr?.base as { ref?: unknown } | undefined)?.ref;
  return { number, baseSha, headSha, ...(typeof baseRef === 'string' ? { baseRef } : {}) };
}

function mergeGroupOf(payload: unknown): MergeGroupInfo {
  const group = (payload as { merge_group?: Record<string, unknown> }).merge_group;
  const {
    base_sha: baseSha,
    head_sha: headSha,
    base_ref: baseRef,
    head_ref: headRef,
  } = group ?? {};
  if (
    typeof baseSha !== 'string' ||
    !SHA.test(baseSha) ||
    typeof headSha !== 'string' ||
    !SHA.test(headSha) ||
    typeof baseRef !== 'string' ||
    typeof headRef !== 'string'
  )
    throw new UserError(
      'the merge_group event payload lacks merge_group.base_sha, head_sha, base_ref or head_ref',
    );
  return { baseSha, headSha, baseRef, headRef };
}

/** The commit the trusted files come from, when it is not the checked-out one. */
export function trustedBaseSha(context: RunnerContext): string | undefined {
  return context.pullRequest?.baseSha ?? context.mergeGroup?.baseSha;
}

/**
 * The commit a check run describes: the input, else the PR head, else the merge group's
 * head (what the queue would merge), else the pushed commit.
 */
export function checkRunSha(context: RunnerContext, headSha: string | undefined): string {
  return headSha ?? context.pullRequest?.headSha ?? context.mergeGroup?.headSha ?? context.sha;
}
