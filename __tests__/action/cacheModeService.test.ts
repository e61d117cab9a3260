// The stand-ins give untrusted triggers on the default branch a read-only cache, as GitHub
// does since 2026-06: the runner exports ACTIONS_CACHE_MODE=read, the runtime token's own
// scope has no write permission, and the cache service refuses CreateCacheEntry with the
// `cache write denied:` message that @actions/cache 6.3 turns into CacheWriteDeniedError.
// A job's own `cache-mode:` (and its caller's, for a reusable workflow's job) narrows that
// further; a token that grants no read is refused GetCacheEntryDownloadURL with `cache read
// denied:` (CacheReadDeniedError, a miss). Proved with the real @actions/cache client, in-process.
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
import { narrowestCacheMode, type CacheMode } from '../support/actions/cacheMode.js';

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

type Trigger = Pick<
  RunnerEnvOptions,
  'eventName' | 'event' | 'exportsCacheMode' | 'cacheMode' | 'callerCacheMode'
>;

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

const push: Trigger = { eventName: 'push', event: {} };
const scopesOf = (env: RunnerEnv) => parseRuntimeToken(env.ACTIONS_RUNTIME_TOKEN!)?.cacheScopes;

test('the declared cache-mode, the caller’s and the trigger’s only narrow each other', () => {
  const modes: CacheMode[] = ['none', 'read', 'write', 'write-only'];
  // The lattice: read ∩ write-only = none, write is the top.
  expect(modes.map((m) => modes.map((n) => narrowestCacheMode(m, n)))).toEqual([
    ['none', 'none', 'none', 'none'],
    ['none', 'read', 'read', 'none'],
    ['none', 'read', 'write', 'write-only'],
    ['none', 'none', 'write-only', 'write-only'],
  ]);
  const main = 'refs/heads/main';
  const cases: [string, Trigger, CacheMode, object[]][] = [
    ['push, nothing declared', push, 'write', [{ Scope: main, Permission: 3 }]],
    ['push, write', { ...push, cacheMode: 'write' }, 'write', [{ Scope: main, Permission: 3 }]],
    ['push, read', { ...push, cacheMode: 'read' }, 'read', [{ Scope: main, Permission: 1 }]],
    [
      'push, write-only',
      { ...push, cacheMode: 'write-only' },
      'write-only',
      [{ Scope: main, Permission: 2 }],
    ],
    ['push, none', { ...push, cacheMode: 'none' }, 'none', []],
    [
      'caller read, job write (cannot widen)',
      { ...push, callerCacheMode: 'read', cacheMode: 'write' },
      'read',
      [{ Scope: main, Permission: 1 }],
    ],
    [
      'caller write-only, job nothing',
      { ...push, callerCacheMode: 'write-only' },
      'write-only',
      [{ Scope: main, Permission: 2 }],
    ],
    [
      'caller read, job write-only',
      { ...push, callerCacheMode: 'read', cacheMode: 'write-only' },
      'none',
      [],
    ],
    [
      'caller write, job none',
      { ...push, callerCacheMode: 'write', cacheMode: 'none' },
      'none',
      [],
    ],
    [
      'fork cascade (read-only trigger), job write',
      { ...forkCascade, cacheMode: 'write' },
      'read',
      [{ Scope: main, Permission: 1 }],
    ],
    ['fork cascade, job write-only', { ...forkCascade, cacheMode: 'write-only' }, 'none', []],
  ];
  for (const [name, trigger, mode, scopes] of cases) {
    const env = job(510, trigger);
    expect({ name, mode: env.ACTIONS_CACHE_MODE, scopes: scopesOf(env) }).toEqual({
      name,
      mode,
      scopes,
    });
  }
  // A pull request's job that reads also reads its base branch; one that only writes does not.
  const pr = pullRequestEvent({ baseSha: BASE_SHA, headSha: HEAD_SHA });
  expect(scopesOf(job(511, { event: pr, cacheMode: 'read' }))).toEqual([
    { Scope: 'refs/pull/7/merge', Permission: CACHE_READ },
    { Scope: 'refs/heads/main', Permission: CACHE_READ },
  ]);
  expect(scopesOf(job(511, { event: pr, cacheMode: 'write-only' }))).toEqual([
    { Scope: 'refs/pull/7/merge', Permission: CACHE_WRITE },
  ]);
});

describe('each cache mode against the real client', () => {
  const seedKey = 'modes-seed';
  let seeded = false;
  async function seed(): Promise<void> {
    if (seeded) return;
    job(520, { ...push, cacheMode: 'write' });
    expect(await cache.saveCache([await fill('seed\n')], seedKey)).toBeGreaterThan(0);
    seeded = true;
  }
  const calls = (method: string) =>
    services.results.cacheCalls().filter((c) => c.method === method);

  test(
    'write-only: saves work; the service refuses restores (cache read denied), a miss',
    async () => {
      await seed();
      // A runner that does not export the mode: the client asks, the service refuses.
      job(521, { ...push, cacheMode: 'write-only', exportsCacheMode: false });
      const dir = await fill('untouched\n');
      const denied = calls('GetCacheEntryDownloadURL').length;
      stdout = '';
      expect(await cache.restoreCache([dir], seedKey)).toBeUndefined();
      expect(calls('GetCacheEntryDownloadURL').slice(denied)).toEqual([
        { method: 'GetCacheEntryDownloadURL', key: seedKey, result: 'denied' },
      ]);
      expect(services.results.count('GetCacheEntryDownloadURL', 403)).toBeGreaterThan(0);
      expect(stdout).toMatch(/::warning::Failed to restore: .*cache read denied:/);
      expect(await readFile(join(dir, 'data.txt'), 'utf8')).toBe('untouched\n');
      expect(await cache.saveCache([await fill('written only\n')], 'modes-w1')).toBeGreaterThan(0);

      // With ACTIONS_CACHE_MODE=write-only the client does not ask for the restore at all.
      job(522, { ...push, cacheMode: 'write-only' });
      const asked = calls('GetCacheEntryDownloadURL').length;
      stdout = '';
      expect(await cache.restoreCache([dir], seedKey)).toBeUndefined();
      expect(calls('GetCacheEntryDownloadURL')).toHaveLength(asked);
      expect(stdout).toContain(
        "Cache restore skipped: the effective cache-mode 'write-only' does not permit reads.",
      );
      expect(await cache.saveCache([await fill('written only 2\n')], 'modes-w2')).toBeGreaterThan(
        0,
      );
      // What it saved is there for a job that may read.
      job(523, { ...push, cacheMode: 'read' });
      expect(await cache.restoreCache([dir], 'modes-w2')).toBe('modes-w2');
      expect(await readFile(join(dir, 'data.txt'), 'utf8')).toBe('written only 2\n');
    },
    TIMEOUT,
  );

  test(
    'read: restores work; the service refuses saves (cache write denied)',
    async () => {
      await seed();
      job(524, { ...push, cacheMode: 'read', exportsCacheMode: false });
      const dir = await fill('x\n');
      expect(await cache.restoreCache([dir], seedKey)).toBe(seedKey);
      stdout = '';
      expect(await cache.saveCache([await fill('y\n')], 'modes-r')).toBe(-1);
      expect(stdout).toContain('More details: cache write denied:');
      expect(services.results.cacheEntries().map((e) => e.key)).not.toContain('modes-r');
    },
    TIMEOUT,
  );

  test(
    'none, and a caller’s read narrowing a job’s write-only to none: neither works',
    async () => {
      await seed();
      const none: Trigger[] = [
        { ...push, cacheMode: 'none', exportsCacheMode: false },
        { ...push, callerCacheMode: 'read', cacheMode: 'write-only', exportsCacheMode: false },
      ];
      for (const [index, trigger] of none.entries()) {
        job(525 + index, trigger);
        const dir = await fill('kept\n');
        stdout = '';
        expect(await cache.restoreCache([dir], seedKey)).toBeUndefined();
        expect(stdout).toMatch(/Failed to restore: .*cache read denied:/);
        expect(await cache.saveCache([dir], `modes-n${index}`)).toBe(-1);
        expect(stdout).toContain('More details: cache write denied:');
        expect(await readFile(join(dir, 'data.txt'), 'utf8')).toBe('kept\n');
      }
      // Exported, the client skips both without asking.
      job(527, { ...push, callerCacheMode: 'read', cacheMode: 'write-only' });
      expect(process.env.ACTIONS_CACHE_MODE).toBe('none');
      const before = services.results.cacheCalls().length;
      stdout = '';
      expect(await cache.restoreCache([await fill('z\n')], seedKey)).toBeUndefined();
      expect(await cache.saveCache([await fill('z\n')], 'modes-n2')).toBe(-1);
      expect(services.results.cacheCalls()).toHaveLength(before);
      expect(stdout).toContain("Cache restore skipped: the effective cache-mode 'none'");
      expect(stdout).toContain("Cache save skipped: the effective cache-mode 'none'");
      expect(services.results.cacheEntries().filter((e) => /^modes-(r|n)/.test(e.key))).toEqual([]);
    },
    TIMEOUT,
  );
});
