// The runner's event payload for a merge queue: the merge group's base is where the trusted
// files come from, its head is what the check run describes, and a payload without them is a
// setup mistake with a clear message.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkRunSha,
  readRunnerContext,
  trustedBaseSha,
} from '../../../src/action/runnerContext.js';
import { UserError } from '../../../src/core/errors.js';
import { mergeGroupEvent } from '../../support/actions/events.js';

const BASE = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dog-runner-context-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function contextFor(event: object) {
  const path = join(dir, 'event.json');
  await writeFile(path, JSON.stringify(event));
  return readRunnerContext({
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_EVENT_NAME: 'merge_group',
    GITHUB_EVENT_PATH: path,
    GITHUB_SHA: HEAD,
    GITHUB_REF: 'refs/heads/gh-readonly-queue/main/pr-7-0000',
    GITHUB_RUN_ID: '1',
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
  });
}

test('a merge_group event: trusted files from its base, the check run on its head', async () => {
  const context = await contextFor(mergeGroupEvent({ baseSha: BASE, headSha: HEAD }));
  expect(context.mergeGroup).toMatchObject({
    baseSha: BASE,
    headSha: HEAD,
    baseRef: 'refs/heads/main',
  });
  expect(context.pullRequest).toBeUndefined();
  expect(trustedBaseSha(context)).toBe(BASE);
  expect(checkRunSha(context, undefined)).toBe(HEAD);
  expect(checkRunSha(context, 'c'.repeat(40))).toBe('c'.repeat(40));
});

test('a merge_group payload without its base is refused with what is missing', async () => {
  const event = mergeGroupEvent({ baseSha: BASE, headSha: HEAD });
  const broken = { ...event, merge_group: { ...event.merge_group, base_sha: 'main' } };
  await expect(contextFor(broken)).rejects.toThrow(UserError);
  await expect(contextFor(broken)).rejects.toThrow(
    'the merge_group event payload lacks merge_group.base_sha, head_sha, base_ref or head_ref',
  );
});
