// Whether a job may save to the Actions cache, from what the runner gives it: the
// ACTIONS_CACHE_MODE it exports and the cache scopes of its runtime token (made by the same
// stand-in that the end-to-end runs use).
import {
  cacheReadAccess,
  cacheWriteAccess,
  notRestoredMessage,
  notSavedWarning,
} from '../../../src/storage/github/cacheAccess.js';
import {
  backendIdsForRun,
  CACHE_READ,
  CACHE_WRITE,
  makeRuntimeToken,
  type CacheScope,
} from '../../support/actions/runtimeToken.js';

const ids = backendIdsForRun(1);
const token = (scopes: CacheScope[]): string => makeRuntimeToken(ids, scopes);
const readWrite = token([{ Scope: 'refs/heads/main', Permission: CACHE_READ | CACHE_WRITE }]);
const writeOnly = token([{ Scope: 'refs/heads/main', Permission: CACHE_WRITE }]);
const readOnly = token([
  { Scope: 'refs/heads/main', Permission: CACHE_READ },
  { Scope: 'refs/heads/release', Permission: CACHE_READ },
]);

test.each([
  ['mode read', { ACTIONS_CACHE_MODE: 'read', ACTIONS_RUNTIME_TOKEN: readWrite }, 'read'],
  ['mode none', { ACTIONS_CACHE_MODE: ' None ', ACTIONS_RUNTIME_TOKEN: readWrite }, 'none'],
  ['a token without a writable scope', { ACTIONS_RUNTIME_TOKEN: readOnly }, 'read'],
  [
    'mode write but a read-only token',
    { ACTIONS_CACHE_MODE: 'write', ACTIONS_RUNTIME_TOKEN: readOnly },
    'read',
  ],
  ['a token with no cache scope', { ACTIONS_RUNTIME_TOKEN: token([]) }, 'none'],
])('%s: not writable', (_, env, mode) => {
  expect(cacheWriteAccess(env)).toEqual({ writable: false, mode });
});

test.each([
  ['mode write', { ACTIONS_CACHE_MODE: 'write', ACTIONS_RUNTIME_TOKEN: readWrite }],
  ['mode write-only', { ACTIONS_CACHE_MODE: 'write-only', ACTIONS_RUNTIME_TOKEN: readWrite }],
  ['no mode, a writable token', { ACTIONS_RUNTIME_TOKEN: readWrite }],
  // What the token does not say decides nothing: the toolkit and the service still do.
  ['no token', {}],
  ['a token that is not a JWT', { ACTIONS_RUNTIME_TOKEN: 'opaque' }],
  [
    'a token without the claim',
    { ACTIONS_RUNTIME_TOKEN: `e30.${Buffer.from('{}').toString('base64url')}.` },
  ],
  ['an unknown mode', { ACTIONS_CACHE_MODE: 'sometimes', ACTIONS_RUNTIME_TOKEN: readWrite }],
])('%s: writable', (_, env) => {
  expect(cacheWriteAccess(env)).toEqual({ writable: true });
});

test('the warning names the count, the trigger and what to do', () => {
  expect(notSavedWarning(1, 'pull_request_target', { writable: false, mode: 'read' })).toBe(
    '1 record was not saved: this trigger (pull_request_target) gets a read-only cache on GitHub; the next run verifies these goals again — run DoG on push to the default branch to fill the cache',
  );
  expect(notSavedWarning(4, 'issue_comment', { writable: false, mode: 'none' })).toMatch(
    /^4 records were not saved: this trigger \(issue_comment\) gets no cache on GitHub;/,
  );
});

test.each([
  [
    'mode write-only',
    { ACTIONS_CACHE_MODE: 'write-only', ACTIONS_RUNTIME_TOKEN: readWrite },
    'write-only',
  ],
  ['mode none', { ACTIONS_CACHE_MODE: 'NONE', ACTIONS_RUNTIME_TOKEN: readWrite }, 'none'],
  ['a token that only writes', { ACTIONS_RUNTIME_TOKEN: writeOnly }, 'write-only'],
  [
    'mode write but a token that only writes',
    { ACTIONS_CACHE_MODE: 'write', ACTIONS_RUNTIME_TOKEN: writeOnly },
    'write-only',
  ],
  ['a token with no cache scope', { ACTIONS_RUNTIME_TOKEN: token([]) }, 'none'],
])('%s: not readable', (_, env, mode) => {
  expect(cacheReadAccess(env)).toEqual({ readable: false, mode });
});

test.each([
  ['mode read', { ACTIONS_CACHE_MODE: 'read', ACTIONS_RUNTIME_TOKEN: readOnly }],
  ['mode write', { ACTIONS_CACHE_MODE: 'write', ACTIONS_RUNTIME_TOKEN: readWrite }],
  ['no mode, a readable token', { ACTIONS_RUNTIME_TOKEN: readOnly }],
  ['no token', {}],
  ['a token that is not a JWT', { ACTIONS_RUNTIME_TOKEN: 'opaque' }],
  ['an unknown mode', { ACTIONS_CACHE_MODE: 'sometimes', ACTIONS_RUNTIME_TOKEN: readWrite }],
])('%s: readable', (_, env) => {
  expect(cacheReadAccess(env)).toEqual({ readable: true });
});

test('a write-only job may still save; the line about restores says what it costs', () => {
  expect(
    cacheWriteAccess({ ACTIONS_CACHE_MODE: 'write-only', ACTIONS_RUNTIME_TOKEN: writeOnly }),
  ).toEqual({ writable: true });
  expect(notRestoredMessage('write-only')).toBe(
    "this job's Actions cache is write-only (effective cache-mode: write-only): DoG restores nothing from it, so no record or decision is inherited and every goal is verified again; this job still saves what it verifies — declare cache-mode: read (or write) on this job, and on the job that calls its workflow, to inherit",
  );
  expect(notRestoredMessage('none')).toMatch(
    /^this job's Actions cache is switched off \(effective cache-mode: none\):.*nothing is saved to it either/,
  );
});
