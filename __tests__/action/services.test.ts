// Proves the results-service stand-in (Azurite + Twirp ArtifactService and CacheService v2,
// plus the artifact REST endpoints) with the real @actions/artifact and @actions/cache clients,
// in-process: process.env is switched per job and run as the runner would set it.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GitHubApi } from '../support/actions/githubApi.js';
import { startInProcess, type InProcess } from '../support/actions/inProcess.js';
import type { ResultsService } from '../support/actions/resultsService.js';
import type { RunnerEnv } from '../support/actions/runner.js';
import { backendIdsForRun } from '../support/actions/runtimeToken.js';

// Generous: the first upload/cache round-trip warms Azurite and spawns tar + zstd.
const TIMEOUT = 60_000;

const OWNER = 'octo-org';
const REPO = 'octo-repo';
const TOKEN = 'ghs_faketoken000000000000000000000000';
const RUN_1 = 101;
const RUN_2 = 202;

let services: InProcess;
let results: ResultsService;
let api: GitHubApi;
let root: string;
const realWrite = process.stdout.write.bind(process.stdout);
let artifact: typeof import('@actions/artifact');
let cache: typeof import('@actions/cache');
const useRun = (runId: number, job?: string): RunnerEnv => services.useRun(runId, job);

async function workspaceFile(
  env: RunnerEnv,
  path: string,
  content: string | Buffer,
): Promise<string> {
  const full = join(env.GITHUB_WORKSPACE!, path);
  await mkdir(join(full, '..'), { recursive: true });
  await writeFile(full, content);
  return full;
}

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  services = await startInProcess({ repository: `${OWNER}/${REPO}` });
  ({ results, api, root } = services);
  useRun(RUN_1);
  artifact = await import('@actions/artifact');
  cache = await import('@actions/cache');
  // The toolkit logs through stdout; keep the test output readable.
  process.stdout.write = () => true;
}, TIMEOUT);

afterAll(async () => {
  process.stdout.write = realWrite;
  const pid = services?.azurite.pid;
  await services?.stop();
  // Nothing of Azurite's process group (watchdog and server) is left.
  if (pid !== undefined) expect(() => process.kill(-pid, 0)).toThrow();
}, TIMEOUT);

describe('artifacts over the results service', () => {
  test(
    'a zip upload is stored under the run with the digest the client computed',
    async () => {
      const env = useRun(RUN_1);
      const a = await workspaceFile(env, 'out/report.json', '{"ok":true}\n');
      const b = await workspaceFile(env, 'out/nested/log.txt', 'line\n');
      const client = new artifact.DefaultArtifactClient();
      const uploaded = await client.uploadArtifact(
        'reports',
        [a, b],
        join(env.GITHUB_WORKSPACE!, 'out'),
      );
      const stored = results.artifacts(backendIdsForRun(RUN_1, 'dog').runBackendId);
      const record = stored.find((s) => s.id === uploaded.id)!;
      expect(record).toMatchObject({
        name: 'reports',
        size: uploaded.size,
        digest: `sha256:${uploaded.digest}`,
      });
      const bytes = await results.readArtifact(uploaded.id!);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect(`sha256:${sha256(bytes)}`).toBe(record.digest);
      const created = results.calls.find((c) => c.method === 'CreateArtifact')!;
      expect(created.caller).toEqual(backendIdsForRun(RUN_1, 'dog'));
      expect(created.request).toMatchObject({
        ...idsJson(RUN_1),
        name: 'reports',
        version: 7,
        mime_type: 'application/zip',
      });
    },
    TIMEOUT,
  );

  test(
    'skipArchive stores the file as-is and lists, gets and downloads it back',
    async () => {
      const env = useRun(RUN_1);
      const file = await workspaceFile(env, 'raw/plan.json', '{"waves":3}\n');
      const client = new artifact.DefaultArtifactClient();
      const uploaded = await client.uploadArtifact('ignored', [file], env.GITHUB_WORKSPACE!, {
        skipArchive: true,
      });
      expect((await results.readArtifact(uploaded.id!)).toString()).toBe('{"waves":3}\n');
      const { artifacts } = await client.listArtifacts();
      expect(artifacts.map((x) => x.name)).toEqual(
        expect.arrayContaining(['reports', 'plan.json']),
      );
      const { artifact: got } = await client.getArtifact('plan.json');
      expect(got).toMatchObject({ id: uploaded.id, digest: `sha256:${uploaded.digest}` });
      const path = join(root, 'dl-raw');
      const result = await client.downloadArtifact(got.id, { path, expectedHash: got.digest });
      expect(result.digestMismatch).toBe(false);
      expect(await readFile(join(path, 'plan.json'), 'utf8')).toBe('{"waves":3}\n');
    },
    TIMEOUT,
  );

  test(
    'another job of the run downloads a zip with the right hash',
    async () => {
      const env = useRun(RUN_1, 'verify');
      const { artifact: got } = await new artifact.DefaultArtifactClient().getArtifact('reports');
      const path = join(root, 'dl-zip');
      const result = await new artifact.DefaultArtifactClient().downloadArtifact(got.id, {
        path,
        expectedHash: got.digest,
      });
      expect(result.digestMismatch).toBe(false);
      expect(await readFile(join(path, 'nested', 'log.txt'), 'utf8')).toBe('line\n');
      expect(env.GITHUB_RUN_ID).toBe(String(RUN_1));
      // The client names the uploading job, not its own, when asking for the signed URL.
      const signed = results.calls.filter((c) => c.method === 'GetSignedArtifactURL').at(-1)!;
      expect(signed.request).toMatchObject({ ...idsJson(RUN_1), name: 'reports' });
      expect(signed.caller).toEqual(backendIdsForRun(RUN_1, 'verify'));
    },
    TIMEOUT,
  );

  test(
    'bytes swapped behind the service are caught by the digest check',
    async () => {
      const env = useRun(RUN_1);
      const client = new artifact.DefaultArtifactClient();
      const victim = await client.uploadArtifact(
        'victim',
        [await workspaceFile(env, 'v/a.txt', 'genuine\n')],
        join(env.GITHUB_WORKSPACE!, 'v'),
      );
      const other = await client.uploadArtifact(
        'other',
        [await workspaceFile(env, 'o/a.txt', 'forged!\n')],
        join(env.GITHUB_WORKSPACE!, 'o'),
      );
      await results.overwriteArtifact(victim.id!, await results.readArtifact(other.id!));
      expect(results.artifact(victim.id!)?.digest).toBe(`sha256:${victim.digest}`);
      const path = join(root, 'dl-tampered');
      const result = await client.downloadArtifact(victim.id!, {
        path,
        expectedHash: `sha256:${victim.digest}`,
      });
      expect(result.digestMismatch).toBe(true);
      expect(await readFile(join(path, 'a.txt'), 'utf8')).toBe('forged!\n');
    },
    TIMEOUT,
  );

  test(
    'a second artifact of the same name in one run is refused with 409',
    async () => {
      const env = useRun(RUN_1);
      const file = await workspaceFile(env, 'dup/x.txt', 'x');
      const before = results.count('CreateArtifact', 409);
      await expect(
        new artifact.DefaultArtifactClient().uploadArtifact(
          'reports',
          [file],
          join(env.GITHUB_WORKSPACE!, 'dup'),
        ),
      ).rejects.toThrow(/409/);
      expect(results.count('CreateArtifact', 409)).toBe(before + 1);
    },
    TIMEOUT,
  );

  test(
    'another run sees none of them, but finds and downloads them through the REST API',
    async () => {
      useRun(RUN_2);
      const client = new artifact.DefaultArtifactClient();
      expect((await client.listArtifacts()).artifacts).toEqual([]);
      const findBy = {
        token: TOKEN,
        workflowRunId: RUN_1,
        repositoryOwner: OWNER,
        repositoryName: REPO,
      };
      const { artifacts } = await client.listArtifacts({ findBy, latest: true });
      const reports = artifacts.find((x) => x.name === 'reports')!;
      expect(reports.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      await expect(client.downloadArtifact(reports.id)).rejects.toThrow(/No artifacts found/);
      const path = join(root, 'dl-cross');
      const result = await client.downloadArtifact(reports.id, {
        findBy,
        path,
        expectedHash: reports.digest,
      });
      expect(result.digestMismatch).toBe(false);
      expect(await readFile(join(path, 'report.json'), 'utf8')).toBe('{"ok":true}\n');
      const { artifact: named } = await client.getArtifact('plan.json', { findBy });
      expect(named.size).toBe('{"waves":3}\n'.length);
      expect(api.tokens.every((t) => t === TOKEN)).toBe(true);
      expect(api.takeViolations()).toEqual([]);
    },
    TIMEOUT,
  );
});

function idsJson(runId: number): Record<string, string> {
  const ids = backendIdsForRun(runId, 'dog');
  return {
    workflow_run_backend_id: ids.runBackendId,
    workflow_job_run_backend_id: ids.jobBackendId,
  };
}

describe('cache v2 over the results service', () => {
  // Cache paths resolve against process.cwd(), which the runner sets to GITHUB_WORKSPACE;
  // in-process it is the repository, so name the directory absolutely.
  const cacheDir = (): string => join(useRun(RUN_1).GITHUB_WORKSPACE!, 'cache-dir');

  async function fill(env: RunnerEnv, content: string): Promise<void> {
    await rm(join(env.GITHUB_WORKSPACE!, 'cache-dir'), { recursive: true, force: true });
    await workspaceFile(env, 'cache-dir/data.txt', content);
  }
  const restored = (env: RunnerEnv) =>
    readFile(join(env.GITHUB_WORKSPACE!, 'cache-dir', 'data.txt'), 'utf8');

  test(
    'save, then exact restore of the same bytes',
    async () => {
      const env = useRun(RUN_1);
      await fill(env, 'exact\n');
      expect(await cache.saveCache([cacheDir()], 'dog-v1-exact')).toBeGreaterThan(0);
      await rm(join(env.GITHUB_WORKSPACE!, 'cache-dir'), { recursive: true });
      expect(await cache.restoreCache([cacheDir()], 'dog-v1-exact', ['dog-v1-'])).toBe(
        'dog-v1-exact',
      );
      expect(await restored(env)).toBe('exact\n');
      expect(results.cacheEntries().map((e) => e.key)).toContain('dog-v1-exact');
    },
    TIMEOUT,
  );

  test(
    'restore keys match as prefixes and the newest entry wins',
    async () => {
      const env = useRun(RUN_1);
      await fill(env, 'older\n');
      expect(await cache.saveCache([cacheDir()], 'dog-v1-prefix')).toBeGreaterThan(0);
      await fill(env, 'newer\n');
      expect(await cache.saveCache([cacheDir()], 'dog-v1-prefix-2')).toBeGreaterThan(0);
      await fill(env, 'stale workspace\n');
      expect(
        await cache.restoreCache([cacheDir()], 'dog-v2-none', ['dog-v1-nothing-', 'dog-v1-prefix']),
      ).toBe('dog-v1-prefix-2');
      expect(await restored(env)).toBe('newer\n');
      // GitHub documents the primary key as a prefix too, after the exact match.
      expect(await cache.restoreCache([cacheDir()], 'dog-v1-pre')).toBe('dog-v1-prefix-2');
      // An exact key beats a newer entry it is a prefix of.
      const hits = results.cacheHits();
      expect(await cache.restoreCache([cacheDir()], 'dog-v1-prefix', ['dog-v1-'])).toBe(
        'dog-v1-prefix',
      );
      expect(await restored(env)).toBe('older\n');
      expect(results.cacheHits()).toBe(hits + 1);
    },
    TIMEOUT,
  );

  test(
    "DoG's cache port tries once more when a download failed; the toolkit alone reports a miss",
    async () => {
      const env = useRun(RUN_1);
      await fill(env, 'flaky storage\n');
      expect(await cache.saveCache([cacheDir()], 'dog-v1-flaky')).toBeGreaterThan(0);
      await rm(join(env.GITHUB_WORKSPACE!, 'cache-dir'), { recursive: true });
      results.breakNextCacheDownload('dog-v1-flaky');
      expect(await cache.restoreCache([cacheDir()], 'dog-v1-flaky')).toBeUndefined();
      const { ToolkitCache } = await import('../../src/storage/github/toolkit.js');
      results.breakNextCacheDownload('dog-v1-flaky');
      expect(await new ToolkitCache().restore(cacheDir(), 'dog-v1-flaky')).toBe('dog-v1-flaky');
      expect(await restored(env)).toBe('flaky storage\n');
      // A real miss stays a miss.
      expect(await new ToolkitCache().restore(cacheDir(), 'dog-v1-never-saved')).toBeUndefined();
    },
    TIMEOUT,
  );

  test(
    'a miss returns undefined; other paths (another version) miss too',
    async () => {
      useRun(RUN_1);
      const misses = results.cacheMisses();
      expect(await cache.restoreCache([cacheDir()], 'absent-key', ['absent-'])).toBeUndefined();
      expect(await cache.restoreCache(['other-dir'], 'dog-v1-exact')).toBeUndefined();
      expect(results.cacheMisses()).toBe(misses + 2);
    },
    TIMEOUT,
  );

  test(
    'saving an existing key answers 409 and saveCache returns -1 without throwing',
    async () => {
      const env = useRun(RUN_1);
      await fill(env, 'again\n');
      const conflicts = results.count('CreateCacheEntry', 409);
      expect(await cache.saveCache([cacheDir()], 'dog-v1-exact')).toBe(-1);
      expect(results.count('CreateCacheEntry', 409)).toBe(conflicts + 1);
      const last = results.calls.at(-1)!;
      expect(last).toMatchObject({
        method: 'CreateCacheEntry',
        status: 409,
        code: 'already_exists',
      });
    },
    TIMEOUT,
  );
});
