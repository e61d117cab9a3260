// The sticky comment is only ever the one the Action's own token wrote. Another app's comment
// or a person's that starts with DoG's marker (a forged "SUCCESS") is never taken for DoG's:
// DoG posts its own, leaves theirs as they are, and edits only its own on the next run —
// with the built-in GITHUB_TOKEN (github-actions[bot]), a GitHub App's installation token
// (`<app-slug>[bot]`) and a personal access token (the user) alike.
import { addComment, type IssueComment } from '../../support/actions/reviewLoop.js';
import { GITHUB_ACTIONS_BOT, type TokenIdentity } from '../../support/actions/identities.js';
import { CONFIG } from './fixtures.js';
import { World, type Files } from './world.js';

const TIMEOUT = 240_000;
const PR = 7;
const MARKER = '<!-- dog:comment check="DoG" -->';
const FORGED = `${MARKER}\n\n## DoG: SUCCESS — everything verified`;

const GRAPH = `schemaVersion: "1"
id: sticky-author
root: root
nodes:
  root:
    kind: composite
    title: The change is acceptable
    completion: {op: all, items: [{op: ref, id: judged}]}
  judged:
    kind: leaf
    title: The guide reads well
    target: docs/guide.md
    verifier: {mode: programmatic, script: unsure}
contains:
  - {parent: root, child: judged}
`;
const UNSURE = `#!/bin/sh\necho '{"verdict":"inconclusive","evidence":{"summary":"cannot tell"}}'\n`;
const TRUSTED: Files = { '.dog/graph.yaml': GRAPH, '.dog/scripts/unsure': UNSURE, ...CONFIG };
const CHECKOUT: Files = { ...TRUSTED, 'docs/guide.md': '# Guide\n' };

const APP_TOKEN = 'ghs_apptoken000000000000000000000000';
const APP: TokenIdentity = { kind: 'installation', login: 'dog-reviewer[bot]', id: 149222 };
const PAT = 'github_pat_11AAAAAAA0000000000000_000000000000000000000000000000000000000';
const MAINTAINER: TokenIdentity = { kind: 'user', login: 'octo-maintainer', id: 583231 };

let world: World;
let nextRun = 300;

beforeAll(async () => {
  world = await World.start(TRUSTED);
  world.api.reviewLoop.identities.tokens.set(APP_TOKEN, APP);
  world.api.reviewLoop.identities.tokens.set(PAT, MAINTAINER);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

beforeEach(() => {
  world.api.reviewLoop.comments.splice(0);
});

afterEach(() => {
  expect(world.api.takeViolations()).toEqual([]);
});

/** A pull request run whose goal waits for a person (exit 3), with `token` when given. */
async function pullRequestRun(token?: string): Promise<void> {
  const result = await world.step({
    runId: ++nextRun,
    job: 'dog',
    files: CHECKOUT,
    modes: { '.dog/scripts/unsure': 0o755 },
    inputs: { command: 'run', ...(token ? { token } : {}) },
  });
  expect({ code: result.code, stderr: result.stderr.slice(-2000) }).toMatchObject({ code: 3 });
}

function marked(): IssueComment[] {
  return world.api.reviewLoop.comments.filter((c) => c.body.startsWith(MARKER));
}

/** Marked comments by `logins`, written before DoG's first run; copies as they were then. */
function forgeries(...logins: string[]): IssueComment[] {
  return logins.map((login) => ({
    ...addComment(world.api.reviewLoop, { issue: PR, login, body: FORGED }),
  }));
}

const OTHERS = ['other-app[bot]', 'mallory'];

async function expectOwnCommentOnly(self: TokenIdentity, others: IssueComment[], token?: string) {
  await pullRequestRun(token);
  const own = marked().filter((c) => c.author.id === self.id);
  expect(own).toHaveLength(1);
  expect(own[0]?.author).toMatchObject({ login: self.login, id: self.id });
  expect(own[0]?.body).toMatch(/NEEDS A PERSON/);
  const firstId = own[0]?.id;
  const edited = own[0]?.updated_at;
  await new Promise((resolve) => setTimeout(resolve, 5));
  await pullRequestRun(token);
  const again = marked().filter((c) => c.author.id === self.id);
  expect(again.map((c) => c.id)).toEqual([firstId]);
  expect(again[0]?.updated_at).not.toBe(edited);
  for (const other of others) {
    const now = world.api.reviewLoop.comments.find((c) => c.id === other.id);
    expect(now?.body).toBe(FORGED);
    expect(now?.updated_at).toBe(other.updated_at);
  }
  expect(marked()).toHaveLength(others.length + 1);
}

test(
  'with the built-in GITHUB_TOKEN, another app’s and a person’s marked comments are not DoG’s',
  async () => {
    const others = forgeries(...OTHERS);
    await expectOwnCommentOnly(GITHUB_ACTIONS_BOT, others);
    expect(world.api.reviewLoop.comments.find((c) => c.id === others[0]?.id)?.login).toBe(
      'other-app[bot]',
    );
  },
  TIMEOUT,
);

test(
  'with a GitHub App’s token, the comment is the app’s; github-actions[bot]’s is not taken',
  async () => {
    const others = forgeries(GITHUB_ACTIONS_BOT.login, ...OTHERS);
    await expectOwnCommentOnly(APP, others, APP_TOKEN);
  },
  TIMEOUT,
);

test(
  'with a personal access token, the comment is its user’s and edited in place',
  async () => {
    await expectOwnCommentOnly(MAINTAINER, forgeries(GITHUB_ACTIONS_BOT.login, ...OTHERS), PAT);
  },
  TIMEOUT,
);
