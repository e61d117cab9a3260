// The Action's entry: parse the inputs, wire the real GitHub services, run one command,
// and map the outcome to the step's status — user mistakes as an error annotation with
// what to change, internal faults with their stack for a bug report.
import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import {
  ExitCode,
  formatProblem,
  InternalError,
  UserError,
  type ExitCodeValue,
} from '../core/errors.js';
import { ToolkitArtifacts, ToolkitCache } from '../storage/github/toolkit.js';
import { commandAggregate } from './commands/aggregate.js';
import { commandCapture } from './commands/capture.js';
import { commandPlan } from './commands/plan.js';
import { commandRun } from './commands/run.js';
import { commandVerify } from './commands/verify.js';
import { parseInputs, type ActionInputs } from './inputs.js';
import { readRunnerContext, type RunnerContext } from './runnerContext.js';
import type { ActionJob, ActionLog, ActionServices } from './services.js';

const COMMANDS = {
  run: commandRun,
  plan: commandPlan,
  verify: commandVerify,
  aggregate: commandAggregate,
  capture: commandCapture,
} as const;

export async function runAction(
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<ExitCodeValue> {
  const log = coreLog();
  try {
    const inputs = parseInputs(env);
    if (inputs.token) core.setSecret(inputs.token);
    const runner = await readRunnerContext(env);
    const job: ActionJob = {
      inputs,
      runner,
      env,
      services: toolkitServices(inputs, runner, log),
      signal,
    };
    const code = await COMMANDS[inputs.command](job);
    if (code !== ExitCode.success)
      core.setFailed(`DoG ${inputs.command}: the root did not settle success (exit ${code})`);
    return code;
  } catch (error) {
    return reportError(error);
  }
}

function toolkitServices(
  inputs: ActionInputs,
  runner: RunnerContext,
  log: ActionLog,
): ActionServices {
  const octokit = getOctokit(inputs.token || 'no-token', { baseUrl: runner.apiUrl });
  return {
    artifacts: new ToolkitArtifacts({
      token: inputs.token,
      owner: runner.owner,
      repo: runner.repo,
    }),
    cache: new ToolkitCache(),
    contents: { getContent: (params) => octokit.rest.repos.getContent(params) },
    checks: {
      create: (params) =>
        octokit.rest.checks.create(params as Parameters<typeof octokit.rest.checks.create>[0]),
      update: (params) =>
        octokit.rest.checks.update(params as Parameters<typeof octokit.rest.checks.update>[0]),
    },
    log,
  };
}

function coreLog(): ActionLog {
  return {
    info: (message) => core.info(message),
    warning: (message, file) => core.warning(message, file ? { file } : {}),
    notice: (message, file) => core.notice(message, file ? { file } : {}),
    setOutput: (name, value) => core.setOutput(name, value),
    appendSummary: async (markdown) => {
      await core.summary.addRaw(markdown).write();
    },
  };
}

function reportError(error: unknown): ExitCodeValue {
  if (error instanceof UserError) {
    const problems = error.problems.map((p) => `\n  ${formatProblem(p)}`).join('');
    core.setFailed(`DoG: ${error.message}${problems}`);
    return error.exitCode;
  }
  const fault =
    error instanceof InternalError ? error : new InternalError(String(error), { cause: error });
  core.setFailed(
    `DoG internal error: ${fault.message}. This is a bug in DoG, not in your graph; please report it with this log.`,
  );
  if (error instanceof Error && error.stack) core.info(error.stack);
  return fault.exitCode;
}
