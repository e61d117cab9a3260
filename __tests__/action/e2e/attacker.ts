// Someone who writes exactly where GitHub lets a pull request write: a job of another workflow
// of the same pull request (one the pull request itself adds, say), on the pull_request event,
// in the pull request's own cache scope (refs/pull/7/merge). It saves with the real
// @actions/cache client, the same file path and so the same cache version as DoG's own saves,
// which is what a forger who read DoG's source would do.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { pullRequestEvent, runnerEnv } from '../../support/actions/runner.js';
import { BASE_SHA, HEAD_SHA, REPO_ROOT, type World } from './world.js';

let forgeries = 0;

export type Forgery = {
  /** The attacker's workflow run: any id GitHub would give another run of the head. */
  runId: number;
  key: string;
  /** DoG's file name inside its entries (dog-record-pack.json, decisions.json). */
  file: string;
  text: string;
};

/** Saves `text` as `file` under `key` from a pull_request job; resolves to the cache id. */
export async function saveAsPullRequestJob(world: World, forgery: Forgery): Promise<number> {
  const root = join(world.root, `run-${forgery.runId}`, `attacker-${++forgeries}`);
  const staging = join(root, 'workspace');
  await mkdir(staging, { recursive: true });
  await writeFile(join(staging, forgery.file), forgery.text);
  const env = runnerEnv({
    root,
    workspace: staging,
    runId: forgery.runId,
    job: 'attacker',
    event: pullRequestEvent({ number: 7, baseSha: BASE_SHA, headSha: HEAD_SHA }),
    apiUrl: world.api.url,
    resultsUrl: world.results.url,
  });
  const client = pathToFileURL(join(REPO_ROOT, 'node_modules/@actions/cache/lib/cache.js'));
  const script = `import { saveCache } from ${JSON.stringify(client.href)};
process.stdout.write('cache-id=' + String(await saveCache([process.argv[1]], process.argv[2])));`;
  // Asynchronously: the services this save talks to run in this very process.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script, forgery.file, forgery.key],
    { env, cwd: staging },
  );
  const id = Number(/cache-id=(-?\d+)/.exec(stdout)?.[1]);
  if (!(id > 0)) throw new Error(`the attacker's save of ${forgery.key} failed:\n${stdout}`);
  return id;
}
