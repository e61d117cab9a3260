// The one sticky comment per pull request and check name: found by its hidden marker among
// every comment (all pages) written by the account DoG's own token writes as, created once,
// then edited in place. Anyone can post a comment that starts with the marker; taking another
// author's for DoG's would hide the real status behind one DoG did not write. A token that may
// not write to the pull request (a fork's read-only token) gets one warning; the job summary
// still has the result, and the run does not fail for it.
import type { ActionLog } from '../services.js';
import { statusOf, type ReviewClient, type TokenIdentity } from './client.js';

export type CommentMode = 'auto' | 'always' | 'never';

export type StickyPost = {
  pullRequest: number;
  marker: string;
  body: string;
  mode: CommentMode;
  /** `auto` creates a comment only when the run needs a reviewer's attention. */
  wanted: boolean;
};

export type StickyOutcome = 'created' | 'updated' | 'skipped' | 'refused';

export async function postStickyComment(
  client: ReviewClient,
  log: ActionLog,
  post: StickyPost,
): Promise<StickyOutcome> {
  if (post.mode === 'never') return 'skipped';
  let self: TokenIdentity;
  try {
    self = await client.tokenIdentity();
  } catch (error) {
    log.warning(identityWarning(error));
    return 'refused';
  }
  try {
    // By account id, never by login: a login can be renamed and another taken under it.
    const existing = (await client.listComments(post.pullRequest)).find(
      (c) => c.userId === self.id && c.body.startsWith(post.marker),
    );
    if (existing) {
      if (existing.body !== post.body) await client.updateComment(existing.id, post.body);
      return 'updated';
    }
    if (post.mode === 'auto' && !post.wanted) return 'skipped';
    const created = await client.createComment(post.pullRequest, post.body);
    if (created.htmlUrl) log.info(`DoG: pull request comment ${created.htmlUrl}`);
    return 'created';
  } catch (error) {
    log.warning(commentWarning(error));
    return 'refused';
  }
}

function commentWarning(error: unknown): string {
  const status = statusOf(error);
  if (status === 403 || status === 404)
    return `DoG could not write the pull request comment (HTTP ${status}): the token lacks pull-requests: write (a fork pull request gets a read-only token). The job summary and the report artifact have the result.`;
  return `DoG could not write the pull request comment (${status === undefined ? 'no status' : `HTTP ${status}`}): ${error instanceof Error ? error.message : String(error)}`;
}

function identityWarning(error: unknown): string {
  const status = statusOf(error);
  const why =
    status === undefined
      ? error instanceof Error
        ? error.message
        : String(error)
      : `HTTP ${status}`;
  return `DoG could not learn which account its token writes as (GraphQL viewer: ${why}), so it cannot tell its own pull request comment from another's and writes none. The job summary and the report artifact have the result.`;
}
