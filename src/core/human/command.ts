// The `/dog` command a reviewer writes in a pull request comment, parsed strictly. The comment
// is untrusted text: what comes out is a command word, a goal key of the schema's safe shape
// (or a retry group) and a bounded reason of plain characters — nothing else of the comment is
// kept, and no part of it is ever run, used as a path or as a cache key.

export type RetryTarget = { goal: string } | { group: 'failed' | 'needs-human' };

export type DogCommand =
  | { kind: 'approve' | 'reject'; goal: string; reason: string }
  | { kind: 'retry'; target: RetryTarget };

export type CommandParse =
  /** The comment is not addressed to DoG (it does not start with `/dog`): no reply. */
  | { kind: 'none' }
  | { kind: 'command'; command: DogCommand }
  /** Addressed to DoG but not a command DoG takes; `why` says what to write instead. */
  | { kind: 'malformed'; why: string };

/** A goal id (`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`), or a composite's assert (`id#assert`). */
export const GOAL_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/;

export const REASON_LIMITS = { minChars: 3, maxChars: 500 };

/** Letters, digits, spaces and a few punctuation marks that no shell or Markdown gives a meaning. */
const REASON_CHARACTERS = /^[\p{L}\p{N} .,:_/+=%-]+$/u;

/** A comment longer than this is not a command (GitHub's own body limit is 65,536). */
const MAX_COMMENT_CHARS = 2000;

export const COMMAND_USAGE = [
  '/dog approve GOAL REASON',
  '/dog reject GOAL REASON',
  '/dog retry GOAL|failed|needs-human',
] as const;

const USAGE_TEXT = `write one of: ${COMMAND_USAGE.map((u) => `\`${u}\``).join(', ')}`;

export function parseCommand(body: string): CommandParse {
  const text = body.replace(/\r\n?/g, '\n').trim();
  if (!/^\/dog(\s|$)/.test(text)) return { kind: 'none' };
  if (text.length > MAX_COMMENT_CHARS)
    return malformed(`the comment is longer than ${MAX_COMMENT_CHARS} characters`);
  if (text.includes('\n'))
    return malformed('a command is one line, alone in its comment; put the reason on that line');
  const [, word = '', goal = '', ...rest] = text.split(/[ \t]+/);
  if (word === '') return malformed(`no command given; ${USAGE_TEXT}`);
  if (word === 'approve' || word === 'reject') return decision(word, goal, rest.join(' '));
  if (word === 'retry') return retry(goal, rest);
  return malformed(`unknown command "${shown(word)}"; ${USAGE_TEXT}`);
}

function decision(kind: 'approve' | 'reject', goal: string, reason: string): CommandParse {
  if (goal === '') return malformed(`no goal given; write \`/dog ${kind} GOAL REASON\``);
  const goalProblem = goalKeyProblem(goal);
  if (goalProblem) return malformed(goalProblem);
  const reasonProblem = reasonProblemOf(reason);
  if (reasonProblem) return malformed(reasonProblem);
  return { kind: 'command', command: { kind, goal, reason } };
}

function retry(target: string, rest: readonly string[]): CommandParse {
  if (target === '')
    return malformed(
      'no goal given; write `/dog retry GOAL`, `/dog retry failed` or `/dog retry needs-human`',
    );
  if (rest.length > 0)
    return malformed('`/dog retry` takes one goal (or `failed` or `needs-human`) and no reason');
  if (target === 'failed' || target === 'needs-human')
    return { kind: 'command', command: { kind: 'retry', target: { group: target } } };
  const goalProblem = goalKeyProblem(target);
  if (goalProblem) return malformed(goalProblem);
  return { kind: 'command', command: { kind: 'retry', target: { goal: target } } };
}

/** Why `goal` is not a goal key, or undefined when it is one. */
export function goalKeyProblem(goal: string): string | undefined {
  if (GOAL_KEY.test(goal)) return undefined;
  return `"${shown(goal)}" is not a goal id (letters, digits, . _ - and at most 128 characters, optionally followed by #assert)`;
}

/** Why `reason` is not a reason DoG records, or undefined when it is one. */
export function reasonProblemOf(reason: string): string | undefined {
  const chars = Array.from(reason).length;
  if (chars === 0) return 'a decision needs a reason after the goal id';
  if (chars < REASON_LIMITS.minChars)
    return `the reason is too short: at least ${REASON_LIMITS.minChars} characters`;
  if (chars > REASON_LIMITS.maxChars)
    return `the reason is too long: at most ${REASON_LIMITS.maxChars} characters, got ${chars}`;
  if (!REASON_CHARACTERS.test(reason))
    return 'the reason may use letters, digits, spaces and . , : _ / + = % - only (no quotes, $, `, ;, |, &, <, >, brackets or backslashes)';
  return undefined;
}

function malformed(why: string): CommandParse {
  return { kind: 'malformed', why };
}

/** A fragment of untrusted text for a reply: bounded, and of safe characters only. */
function shown(text: string): string {
  const safe = Array.from(text)
    .slice(0, 40)
    .map((c) => (/^[\p{L}\p{N}._-]$/u.test(c) ? c : '?'))
    .join('');
  return Array.from(text).length > 40 ? `${safe}…` : safe;
}
