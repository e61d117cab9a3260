// The command-line shapes of a person's part: `dog decide approve|reject GOAL --reason TEXT`
// and `dog run --retry GOAL|failed|needs-human`. Only the shape is checked here; the goal is
// checked against the run's report (decide) or the graph (retry) by the command.
import { UserError } from '../core/errors.js';
import { RETRY_FAILED, RETRY_NEEDS_HUMAN } from '../core/human/retry.js';
import { quoteInput } from './quoteInput.js';

export type DecideArgs = {
  decision: 'approve' | 'reject';
  goal: string;
  reason: string;
  /** As given; the command defaults it to the operating system's user name. */
  by?: string;
};

const GOAL_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/;
const DECIDE_USAGE = 'dog decide approve|reject GOAL --reason TEXT [--by NAME] [--run RUN]';

type DecideValues = {
  json?: boolean;
  run?: string;
  reason?: string;
  by?: string;
  workspace?: string;
  store?: string;
  config?: string;
};

type DecideCliArgs = {
  command: 'decide';
  fresh: false;
  json: boolean;
  run?: string;
  workspace?: string;
  store?: string;
  config?: string;
  decide: DecideArgs;
};

export function decideArgs(
  decision: string | undefined,
  extra: readonly string[],
  values: DecideValues & Record<string, unknown>,
): DecideCliArgs {
  if (decision !== 'approve' && decision !== 'reject')
    throw new UserError(
      `dog decide: expected approve or reject${decision === undefined ? '' : `, got ${quoteInput(decision)}`}; usage: ${DECIDE_USAGE}`,
    );
  const [goal, ...more] = extra;
  if (goal === undefined)
    throw new UserError(`dog decide ${decision}: name the goal; usage: ${DECIDE_USAGE}`);
  if (more.length > 0)
    throw new UserError(
      `dog decide: unexpected argument ${quoteInput(more[0] ?? '')}; put the reason in --reason "..."`,
    );
  checkGoalKey(goal, 'dog decide');
  if (values.reason === undefined)
    throw new UserError(
      `dog decide ${decision}: a decision needs --reason TEXT (why, in one line)`,
    );
  return {
    command: 'decide',
    fresh: false,
    json: values.json ?? false,
    ...(values.run === undefined ? {} : { run: values.run }),
    ...(values.workspace === undefined ? {} : { workspace: values.workspace }),
    ...(values.store === undefined ? {} : { store: values.store }),
    ...(values.config === undefined ? {} : { config: values.config }),
    decide: {
      decision,
      goal,
      reason: values.reason,
      ...(values.by === undefined ? {} : { by: values.by }),
    },
  };
}

/** `--retry a,b --retry failed` → ['a', 'b', 'failed']; each a goal key or a group. */
export function parseRetry(values: readonly string[], fresh: boolean | undefined): string[] {
  if (fresh) throw new UserError('give --fresh (verify everything) or --retry, not both');
  const requests = values.flatMap((value) => value.split(',')).map((part) => part.trim());
  for (const request of requests) {
    if (request === RETRY_FAILED || request === RETRY_NEEDS_HUMAN) continue;
    if (request === '') throw new UserError('--retry: an empty goal in the list; use GOAL[,GOAL…]');
    checkGoalKey(request, '--retry');
  }
  return [...new Set(requests)];
}

function checkGoalKey(goal: string, where: string): void {
  if (!GOAL_KEY.test(goal))
    throw new UserError(
      `${where}: ${quoteInput(goal)} is not a goal id (letters, digits, . _ - up to 128, optionally #assert)`,
    );
}
