// How a failed command tells the person and the script: a line and its problems on stderr,
// and with --json one error document (schemas/cli-error.schema.json) as all of stdout.
import {
  ConfigError,
  DocumentError,
  ExitCode,
  GraphError,
  InternalError,
  MissingGraphError,
  StoreError,
  UserError,
  formatProblem,
  type ExitCodeValue,
  type Problem,
} from '../core/errors.js';
import type { Io } from './io.js';
import { locatedProblems } from './sourceLocation.js';

export type ErrorKind =
  | 'usage'
  | 'missing_graph'
  | 'invalid_graph'
  | 'invalid_config'
  | 'invalid_store'
  | 'invalid_input'
  | 'internal';

export type DocumentProblem = Problem & { file?: string };

/** What went wrong, in the terms of schemas/cli-error.schema.json. */
export type Failure = {
  kind: ErrorKind;
  exitCode: ExitCodeValue;
  message: string;
  file?: string;
  problems: DocumentProblem[];
};

export type ErrorDocument = {
  ok: false;
  exitCode: ExitCodeValue;
  error: Omit<Failure, 'exitCode'>;
};

/** `usage` for an error of the command line itself, `command` for one of running it. */
export type FailurePhase = 'usage' | 'command';

/** The failure an error stands for; a document error's problems carry their file and line. */
export async function describeFailure(error: unknown, phase: FailurePhase): Promise<Failure> {
  if (!(error instanceof UserError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'internal', exitCode: ExitCode.internal, message, problems: [] };
  }
  const base = {
    kind: userErrorKind(error, phase),
    exitCode: error.exitCode,
    message: error.message,
  };
  if (!(error instanceof DocumentError)) return { ...base, problems: [...error.problems] };
  const problems = (await locatedProblems(error)).map((problem) => ({
    ...problem,
    file: error.source,
  }));
  return { ...base, file: error.source, problems };
}

function userErrorKind(error: UserError, phase: FailurePhase): ErrorKind {
  if (phase === 'usage') return 'usage';
  if (error instanceof MissingGraphError) return 'missing_graph';
  if (error instanceof GraphError) return 'invalid_graph';
  if (error instanceof ConfigError) return 'invalid_config';
  if (error instanceof StoreError) return 'invalid_store';
  return 'invalid_input';
}

export function errorDocument(failure: Failure): ErrorDocument {
  const { exitCode, ...error } = failure;
  return { ok: false, exitCode, error };
}

/** An Io whose stdout remembers being written to: a failure never adds a second document. */
export function watchStdout(io: Io): { io: Io; wroteStdout: () => boolean } {
  let wrote = false;
  const stdout = {
    ...io.stdout,
    write: (text: string) => {
      wrote ||= text.length > 0;
      io.stdout.write(text);
    },
  };
  return { io: { ...io, stdout }, wroteStdout: () => wrote };
}

/** Reports a command's failure on stderr, and as a JSON document on stdout when asked. */
export async function reportFailure(
  error: unknown,
  io: Io,
  options: { json: boolean; phase: FailurePhase; wroteStdout: boolean },
): Promise<ExitCodeValue> {
  const failure = await describeFailure(error, options.phase);
  if (failure.kind === 'internal') reportFault(error, io);
  else {
    io.stderr.write(`dog: ${failure.message}\n`);
    for (const problem of failure.problems) io.stderr.write(`  ${formatProblem(problem)}\n`);
  }
  if (options.json && !options.wroteStdout)
    io.stdout.write(`${JSON.stringify(errorDocument(failure), null, 2)}\n`);
  return failure.exitCode;
}

function reportFault(error: unknown, io: Io): void {
  const fault =
    error instanceof InternalError ? error : new InternalError(String(error), { cause: error });
  io.stderr.write(`dog: internal error: ${fault.message}\n`);
  if (error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  io.stderr.write(
    'This is a bug in dog, not in your graph; please report it with the lines above.\n',
  );
}

/** Whether the command line asks for JSON output (before any `--` that ends the options). */
export function asksForJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}
