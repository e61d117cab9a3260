// Who asked DoG what, about which pull request: from an `issue_comment` delivery, or from a
// `workflow_dispatch` (a person in the Actions UI, or the `issue_comment` half handing a
// comment on by its id, whose text and author are then read again from GitHub).
import { readFile } from 'node:fs/promises';
import { UserError } from '../../core/errors.js';
import type { ActionJob } from '../services.js';

export type DecideRequest = {
  pullRequest: number;
  /** The command text, still untrusted: it goes through the strict parser. */
  text: string;
  login: string;
  commentId?: number;
  via: 'issue_comment' | 'workflow_dispatch';
};

/** The request, or a sentence saying why there is none to act on (not a pull request, …). */
export async function readRequest(job: ActionJob): Promise<DecideRequest | string> {
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

async function fromDispatch(job: ActionJob): Promise<DecideRequest | string> {
  const { pullRequest, commentId, decision, goal, reason } = job.inputs.decide;
  if (pullRequest === undefined)
    throw new UserError('input pull-request is required for command decide on workflow_dispatch');
  if (commentId !== undefined) {
    const comment = await job.services.review.getComment(commentId);
    return {
      pullRequest,
      text: comment.body,
      login: comment.login,
      commentId,
      via: 'workflow_dispatch',
    };
  }
  const login = job.env.GITHUB_TRIGGERING_ACTOR || job.env.GITHUB_ACTOR || '';
  const text = ['/dog', decision, goal, reason].filter((part) => part !== '').join(' ');
  return { pullRequest, text, login, via: 'workflow_dispatch' };
}

async function readPayload(job: ActionJob): Promise<unknown> {
  const path = job.env.GITHUB_EVENT_PATH;
  if (!path) return {};
  return JSON.parse(await readFile(path, 'utf8')) as unknown;
}
