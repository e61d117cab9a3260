// The answer to a refused `/dog` command: a reply comment saying why. Nothing of the comment
// is echoed except a validated login; `why` is DoG's own sentence (which quotes a goal id only
// after it passed the goal-key check).
import { escapeText } from '../../reporting/github/markdown.js';
import type { ActionJob } from '../services.js';
import { statusOf } from './client.js';

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;

export async function replyRefusal(
  job: ActionJob,
  pullRequest: number,
  login: string,
  why: string,
): Promise<void> {
  const who = LOGIN.test(login) ? `@${login}` : 'This command';
  const body = `${who}: DoG did not carry out this command — ${escapeText(why).slice(0, 2000)}`;
  job.services.log.warning(`DoG refused the command: ${why}`);
  try {
    await job.services.review.createComment(pullRequest, body);
  } catch (error) {
    job.services.log.warning(
      `DoG could not reply on the pull request (HTTP ${statusOf(error) ?? 'no status'}): the token needs pull-requests: write`,
    );
  }
}
