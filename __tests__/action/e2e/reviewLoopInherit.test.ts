// A person's decision in later runs: after a writer's `/dog approve`, the next pull request run
// with the same bytes inherits the approval (its check run succeeds and names the approver);
// a run with changed bytes verifies the goal again and drops it. `/dog retry GOAL` asks for a
// re-run of the workflow run, whose plan verifies that goal again once (retry_requested)
// and inherits the others. Each step is the bundled action against the offline services.
import { addComment } from '../../support/actions/reviewLoop.js';
import type { ActionResult } from '../../support/actions/runner.js';
import { CONFIG } from './fixtures.js';
import { expectOk, HEAD_SHA, reportOf, World, type Files, type ReportNode } from './world.js';

const TIMEOUT = 240_000;

const GRAPH = `schemaVersion: "1"
id: review-loop-inherit
root: root
nodes:
  root:
    kind: composite
    title: The change is acceptable
    completion: {op: all, items: [{op: ref, id: docs}, {op: ref, id: judged}]}
  docs:
    kind: leaf
    title: The configuration is JSON
    target: data/config.json
    verifier: {mode: programmatic, script: json.valid}
  judged:
    kind: leaf
    title: The guide reads well
    target: docs/guide.md
    verifier: {mode: programmatic, script: unsure}
contains:
  - {parent: root, child: docs}
  - {parent: root, child: judged}
`;

const UNSURE = `#!/bin/sh\necho '{"verdict":"inconclusive","evidence":{"summary":"cannot tell"}}'\n`;
const TRUSTED: Files = { '.dog/graph.yaml': GRAPH, '.dog/scripts/unsure': UNSURE, ...CONFIG };
const MODES = { '.dog/scripts/unsure': 0o755 };
const CHECKOUT: Files = {
  ...TRUSTED,
  'docs/guide.md': '# Guide\n\nDoG verifies this.\n',
  'data/config.json': '{"retries": 3}\n',
};
const CHANGED: Files = { ...CHECKOUT, 'docs/guide.md': '# Guide\n\nRewritten.\n' };
const PR = 7;

type DecidedNode = ReportNode & { decidedBy?: { login: string } };

let world: World;
let nextRun = 700;

beforeAll(async () => {
  world = await World.start(TRUSTED);
  world.api.reviewLoop.permissions.set('alice', 'write');
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

/** Registers a pull_request workflow run for the head SHA, as GitHub lists it. */
function registerRun(): number {
  const runId = ++nextRun;
  world.api.reviewLoop.workflowRuns.push({
    id: runId,
    name: 'DoG',
    path: '.github/workflows/dog.yml',
    event: 'pull_request',
    head_sha: HEAD_SHA,
    run_attempt: 1,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, runId - 700)).toISOString(),
  });
  return runId;
}

function step(runId: number, job: string, files: Files, command: string, runAttempt = 1) {
  return world.step({ runId, job, files, modes: MODES, inputs: { command }, runAttempt });
}

/** The distributed workflow (plan, then aggregate: every goal is verified in the plan job). */
async function planAndAggregate(runId: number, files: Files, runAttempt = 1) {
  expectOk(await step(runId, 'plan', files, 'plan', runAttempt), `plan ${runId}`);
  return step(runId, 'aggregate', files, 'aggregate', runAttempt);
}

/** A reviewer's command: the issue_comment job checks it, the dispatched run records it. */
async function decide(body: string, login: string): Promise<void> {
  const written = addComment(world.api.reviewLoop, { issue: PR, login, body });
  const payload = {
    action: 'created',
    issue: {
      number: PR,
      pull_request: { url: `https://api.github.com/repos/octo-org/octo-repo/pulls/${PR}` },
    },
    comment: { id: written.id, body, user: { login, type: 'User' } },
    repository: { full_name: 'octo-org/octo-repo', default_branch: 'main' },
    sender: { login },
  };
  const workflowRef = 'octo-org/octo-repo/.github/workflows/dog-decide.yml@refs/heads/main';
  const checked = await world.step({
    runId: ++nextRun,
    job: 'decide',
    files: TRUSTED,
    modes: MODES,
    event: 'issue_comment',
    payload,
    inputs: { command: 'decide' },
    extraEnv: { GITHUB_WORKFLOW_REF: workflowRef },
  });
  expectOk(checked, 'decide on issue_comment');
  const dispatch = world.api.reviewLoop.dispatches.at(-1);
  expect(dispatch?.inputs['comment-id']).toBe(String(written.id));
  const recorded = await world.step({
    runId: ++nextRun,
    job: 'decide',
    files: TRUSTED,
    modes: MODES,
    event: 'workflow_dispatch',
    payload: { inputs: dispatch?.inputs, ref: 'refs/heads/main' },
    inputs: { command: 'decide', ...dispatch?.inputs },
    extraEnv: { GITHUB_WORKFLOW_REF: workflowRef },
  });
  expectOk(recorded, 'decide on workflow_dispatch');
}

async function nodes(result: ActionResult): Promise<Record<string, DecidedNode>> {
  return (await reportOf(result)).nodes;
}

describe('decisions in later runs', () => {
  test(
    'an approval is inherited while the bytes are the same and dropped when they change',
    async () => {
      const first = await step(registerRun(), 'dog', CHECKOUT, 'run');
      expect(first.code).toBe(3);
      expect((await nodes(first)).judged?.state).toBe('needs_human');
      await decide('/dog approve judged read it myself, the prose is fine', 'alice');

      // A second push with the same bytes.
      const same = await step(registerRun(), 'dog', CHECKOUT, 'run');
      expectOk(same, 'run with the same bytes');
      expect((await nodes(same)).judged).toMatchObject({
        state: 'success',
        inherited: true,
        decidedBy: { login: 'alice' },
      });
      const check = world.api.checkRuns.at(-1);
      expect(check).toMatchObject({ head_sha: HEAD_SHA, conclusion: 'success' });
      expect(check?.output.summary).toMatch(/approved by @alice/);

      // A third push changes what the approval was about.
      const changed = await step(registerRun(), 'dog', CHANGED, 'run');
      expect(changed.code).toBe(3);
      const judged = (await nodes(changed)).judged;
      // The pull request's earlier runs saved nothing a later run trusts (its own cache scope),
      // so to this run the goal has no earlier record.
      expect(judged).toMatchObject({ state: 'needs_human', rerunReason: 'new' });
      expect(judged?.decidedBy).toBeUndefined();
      expect(world.api.checkRuns.at(-1)?.conclusion).toBe('action_required');
      expect(world.api.checkRuns.at(-1)?.output.summary).not.toMatch(/approved by/);
    },
    TIMEOUT * 2,
  );

  test(
    "/dog retry: the re-run's plan verifies that goal again once and inherits the others",
    async () => {
      // A push to the default branch verified docs; the pull request inherits it from there.
      const seeded = await world.step({
        runId: ++nextRun,
        job: 'dog',
        files: CHECKOUT,
        modes: MODES,
        event: 'push',
        inputs: { command: 'run' },
      });
      expect((await nodes(seeded)).docs).toMatchObject({ state: 'success', inherited: false });
      const runId = registerRun();
      const first = await planAndAggregate(runId, CHECKOUT);
      expectOk(first, 'aggregate');
      expect((await nodes(first)).docs).toMatchObject({ state: 'success', inherited: true });
      await decide('/dog retry docs', 'alice');
      expect(world.api.reviewLoop.reruns.at(-1)).toMatchObject({ runId });

      // GitHub re-runs the workflow run: attempt 2 of every job.
      const rerun = await planAndAggregate(runId, CHECKOUT, 2);
      expectOk(rerun, 'aggregate attempt 2');
      const retried = await nodes(rerun);
      expect(retried.docs).toMatchObject({
        state: 'success',
        inherited: false,
        rerunReason: 'retry_requested',
      });
      expect(retried.judged).toMatchObject({ inherited: true, decidedBy: { login: 'alice' } });
      expect((await reportOf(rerun)).totals).toMatchObject({ verified: 1 });

      // Once: the next run inherits the retried record.
      const later = await planAndAggregate(registerRun(), CHECKOUT);
      expectOk(later, 'a later run');
      expect((await nodes(later)).docs).toMatchObject({ state: 'success', inherited: true });
    },
    TIMEOUT * 2,
  );
});
