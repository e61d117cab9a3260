// The Action's entry: parse the inputs, wire the real GitHub services, run one command,
// and map the outcome to the step's status — user mistakes as an error annotation with
// what to change, internal faults with their stack for a bug report.
import { getOctokit } from '@actions/github';
import {
  ExitCode,
  formatProblem,
  InternalError,
  UserError,
  type ExitCodeValue,
} from '../core/errors.js';
import { CREDENTIAL_VARIABLES } from '../engine/host/secrets.js';
import { ToolkitArtifacts, ToolkitCache } from '../storage/github/toolkit.js';
import { ArtifactsWithUploaders } from './artifactUploaders.js';
import { octokitCacheListing } from './cacheListing.js';
import { octokitRunJobs } from './runJobs.js';
import { octokitReview } from './comment/octokitReview.js';
import { commandAggregate } from './commands/aggregate.js';
import { commandCapture } from './commands/capture.js';
import { commandDecide } from './commands/decide.js';
import { commandPlan } from './commands/plan.js';
import { commandRun } from './commands/run.js';
import { commandVerify } from './commands/verify.js';
import { parseInputs, type ActionInputs } from './inputs.js';
import { MaskedLog } from './maskedLog.js';
import { readRunnerContext, type RunnerContext } from './runnerContext.js';
import type { ActionJob, ActionLog, ActionServices } from './services.js';

const COMMANDS = {
  run: commandRun,
  plan: commandPlan,
  verify: commandVerify,
  aggregate: commandAggregate,
  capture: commandCapture,
  decide: commandDecide,
} as const;

export async function runAction(
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<ExitCodeValue> {
  // Provider keys join once the configuration is read (engineHost).
  const log = new MaskedLog(CREDENTIAL_VARIABLES.map((name) => env[name]));
  try {
    const inputs = parseInputs(env);
    log.mask(inputs.token);
    const runner = await readRunnerContext(env);
    const job: ActionJob = {
      inputs,
      runner,
      env,
      services: toolkitServices(inputs, runner, log, env),
      signal,
    };
    const code = await COMMANDS[inputs.command](job);
    if (code !== ExitCode.success)
      log.setFailed(
        job.failure ?? `DoG ${inputs.command}: the root did not settle success (exit ${code})`,
      );
    return code;
  } catch (error) {
    return reportError(error, log);
  }
}

function toolkitServices(
  inputs: ActionInputs,
  runner: RunnerContext,
  log: ActionLog,
  env: NodeJS.ProcessEnv,
): ActionServices {
  const octokit = getOctokit(inputs.token || 'no-token', { baseUrl: runner.apiUrl });
  return {
    artifacts: new ArtifactsWithUploaders(
      new ToolkitArtifacts({ token: inputs.token, owner: runner.owner, repo: runner.repo }),
      env,
      (message) => log.warning(message),
    ),
    cache: new ToolkitCache(env),
    cacheListing: octokitCacheListing(octokit, { owner: runner.owner, repo: runner.repo }),
    runJobs: octokitRunJobs(octokit, { owner: runner.owner, repo: runner.repo }),
    contents: { getContent: (params) => octokit.rest.repos.getContent(params) },
    git: octokit.rest.git,
    checks: {
      create: (params) =>
        octokit.rest.checks.create(params as Parameters<typeof octokit.rest.checks.create>[0]),
      update: (params) =>
        octokit.rest.checks.update(params as Parameters<typeof octokit.rest.checks.update>[0]),
    },
    review: octokitReview(octokit, { owner: runner.owner, repo: runner.repo }),
    log,
  };
}

function reportError(error: unknown, log: MaskedLog): ExitCodeValue {
  if (error instanceof UserError) {
    const problems = error.problems.map((p) => `\n  ${formatProblem(p)}`).join('');
    log.setFailed(`DoG: ${error.message}${problems}`);
    return error.exitCode;
  }
  const fault =
    error instanceof InternalError ? error : new InternalError(String(error), { cause: error });
  log.setFailed(
    `DoG internal error: ${fault.message}. This is a bug in DoG, not in your graph; please report it with this log.`,
  );
  if (error instanceof Error && error.stack) log.info(error.stack);
  return fault.exitCode;
}
