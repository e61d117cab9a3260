// Learning the account a token writes as, over real HTTP against the REST stand-in: GraphQL's
// viewer names the bot of an installation token and the user of a personal access token, where
// GET /user refuses an installation token and GET /app refuses both. A token whose identity
// cannot be learned writes no sticky comment (one warning), rather than guessing which is DoG's.
import { getOctokit } from '@actions/github';
import { octokitReview } from '../../../src/action/comment/octokitReview.js';
import { postStickyComment } from '../../../src/action/comment/sticky.js';
import type { ActionLog } from '../../../src/action/services.js';
import { startGitHubApi, type GitHubApi } from '../../support/actions/githubApi.js';
import { GITHUB_ACTIONS_BOT, type TokenIdentity } from '../../support/actions/identities.js';
import { addComment } from '../../support/actions/reviewLoop.js';

const REPO = { owner: 'octo-org', repo: 'octo-repo' };
const MARKER = '<!-- dog:comment check="DoG" -->';
const TOKENS: Record<string, TokenIdentity> = {
  ghs_actions000000000000000000000000000: GITHUB_ACTIONS_BOT,
  ghs_app00000000000000000000000000000000: {
    kind: 'installation',
    login: 'dog-reviewer[bot]',
    id: 149222,
  },
  ghp_maintainer0000000000000000000000000: { kind: 'user', login: 'octo-maintainer', id: 583231 },
};

let api: GitHubApi;

beforeAll(async () => {
  api = await startGitHubApi();
  for (const [token, identity] of Object.entries(TOKENS))
    api.reviewLoop.identities.tokens.set(token, identity);
  api.reviewLoop.pulls.set(7, {
    number: 7,
    headSha: '2'.repeat(40),
    baseSha: '1'.repeat(40),
    headRef: 'f',
  });
});

afterAll(async () => {
  await api?.stop();
});

afterEach(() => {
  expect(api.takeViolations()).toEqual([]);
});

function octokit(token: string) {
  return getOctokit(token, { baseUrl: api.url, retry: { enabled: false } });
}

function recordingLog(): ActionLog & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    info: () => undefined,
    warning: (message) => void warnings.push(message),
    notice: () => undefined,
    group: () => undefined,
    endGroup: () => undefined,
    setOutput: () => undefined,
    appendSummary: () => Promise.resolve(),
    mask: () => undefined,
  };
}

test.each(Object.entries(TOKENS).map(([token, identity]) => [identity.login, token, identity]))(
  'the viewer query names %s as the account of its token',
  async (_login, token, identity) => {
    const review = octokitReview(octokit(token), REPO);
    const { login, id } = identity;
    await expect(review.tokenIdentity()).resolves.toEqual({ login, id });
  },
);

test('GET /user refuses an installation token and answers a user token; GET /app refuses both', async () => {
  const [actions, , user] = Object.keys(TOKENS) as [string, string, string];
  await expect(octokit(actions).rest.users.getAuthenticated()).rejects.toMatchObject({
    status: 403,
    message: expect.stringContaining('Resource not accessible by integration'),
  });
  const me = await octokit(user).rest.users.getAuthenticated();
  expect(me.data).toMatchObject({ login: 'octo-maintainer', id: 583231, type: 'User' });
  for (const token of [actions, user])
    await expect(octokit(token).rest.apps.getAuthenticated()).rejects.toMatchObject({
      status: 401,
    });
});

test('a token whose identity cannot be learned writes no comment and takes none for its own', async () => {
  const forged = addComment(api.reviewLoop, {
    issue: 7,
    login: 'github-actions[bot]',
    body: `${MARKER}\nforged`,
  });
  const before = api.reviewLoop.comments.length;
  const log = recordingLog();
  const review = octokitReview(octokit('ghs_revoked0000000000000000000000000'), REPO);
  const outcome = await postStickyComment(review, log, {
    pullRequest: 7,
    marker: MARKER,
    body: `${MARKER}\nreal status`,
    mode: 'always',
    wanted: true,
  });
  expect(outcome).toBe('refused');
  expect(log.warnings).toEqual([
    expect.stringMatching(
      /could not learn which account its token writes as \(GraphQL viewer: HTTP 401\)/,
    ),
  ]);
  expect(api.reviewLoop.comments).toHaveLength(before);
  expect(api.reviewLoop.comments.find((c) => c.id === forged.id)?.body).toBe(`${MARKER}\nforged`);
});
