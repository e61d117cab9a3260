// The git database calls of `materializeTarget`: the target's part of a commit's tree, and
// blobs that are used only once they hash to the names the tree gave them.
import { createHash } from 'node:crypto';
import { UserError } from '../../core/errors.js';
import { parseListing, type Listing, type TreeItem } from './headListing.js';

/** The part of Octokit this needs (`octokit.rest.git`). */
export type GitDatabaseClient = {
  getTree(params: {
    owner: string;
    repo: string;
    tree_sha: string;
    recursive?: string;
  }): Promise<{ data: unknown }>;
  getBlob(params: { owner: string; repo: string; file_sha: string }): Promise<{ data: unknown }>;
};

export type Fetch = {
  client: GitDatabaseClient;
  repo: { owner: string; repo: string };
  commit: string;
};

/**
 * The entries of the commit's tree that decide what a checkout holds at `target`: the whole
 * recursive listing, or — when GitHub truncates it, as it does past 100,000 entries — the
 * target's ancestors one level at a time and the target's own tree recursively, the way
 * GitHub's documentation says to fetch a large tree.
 */
export async function listTarget(fetch: Fetch, target: string): Promise<TreeItem[]> {
  const whole = await listTree(fetch, fetch.commit, true);
  if (!whole.truncated) return whole.items;
  if (target === '.') throw truncated(fetch, whole, 'the repository');
  const segments = target.split('/');
  const items: TreeItem[] = [];
  let sha = fetch.commit;
  for (let depth = 0; depth < segments.length; depth += 1) {
    const level = await listTree(fetch, sha, false);
    const prefix = segments.slice(0, depth).join('/');
    if (level.truncated) throw truncated(fetch, level, JSON.stringify(prefix || '.'));
    const entry = level.items.find((item) => item.path === segments[depth]);
    if (entry === undefined) return items;
    items.push({ ...entry, path: prefix === '' ? entry.path : `${prefix}/${entry.path}` });
    if (entry.kind !== 'directory') return items;
    sha = entry.sha;
  }
  const below = await listTree(fetch, sha, true);
  if (below.truncated) throw truncated(fetch, below, `target ${JSON.stringify(target)}`);
  return [...items, ...below.items.map((item) => ({ ...item, path: `${target}/${item.path}` }))];
}

async function listTree(fetch: Fetch, sha: string, recursive: boolean): Promise<Listing> {
  const shown = `${sha === fetch.commit ? 'commit' : 'tree'} ${sha.slice(0, 12)}`;
  const params = { ...fetch.repo, tree_sha: sha, ...(recursive ? { recursive: 'true' } : {}) };
  const answer = await ask(fetch, `the tree of ${shown}`, () => fetch.client.getTree(params));
  return parseListing(answer, shown);
}

function truncated(fetch: Fetch, listing: Listing, what: string): UserError {
  return new UserError(
    `${what} at commit ${fetch.commit.slice(0, 12)} is too large to review from GitHub's API: GitHub listed ${listing.items.length} entries and left the rest out (truncated); DoG never derives a goal's bytes from an incomplete listing, so this goal cannot be approved or rejected from a comment — narrow the goal's target, or settle it with a verifier instead of a person`,
  );
}

/** The blob's bytes, only once they hash to the name the tree gave them. */
export async function readBlob(fetch: Fetch, item: TreeItem): Promise<Buffer> {
  const shown = `blob ${item.sha.slice(0, 12)} (${JSON.stringify(item.path)})`;
  const data = (await ask(fetch, shown, () =>
    fetch.client.getBlob({ ...fetch.repo, file_sha: item.sha }),
  )) as { encoding?: unknown; content?: unknown } | null;
  if (data?.encoding !== 'base64' || typeof data.content !== 'string')
    throw new UserError(`GitHub answered ${shown} without base64 content; try again later`);
  const bytes = Buffer.from(data.content, 'base64');
  if (bytes.length !== item.size || gitObjectName(bytes, item.sha.length) !== item.sha)
    throw new UserError(
      `GitHub answered ${shown} with bytes that do not hash to that name (git's blob ${item.sha.length === 64 ? 'SHA-256' : 'SHA-1'}); DoG never reviews bytes that are not the commit's own — try again later`,
    );
  return bytes;
}

/** git's name for a blob: the hash of `blob <length>\0` and the bytes. */
export function gitObjectName(bytes: Buffer, hexLength: number): string {
  const hash = createHash(hexLength === 64 ? 'sha256' : 'sha1');
  return hash.update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

async function ask(
  fetch: Fetch,
  what: string,
  call: () => Promise<{ data: unknown }>,
): Promise<unknown> {
  try {
    return (await call()).data;
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    const detail = error instanceof Error ? error.message : String(error);
    const code = typeof status === 'number' ? `HTTP ${status}` : 'no status';
    const hint =
      status === 404
        ? `; is ${fetch.commit.slice(0, 12)} a commit of ${fetch.repo.owner}/${fetch.repo.repo}?`
        : '; the job needs permissions: contents: read';
    throw new UserError(
      `cannot read ${what} through GitHub's git database API (${code}): ${detail}${hint}`,
    );
  }
}
