// The cache stand-in enforces GitHub's upload rate limit: 200 new entries per minute per
// repository, every scope together; over it CreateCacheEntry answers 429 with Retry-After.
// Spoken to over real HTTP in the wire format @actions/cache uses, with a clock the test moves.
import {
  backendIdsForRun,
  DEFAULT_CACHE_SCOPES,
  makeRuntimeToken,
} from '../../support/actions/runtimeToken.js';
import { startResultsService, type ResultsService } from '../../support/actions/resultsService.js';

const TIMEOUT = 60_000;
const SERVICE = '/twirp/github.actions.results.api.v1.CacheService';

let results: ResultsService;
let now = 1_000_000;

beforeAll(async () => {
  results = await startResultsService({ cache: { now: () => now } });
}, TIMEOUT);

afterAll(async () => {
  await results?.stop();
}, TIMEOUT);

async function createEntry(
  key: string,
  scope = 'refs/heads/main',
): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown> }> {
  const token = makeRuntimeToken(backendIdsForRun(7), [
    { Scope: scope, Permission: 3 },
    ...DEFAULT_CACHE_SCOPES.filter((s) => s.Scope !== scope),
  ]);
  const response = await fetch(`${results.url}${SERVICE}/CreateCacheEntry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ key, version: 'v'.repeat(64) }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

test(
  'the 201st new entry within a minute is refused with 429 and Retry-After; after the window it is accepted',
  async () => {
    for (let i = 0; i < 200; i += 1) {
      // Spread over 50 s, half on another branch: the limit is per repository.
      now += 250;
      const created = await createEntry(`k-${i}`, i % 2 === 0 ? 'refs/heads/main' : 'refs/heads/b');
      expect(created.status).toBe(200);
    }
    const first = 1_000_000 + 250;
    const refused = await createEntry('k-200');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'resource_exhausted' });
    expect(Number(refused.retryAfter)).toBe(Math.ceil((first + 60_000 - now) / 1000));
    // A refused reservation is not an entry and does not count against the window.
    expect(results.cacheCalls().filter((c) => c.result === 'reserved')).toHaveLength(200);
    expect(results.cacheCalls().at(-1)).toEqual({
      method: 'CreateCacheEntry',
      key: 'k-200',
      result: 'rate_limited',
    });
    // The oldest reservation ages out: exactly one more is allowed, then 429 again.
    now = first + 60_000 + 1;
    expect((await createEntry('k-200')).status).toBe(200);
    const again = await createEntry('k-201');
    expect(again.status).toBe(429);
    expect(Number(again.retryAfter)).toBeGreaterThanOrEqual(1);
    // Once the whole window has passed, the full allowance is back.
    now += 60_000;
    for (let i = 0; i < 5; i += 1) expect((await createEntry(`later-${i}`)).status).toBe(200);
  },
  TIMEOUT,
);

test(
  'the limit is configurable and can be switched off',
  async () => {
    now += 120_000;
    results.setCacheRateLimit({ perWindow: 1, windowMs: 10_000 });
    expect((await createEntry('small-1')).status).toBe(200);
    const refused = await createEntry('small-2');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('10');
    results.setCacheRateLimit(false);
    expect((await createEntry('small-2')).status).toBe(200);
  },
  TIMEOUT,
);
