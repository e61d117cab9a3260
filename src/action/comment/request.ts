// Who asked DoG what, about which pull request: from an `issue_comment` delivery, or from a
// `workflow_dispatch` (a person in the Actions UI, or the `issue_comment` half handing a
// comment on by its id, whose text and author are then read again from GitHub).
import { readFile } from 'node:fs/promises';
import { UserError } from '../../core/errors.js';
import type { ActionJob } from '../services.js';
import { statusOf, type CommentInfo } from './client.js';

export type DecideRequest = {
  pullRequest: number;
  /** The command text, still untrusted: it goes through the strict parser. */
  text: string;
  login: string;
  commentId?: number;
  /** The head commit the issue_comment half checked the command against, when handed on. */
  checkedHead?: string;
  via: 'issue_comment' | 'workflow_dispatch';
};

/** A command DoG will not carry out; the author is told why in a reply. */
export type RefusedRequest = { refused: string; pullRequest: number; login: string };

/**
 * The request, a refusal to answer, or a sentence saying why there is nothing to act on
 * (not a pull request, …).
 */
export async function readRequest(
  job: ActionJob,
): Promise<DecideRequest | RefusedRequest | string> {
  const { eventName } = job.runner;
  if (eventName === 'issue_comment') return fromComment(job);
  if (eventName === 'workflow_dispatch') return fromDispatch(job);
  throw new UserError(
    `command decide runs on issue_comment or workflow_dispatch, not ${eventName}: see examples/workflows/dog-decide.yml`,
  );
}

async function fromComment(job: ActionJob): Promise<DecideRequest | string> {
  const payload = (await readPayload(job)) as {
    action?: unknown;
    issue?: { number?: unknown; pull_request?: unknown };
    comment?: { id?: unknown; body?: unknown; user?: { login?: unknown } };
  };
  if (payload.action !== 'created') return 'the comment was not just created';
  const number = payload.issue?.number;
  if (typeof number !== 'number' || !payload.issue?.pull_request)
    return 'the comment is not on a pull request';
  const { id, body, user } = payload.comment ?? {};
  if (typeof id !== 'number' || typeof body !== 'string' || typeof user?.login !== 'string')
    throw new UserError(
      'the issue_comment payload lacks comment.id, comment.body or comment.user.login',
    );
  return {
    pullRequest: number,
    text: body,
    login: user.login,
    commentId: id,
    via: 'issue_comment',
  };
}

async function fromDispatch(job: ActionJob): Promise<DecideRequest | RefusedRequest> {
  const { pullRequest, commentId, decision, goal, reason } = job.inputs.decide;
  if (pullRequest === undefined)
    throw new UserError('input pull-request is required for command decide on workflow_dispatch');
  if (commentId !== undefined) return fromHandedOn(job, pullRequest, commentId);
  const login = job.env.GITHUB_TRIGGERING_ACTOR || job.env.GITHUB_ACTOR || '';
  const text = ['/dog', decision, goal, reason].filter((part) => part !== '').join(' ');
  return { pullRequest, text, login, via: 'workflow_dispatch' };
}

/** A comment handed on by its id: read again, and only as it was when it was posted. */
async function fromHandedOn(
  job: ActionJob,
  pullRequest: number,
  commentId: number,
): Promise<DecideRequest | RefusedRequest> {
  const login = job.env.GITHUB_TRIGGERING_ACTOR || job.env.GITHUB_ACTOR || '';
  let comment: CommentInfo;
  try {
    comment = await job.services.review.getComment(commentId);
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
    return {
      pullRequest,
      login,
      refused: `comment ${commentId} was deleted before its command was recorded; post the command again`,
    };
  }
  const problem = handedOnProblem(comment, pullRequest);
  if (problem !== undefined)
    return { pullRequest, login: comment.login || login, refused: problem };
  const checkedHead = job.inputs.headSha;
  return {
    pullRequest,
    text: comment.body,
    login: comment.login,
    commentId,
    ...(checkedHead === undefined ? {} : { checkedHead }),
    via: 'workflow_dispatch',
  };
}

function handedOnProblem(comment: CommentInfo, pullRequest: number): string | undefined {
  if (comment.issue !== pullRequest)
    return `comment ${comment.id} belongs to ${comment.issue === undefined ? 'no pull request GitHub names' : `#${comment.issue}`}, not to pull request #${pullRequest}`;
  // Only the text GitHub delivered to the issue_comment half was checked there.
  if (comment.updatedAt !== undefined && comment.updatedAt !== comment.createdAt)
    return `comment ${comment.id} was edited after it was posted, so its command is not the one that was checked; post the command again as a new comment`;
  return undefined;
}

async function readPayload(job: ActionJob): Promise<unknown> {
  const path = job.env.GITHUB_EVENT_PATH;
  if (!path) return {};
  return JSON.parse(await readFile(path, 'utf8')) as unknown;
}
