// Typed errors: user mistakes carry an exit code and an actionable message; anything else
// reaching the top-level catch is an internal fault.
import { echo, echoPointer, MAX_MESSAGE_CHARS, MAX_SUBJECT_CHARS } from './echo.js';

export const ExitCode = {
  success: 0,
  failure: 1,
  invalid: 2,
  needsPerson: 3,
  internal: 70,
  cancelled: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** One located problem: which node or edge, where in the document, and what to do. */
export type Problem = {
  /** JSON pointer into the offending document ('' for the whole document). */
  pointer: string;
  /** Node id or edge description, when the problem belongs to one. */
  subject?: string;
  message: string;
  /** Where in the source text, 1-based, when known. */
  line?: number;
  column?: number;
};

/** A mistake in what the user gave us (graph, config, flags, files). Exit code 2. */
export class UserError extends Error {
  readonly exitCode: ExitCodeValue = ExitCode.invalid;
  constructor(
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(echo(message, MAX_MESSAGE_CHARS));
    this.name = 'UserError';
  }
}

/** A document (graph, config, record) could not be read; lists every problem found. */
export class DocumentError extends UserError {
  constructor(
    readonly source: string,
    problems: readonly Problem[],
    headline = `${problems.length} problem${problems.length === 1 ? '' : 's'}`,
  ) {
    super(`${source}: ${headline}`, problems.map(boundProblem));
    this.name = 'DocumentError';
  }
}

/** The graph failed parsing, schema or compiler checks. */
export class GraphError extends DocumentError {
  constructor(source: string, problems: readonly Problem[]) {
    super(source, problems);
    this.name = 'GraphError';
  }
}

/** No graph file was given and none of the default paths exists. */
export class MissingGraphError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'MissingGraphError';
  }
}

/** Host configuration is invalid. */
export class ConfigError extends DocumentError {
  constructor(source: string, problems: readonly Problem[]) {
    super(source, problems, 'invalid host configuration');
    this.name = 'ConfigError';
  }
}

/** The store is unusable (locked, corrupted beyond recovery, wrong layout version). */
export class StoreError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

/** Something the code did not expect: a bug, not a user mistake. */
export class InternalError extends Error {
  readonly exitCode: ExitCodeValue = ExitCode.internal;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InternalError';
  }
}

/** A problem whose pointer, subject and message are bounded, whoever wrote it. */
export function boundProblem(problem: Problem): Problem {
  return {
    pointer: echoPointer(problem.pointer),
    ...(problem.subject === undefined ? {} : { subject: echo(problem.subject, MAX_SUBJECT_CHARS) }),
    message: echo(problem.message, MAX_MESSAGE_CHARS),
    ...(problem.line === undefined ? {} : { line: problem.line, column: problem.column ?? 1 }),
  };
}

export function formatProblem(problem: Problem): string {
  const where = problem.pointer === '' ? '/' : problem.pointer;
  const subject = problem.subject ? ` (${problem.subject})` : '';
  // A syntax error (pointer '') says where it is in its message; a pointer does not.
  const located = problem.line !== undefined && problem.pointer !== '';
  const at = located ? `line ${problem.line}, column ${problem.column ?? 1}: ` : '';
  return `${at}${where}${subject}: ${problem.message}`;
}
