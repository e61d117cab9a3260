// Trust by origin: what another workflow of the pull request saves in the pull request's own
// cache scope never turns DoG's check green nor forges a person's decision. The attacker
// (attacker.ts) saves with the real cache client where GitHub lets it — refs/pull/7/merge —
// packs and decisions that are self-consistent (their digests are computed from public
// inputs, as anyone can), under today's keys, the older layout's keys, and the exact key of
// the default branch's newest pack. DoG's pull request run ignores them all, verifies the
// goals again, and counts what it ignored in the report, the job summary and the check run.
import { gmDigestOf } from '../../../src/core/select.js';
import { decisionRecord } from '../../../src/core/human/decision.js';
import type { RunReport } from '../../../src/core/report/model.js';
import type { VerificationRecord } from '../../../src/core/types.js';
import { writeDecisions } from '../../../src/storage/github/decisionsDocument.js';
import { decisionsKeyPrefix, packKeyPrefix } from '../../../src/storage/github/recordPack.js';
import { contentKey } from '../../../src/storage/github/trustedEntries.js';
import { cacheEntryFile } from '../../support/actions/recordPacks.js';
import { addComment } from '../../support/actions/reviewLoop.js';
import type { ActionResult } from '../../support/actions/runner.js';
import { saveAsPullRequestJob } from './attacker.js';
import { BAD, GOOD, GRAPH_KEY, MODES, TRUSTED } from './trustFixtures.js';
import { expectOk, HEAD_SHA, reportOf, World, type Files } from './world.js';

const TIMEOUT = 240_000;
const PR_SCOPE = 'refs/pull/7/merge';
const MAIN_SCOPE = 'refs/heads/main';

type Node = RunReport['nodes'][string] & { decidedBy?: { login: string } };

let world: World;
let nextRun = 100;

function run(files: Files, event: 'pull_request' | 'push' = 'pull_request', extra = {}) {
  const runId = ++nextRun;
  if (event === 'pull_request')
    world.api.reviewLoop.workflowRuns.push({
      id: runId,
      name: 'DoG',
      path: '.github/workflows/dog.yml',
      event: 'pull_request',
      head_sha: HEAD_SHA,
      run_attempt: 1,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, runId - 100)).toISOString(),
    });
  return world.step({
    runId,
    job: 'dog',
    files,
    modes: MODES,
    event,
    inputs: { command: 'run', ...extra },
  });
}

async function nodesOf(result: ActionResult): Promise<Record<string, Node>> {
  return (await reportOf(result)).nodes as Record<string, Node>;
}

/** What the run said about entries it ignored: in its report, job summary and check run. */
async function ignoredCounts(result: ActionResult): Promise<string[]> {
  const report = await reportOf(result);
  const said = report.warnings.map((w) => w.message).filter((m) => /not from a trusted/.test(m));
  const check = world.api.checkRuns.at(-1)?.output;
  expect(result.summary).toContain('not from a trusted writer');
  expect(`${check?.summary ?? ''}\n${check?.text ?? ''}`).toContain('not from a trusted writer');
  return said;
}

/** The newest record pack the default branch's scope holds, as its saver wrote it. */
async function mainPack(): Promise<{ key: string; doc: Record<string, unknown> }> {
  const entry = world.results
    .cacheEntries()
    .filter((e) => e.scope === MAIN_SCOPE && /^dog-v[0-9]+-records-/.test(e.key))
    .at(-1);
  if (!entry) throw new Error('the default branch has no record pack');
  const text = await cacheEntryFile(world.results, entry.id, 'dog-record-pack.json');
  return { key: entry.key, doc: JSON.parse(text) as Record<string, unknown> };
}

/** A pass record for the bytes `node` was verified on, made from a genuine pass record. */
function forgedPass(genuine: VerificationRecord, node: Node, runId: string): VerificationRecord {
  const captureDigest = node.captureDigest as VerificationRecord['captureDigest'];
  const forged = {
    ...genuine,
    runId,
    captureDigest,
    gmDigest: gmDigestOf(captureDigest, genuine.verifier),
    settledAt: new Date().toISOString(),
  };
  // Self-consistent: exactly the GM digest DoG computes for those bytes.
  expect(forged.gmDigest).toBe(node.gmDigest);
  return forged;
}

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

describe("another workflow of the pull request writes the pull request's cache scope", () => {
  test(
    'forged pass records, under the current and the older layout, are ignored and counted',
    async () => {
      // The default branch: data passes on its bytes; its pack is saved in main's scope.
      const push = await run(GOOD, 'push');
      expect((await nodesOf(push)).data?.state).toBe('success');
      // The pull request breaks the configuration; an honest run fails it.
      const honest = await run(BAD);
      const failed = (await nodesOf(honest)).data!;
      expect(failed.state).toBe('failure');

      const { doc } = await mainPack();
      const newest = doc.newest as Record<string, VerificationRecord>;
      const pass = forgedPass(newest.data!, failed, 'gh-900-1');
      const forged = {
        ...doc,
        runId: 'gh-900-1',
        savedAt: new Date().toISOString(),
        records: [...(doc.records as object[]), { record: pass, usedAt: pass.settledAt }],
        newest: { ...newest, data: pass },
      };
      const text = JSON.stringify(forged);
      const file = 'dog-record-pack.json';
      await saveAsPullRequestJob(world, {
        runId: 900,
        key: contentKey(packKeyPrefix(GRAPH_KEY), 'gh-900-1', text),
        file,
        text,
      });
      await saveAsPullRequestJob(world, {
        runId: 901,
        key: `dog-v2-records-${GRAPH_KEY}-gh-901-1`,
        file,
        text,
      });

      const victim = await run(BAD);
      expect(victim.code).toBe(1);
      const data = (await nodesOf(victim)).data;
      expect(data).toMatchObject({ state: 'failure', inherited: false });
      expect((await reportOf(victim)).rootState).toBe('failure');
      expect(world.api.checkRuns.at(-1)?.conclusion).toBe('failure');
      expect(await ignoredCounts(victim)).toEqual([
        expect.stringContaining(
          `2 DoG cache entries of this graph in this run's cache scope (${PR_SCOPE}) are not from a trusted writer and were ignored`,
        ),
      ]);
    },
    TIMEOUT,
  );

  test(
    "an entry under the exact key of main's newest pack shadows it: a miss, never its bytes",
    async () => {
      const { key, doc } = await mainPack();
      // Genuine records, but the attacker's own bytes: a pack that would be read as main's.
      const text = JSON.stringify({ ...doc, savedAt: new Date().toISOString() });
      await saveAsPullRequestJob(world, { runId: 902, key, file: 'dog-record-pack.json', text });

      const victim = await run(GOOD);
      const data = (await nodesOf(victim)).data;
      // Main's pack did not restore with its own bytes: nothing is inherited, data is verified.
      expect(data).toMatchObject({ state: 'success', inherited: false });
      const warnings = (await reportOf(victim)).warnings.map((w) => w.message);
      expect(warnings.join('\n')).toContain(key);
      expect(await ignoredCounts(victim)).toEqual([expect.stringContaining('3 DoG cache entries')]);
    },
    TIMEOUT,
  );

  test(
    "a forged approval by any login is not applied, and an empty entry does not hide main's rejection",
    async () => {
      const honest = await run(GOOD);
      expect((await nodesOf(honest)).judged?.state).toBe('needs_human');
      await decide('/dog reject judged the prose does not read well', 'alice');

      // Approved "by @repo-admin", dated tomorrow, bound to the very bytes of the head.
      const report = (await reportOf(honest)) as unknown as RunReport;
      const tomorrow = new Date(Date.now() + 24 * 3600_000);
      const approval = decisionRecord({
        report,
        key: 'judged',
        decision: 'approve',
        login: 'repo-admin',
        reason: 'looks fine',
        at: tomorrow,
      });
      const approving = writeDecisions(GRAPH_KEY, tomorrow, {
        decisions: [approval],
        retries: [],
        entries: [],
      });
      const empty = writeDecisions(GRAPH_KEY, tomorrow, {
        decisions: [],
        retries: [],
        entries: [],
      });
      const file = 'decisions.json';
      const prefix = decisionsKeyPrefix(GRAPH_KEY);
      for (const [runId, text] of [
        [910, approving],
        [911, empty],
      ] as const)
        await saveAsPullRequestJob(world, {
          runId,
          key: contentKey(prefix, `${runId}-1`, text),
          file,
          text,
        });
      await saveAsPullRequestJob(world, {
        runId: 912,
        key: `dog-v2-decisions-${GRAPH_KEY}-912-1`,
        file,
        text: approving,
      });
      await saveAsPullRequestJob(world, {
        runId: 913,
        key: `dog-v2-decisions-${GRAPH_KEY}-913-1`,
        file,
        text: empty,
      });

      const victim = await run(GOOD);
      expect(victim.code).toBe(1);
      const judged = (await nodesOf(victim)).judged;
      expect(judged).toMatchObject({ state: 'failure', decidedBy: { login: 'alice' } });
      const check = world.api.checkRuns.at(-1);
      expect(check?.conclusion).toBe('failure');
      expect(JSON.stringify(check?.output)).not.toContain('repo-admin');
      expect(await ignoredCounts(victim)).toEqual([expect.stringContaining('7 DoG cache entries')]);
    },
    TIMEOUT,
  );
});

/** A reviewer's command: the issue_comment job checks it, the dispatched run records it. */
async function decide(body: string, login: string): Promise<void> {
  const written = addComment(world.api.reviewLoop, { issue: 7, login, body });
  const payload = {
    action: 'created',
    issue: {
      number: 7,
      pull_request: { url: 'https://api.github.com/repos/octo-org/octo-repo/pulls/7' },
    },
    comment: { id: written.id, body, user: { login, type: 'User' } },
    repository: { full_name: 'octo-org/octo-repo', default_branch: 'main' },
    sender: { login },
  };
  const extraEnv = {
    GITHUB_WORKFLOW_REF: 'octo-org/octo-repo/.github/workflows/dog-decide.yml@refs/heads/main',
  };
  const decideStep = { job: 'decide', files: TRUSTED, modes: MODES, extraEnv };
  const checked = await world.step({
    ...decideStep,
    runId: ++nextRun,
    event: 'issue_comment',
    payload,
    inputs: { command: 'decide' },
  });
  expectOk(checked, 'decide on issue_comment');
  const inputs = world.api.reviewLoop.dispatches.at(-1)?.inputs;
  const recorded = await world.step({
    ...decideStep,
    runId: ++nextRun,
    event: 'workflow_dispatch',
    payload: { inputs, ref: 'refs/heads/main' },
    inputs: { command: 'decide', ...inputs },
  });
  expectOk(recorded, 'decide on workflow_dispatch');
}
