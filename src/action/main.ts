// The Action's engine half (index.ts checked the inputs): wire the real GitHub services, run
// one command, and map the outcome to the step's status — user mistakes as an error annotation with
// what to change, internal faults with their stack for a bug report.
import { getOctokit } from '@actions/github';
import { ExitCode, InternalError, UserError, type ExitCodeValue } from '../core/errors.js';
import { CREDENTIAL_VARIABLES } from '../engine/host/secrets.js';
import { ToolkitArtifacts, ToolkitCache } from '../storage/github/toolkit.js';
import { ArtifactsWithUploaders } from './artifactUploaders.js';
import { octokitCacheListing } from './cacheListing.js';
import { octokitRunJobs } from './runJobs.js';
import { octokitReview } from './comment/octokitReview.js';
import { octokitCodeScanning } from './codeScanning.js';
import type { ActionInputs } from './inputs.js';
import { MaskedLog } from './maskedLog.js';
import type { RunnerContext } from './runnerContext.js';
import type { ActionJob, ActionLog, ActionServices } from './services.js';
import { userErrorMessage, type Started, type StartFault } from './start.js';

type Command = (job: ActionJob) => Promise<ExitCodeValue>;

// Each command is its own chunk of the bundle: a step loads only the one it runs.
const COMMANDS: Record<ActionInputs['command'], () => Promise<Command>> = {
  run: async () => (await import('./commands/run.js')).commandRun,
  plan: async () => (await import('./commands/plan.js')).commandPlan,
  verify: async () => (await import('./commands/verify.js')).commandVerify,
  aggregate: async () => (await import('./commands/aggregate.js')).commandAggregate,
  capture: async () => (await import('./commands/capture.js')).commandCapture,
  decide: async () => (await import('./commands/decide.js')).commandDecide,
};

export async function runAction(
  started: Started | StartFault,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<ExitCodeValue> {
  // Provider keys join once the configuration is read (engineHost).
  const log = new MaskedLog(CREDENTIAL_VARIABLES.map((name) => env[name]));
  if ('fault' in started) return reportError(started.fault, log);
  const { inputs, runner } = started;
  try {
    log.mask(inputs.token);
    const job: ActionJob = {
      inputs,
      runner,
      env,
      services: toolkitServices(inputs, runner, log, env),
      signal,
    };
    const command = await COMMANDS[inputs.command]();
    const code = await command(job);
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
    codeScanning: octokitCodeScanning(octokit, { owner: runner.owner, repo: runner.repo }),
    review: octokitReview(octokit, { owner: runner.owner, repo: runner.repo }),
    log,
  };
}

function reportError(error: unknown, log: MaskedLog): ExitCodeValue {
  if (error instanceof UserError) {
    log.setFailed(userErrorMessage(error));
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
