// Which cache scopes a job believes, by event and ref: a pull request's own scope only with the
// opt-in, a branch's own scope only on a writer's event, the base and the default branch always.
import {
  cacheTrustOf,
  trustedRefsOf,
  type TrustContext,
} from '../../../src/storage/github/cacheTrust.js';
import type { CacheListing } from '../../../src/storage/github/ports.js';

const listing: CacheListing = { list: () => Promise.resolve([]) };

function context(overrides: Partial<TrustContext>): TrustContext {
  return {
    eventName: 'pull_request',
    ref: 'refs/pull/7/merge',
    defaultBranch: 'main',
    baseRef: 'main',
    trustPullRequestScope: false,
    ...overrides,
  };
}

describe('trustedRefsOf', () => {
  test.each([
    ['a pull request', {}, ['refs/heads/main'], false],
    [
      'a pull request onto a release branch',
      { baseRef: 'release/1' },
      ['refs/heads/release/1', 'refs/heads/main'],
      false,
    ],
    [
      'a pull request that opted in',
      { trustPullRequestScope: true },
      ['refs/pull/7/merge', 'refs/heads/main'],
      true,
    ],
    ['a push to main', { eventName: 'push', ref: 'refs/heads/main' }, ['refs/heads/main'], true],
    [
      'a push to a feature branch',
      { eventName: 'push', ref: 'refs/heads/feature' },
      ['refs/heads/feature', 'refs/heads/main'],
      true,
    ],
    [
      'a merge group',
      { eventName: 'merge_group', ref: 'refs/heads/gh-readonly-queue/main/pr-7-abc' },
      ['refs/heads/gh-readonly-queue/main/pr-7-abc', 'refs/heads/main'],
      true,
    ],
    [
      'a workflow_run on a feature branch (someone else can cause it)',
      { eventName: 'workflow_run', ref: 'refs/heads/feature' },
      ['refs/heads/main'],
      false,
    ],
    ['a push to a tag', { eventName: 'push', ref: 'refs/tags/v1' }, ['refs/heads/main'], false],
  ] as const)('%s', (_what, overrides, trusted, ownTrusted) => {
    expect(trustedRefsOf(context(overrides))).toEqual({ trusted, ownTrusted });
  });

  test('without the default branch, only a writer event trusts its own branch', () => {
    const unknown = { defaultBranch: undefined, baseRef: undefined };
    expect(trustedRefsOf(context(unknown))).toEqual({ trusted: [], ownTrusted: false });
    expect(
      trustedRefsOf(context({ ...unknown, eventName: 'schedule', ref: 'refs/heads/main' })),
    ).toEqual({ trusted: ['refs/heads/main'], ownTrusted: true });
  });

  test('the opt-in does not extend to a base branch the event does not have', () => {
    const push = context({ eventName: 'push', ref: 'refs/heads/feature', baseRef: 'other' });
    expect(trustedRefsOf(push).trusted).not.toContain('refs/heads/other');
  });
});

describe('cacheTrustOf', () => {
  test('old layouts are read only when every readable scope is trusted', () => {
    const push = context({ eventName: 'push', ref: 'refs/heads/feature' });
    const read = (scopes: string[] | undefined) =>
      cacheTrustOf({ ...push, readableScopes: scopes }, listing).restoresTrusted;
    expect(read(['refs/heads/feature', 'refs/heads/main'])).toBe(true);
    expect(read(['refs/pull/7/merge', 'refs/heads/main'])).toBe(false);
    expect(read([])).toBe(false);
    expect(read(undefined)).toBe(false);
  });

  test("a pull request's run never reads the old layouts", () => {
    const trust = cacheTrustOf(
      { ...context({}), readableScopes: ['refs/pull/7/merge', 'refs/heads/main'] },
      listing,
    );
    expect(trust).toMatchObject({
      ownRef: 'refs/pull/7/merge',
      ownTrusted: false,
      restoresTrusted: false,
    });
  });

  test('a cache that refuses restores: nothing is trusted for reading, saves still count, said once', () => {
    const said: string[] = [];
    const push = context({ eventName: 'push', ref: 'refs/heads/main', baseRef: undefined });
    const trust = cacheTrustOf(
      {
        ...push,
        readableScopes: [],
        readAccess: { readable: false, mode: 'write-only' },
        say: (m) => said.push(m),
      },
      listing,
    );
    expect(trust).toMatchObject({
      trusted: [],
      ownRef: 'refs/heads/main',
      ownTrusted: true,
      restoresTrusted: false,
      readRefused: { mode: 'write-only' },
    });
    trust.readRefused!.tell();
    trust.readRefused!.tell();
    expect(said).toEqual([
      expect.stringContaining('write-only (effective cache-mode: write-only)'),
    ]);
    // A readable cache: nothing changes.
    const readable = cacheTrustOf({ ...push, readAccess: { readable: true } }, listing);
    expect(readable.trusted).toEqual(['refs/heads/main']);
    expect(readable.readRefused).toBeUndefined();
  });
});
