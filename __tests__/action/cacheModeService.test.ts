// The stand-ins give untrusted triggers on the default branch a read-only cache, as GitHub
// does since 2026-06: the runner exports ACTIONS_CACHE_MODE=read, the runtime token's own
// scope has no write permission, and the cache service refuses CreateCacheEntry with the
// `cache write denied:` message that @actions/cache 6.3 turns into CacheWriteDeniedError.
// Proved with the real @actions/cache client, in-process.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startInProcess, type InProcess } from '../support/actions/inProcess.js';
import {
  pullRequestEvent,
  runnerEnv,
  type RunnerEnv,
  type RunnerEnvOptions,
} from '../support/actions/runner.js';
import { workflowRunEvent } from '../support/actions/events.js';
import { CACHE_READ, CACHE_WRITE, parseRuntimeToken } from '../support/actions/runtimeToken.js';

const TIMEOUT = 60_000;
const BASE_SHA = '1'.repeat(40);
const HEAD_SHA = '2'.repeat(40);

let services: InProcess;
let cache: typeof import('@actions/cache');
const saved = { ...process.env };
const realWrite = process.stdout.write.bind(process.stdout);
let stdout = '';
let jobs = 0;

beforeAll(async () => {
  services = await startInProcess();
  cache = await import('@actions/cache');
  process.stdout.write = (chunk: string | Uint8Array) => {
    stdout += chunk.toString();
    return true;
  };
}, TIMEOUT);

afterAll(async () => {
  process.stdout.write = realWrite;
  await services?.stop();
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
}, TIMEOUT);

type Trigger = Pick<RunnerEnvOptions, 'eventName' | 'event' | 'exportsCacheMode'>;

/** A job of `trigger`, as the runner sets it up; process.env becomes its environment. */
function job(runId: number, trigger: Trigger): RunnerEnv {
  const env = runnerEnv({
    root: join(services.root, `job-${++jobs}`),
    runId,
    apiUrl: services.api.url,
    resultsUrl: services.results.url,
    ...trigger,
  });
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, saved, env);
  if (!('ACTIONS_CACHE_MODE' in env)) delete process.env.ACTIONS_CACHE_MODE;
  return env;
}

/** One directory for every job: the cache versions an entry by its paths. */
async function fill(content: string): Promise<string> {
  const dir = join(services.root, 'cache-dir');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'data.txt'), content);
  return dir;
}

function ownScope(env: RunnerEnv): { Scope: string; Permission: number } | undefined {
  return parseRuntimeToken(env.ACTIONS_RUNTIME_TOKEN!)?.cacheScopes.find(
    (s) => s.Scope === env.GITHUB_REF,
  );
}

const forkCascade: Trigger = {
  eventName: 'workflow_run',
  event: workflowRunEvent({ id: 10, headSha: HEAD_SHA, fork: true }),
};

test('which jobs get a read-only cache: untrusted triggers in the default branch scope', () => {
  const pr = pullRequestEvent({ baseSha: BASE_SHA, headSha: HEAD_SHA, fork: true });
  const cases: [string, Trigger, string, 'read' | 'write'][] = [
    ['push', { eventName: 'push', event: {} }, 'refs/heads/main', 'write'],
    ['schedule', { eventName: 'schedule', event: {} }, 'refs/heads/main', 'write'],
    [
      'workflow_dispatch',
      { eventName: 'workflow_dispatch', event: {} },
      'refs/heads/main',
      'write',
    ],
    ['pull_request from a fork', { event: pr }, 'refs/pull/7/merge', 'write'],
    [
      'pull_request_target',
      { eventName: 'pull_request_target', event: pr },
      'refs/heads/main',
      'read',
    ],
    ['issue_comment', { eventName: 'issue_comment', event: {} }, 'refs/heads/main', 'read'],
    ['workflow_run of a fork pull request', forkCascade, 'refs/heads/main', 'read'],
    [
      'workflow_run of a same-repository pull request',
      { eventName: 'workflow_run', event: workflowRunEvent({ id: 10, headSha: HEAD_SHA }) },
      'refs/heads/main',
      'write',
    ],
    [
      'workflow_run of a push',
      {
        eventName: 'workflow_run',
        event: workflowRunEvent({ id: 10, headSha: HEAD_SHA, event: 'push' }),
      },
      'refs/heads/main',
      'write',
    ],
  ];
  for (const [name, trigger, ref, mode] of cases) {
    const env = job(500, trigger);
    const permission = mode === 'read' ? CACHE_READ : CACHE_READ | CACHE_WRITE;
    expect({ name, ref: env.GITHUB_REF, mode: env.ACTIONS_CACHE_MODE, own: ownScope(env) }).toEqual(
      { name, ref, mode, own: { Scope: ref, Permission: permission } },
    );
  }
  // pull_request_target runs on the base branch's commit, not the pull request's.
  expect(job(500, { eventName: 'pull_request_target', event: pr }).GITHUB_SHA).toBe(BASE_SHA);
  // A runner that predates ACTIONS_CACHE_MODE leaves it out; the token still says read-only.
  const older = job(500, { ...forkCascade, exportsCacheMode: false });
  expect(older.ACTIONS_CACHE_MODE).toBeUndefined();
  expect(ownScope(older)?.Permission).toBe(CACHE_READ);
});

test(
  'the service refuses a read-only token’s save the way GitHub does; restores still work',
  async () => {
    const { results } = services;
    job(501, { eventName: 'push', event: {} });
    expect(await cache.saveCache([await fill('from push\n')], 'mode-seed')).toBeGreaterThan(0);

    // A runner without ACTIONS_CACHE_MODE: the client asks, the service says no.
    job(502, { ...forkCascade, exportsCacheMode: false });
    const creates = results.count('CreateCacheEntry');
    stdout = '';
    expect(await cache.saveCache([await fill('poison\n')], 'mode-denied')).toBe(-1);
    expect(results.count('CreateCacheEntry', 200)).toBe(creates + 1);
    expect(stdout).toContain(
      '::warning::Failed to save: Unable to reserve cache with key mode-denied. More details: cache write denied:',
    );
    expect(results.cacheEntries().map((e) => e.key)).not.toContain('mode-denied');

    // With ACTIONS_CACHE_MODE=read the client does not even ask.
    job(503, forkCascade);
    stdout = '';
    expect(await cache.saveCache([await fill('poison\n')], 'mode-skipped')).toBe(-1);
    expect(results.count('CreateCacheEntry')).toBe(creates + 1);
    expect(stdout).toContain("Cache save skipped: the effective cache-mode 'read'");

    // Reading the default branch's entries is not restricted.
    const dir = await fill('overwritten\n');
    expect(await cache.restoreCache([dir], 'mode-seed')).toBe('mode-seed');
    expect(await readFile(join(dir, 'data.txt'), 'utf8')).toBe('from push\n');
    expect(results.cacheEntries().filter((e) => e.key.startsWith('mode-'))).toHaveLength(1);
  },
  TIMEOUT,
);
