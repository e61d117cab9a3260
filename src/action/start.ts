// The first thing the Action does, before the engine is loaded: read the inputs and the
// runner's environment. A mistake there (a missing input, a value out of range, not running
// on a runner) fails the step at once — with the same error annotation and exit code the full
// Action would give, credentials masked and redacted — without compiling the engine's
// megabytes first. Only this module and what it imports are in the entry's first chunk.
import { formatProblem, UserError, type ExitCodeValue } from '../core/errors.js';
import { secretRedactor } from '../core/redact.js';
import { CREDENTIAL_VARIABLES } from '../engine/host/secrets.js';
import { parseInputs, type ActionInputs } from './inputs.js';
import { readRunnerContext, type RunnerContext } from './runnerContext.js';

export type Started = { inputs: ActionInputs; runner: RunnerContext };
/** Something other than a user mistake went wrong: the engine half reports it as a fault. */
export type StartFault = { fault: unknown };

/** The step's inputs and runner context, or the exit code of a step that failed on them. */
export async function startAction(
  env: NodeJS.ProcessEnv,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<Started | StartFault | ExitCodeValue> {
  try {
    const inputs = parseInputs(env);
    return { inputs, runner: await readRunnerContext(env) };
  } catch (error) {
    if (!(error instanceof UserError)) return { fault: error };
    failStep(env, userErrorMessage(error), write);
    return error.exitCode;
  }
}

/** How the step reports a user mistake: what is wrong, then each located problem. */
export function userErrorMessage(error: UserError): string {
  const problems = error.problems.map((p) => `\n  ${formatProblem(p)}`).join('');
  return `DoG: ${error.message}${problems}`;
}

/** What @actions/core's setSecret and setFailed write, without loading the toolkit. */
function failStep(env: NodeJS.ProcessEnv, message: string, write: (text: string) => void): void {
  const secrets = [...CREDENTIAL_VARIABLES.map((name) => env[name]), env.INPUT_TOKEN].filter(
    (value): value is string => value !== undefined && value !== '',
  );
  for (const secret of new Set(secrets)) write(`::add-mask::${commandData(secret)}\n`);
  write(`::error::${commandData(secretRedactor(secrets).text(message))}\n`);
}

/** A workflow command's data, escaped as the runner reads it back. */
function commandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
