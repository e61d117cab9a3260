// What the plan, verify, aggregate and run steps share: run options from the inputs, the
// engine host, the exchange over this run's artifacts, and people's decisions.
import { join } from 'node:path';
import type { ChainAnchors } from '../core/report/chain.js';
import type { IsolationInfo, RecordOrigin } from '../core/types.js';
import { hostConfigDigest } from '../engine/host/configDigest.js';
import { hostEngineDeps } from '../engine/host/deps.js';
import { effectiveIsolation, runnerKindOf } from '../engine/host/isolation.js';
import type { HostContext } from '../engine/host/context.js';
import type { EngineDeps, RunOptions } from '../engine/ports.js';
import type { ActionsStore } from '../storage/github/actionsStore.js';
import {
  loadDecisions,
  type Decisions,
  type RetryRequest,
} from '../storage/github/decisionPack.js';
import { jobCacheTrust } from './cacheScopes.js';
import { PackDecisionStore } from '../storage/github/decisionStore.js';
import type { HostCache } from '../storage/host/hostCache.js';
import { ActionsExchange } from './exchange/actionsExchange.js';
import { runAttemptOf } from './exchange/artifactNames.js';
import { jobCopilotRuntime } from './copilotRuntime.js';
import { openActionsStore, providerEnv, readsBaseCommit } from './host.js';
import { trustedBaseSha } from './runnerContext.js';
import { prepareHostedSandbox } from './hostedSandbox.js';
import { actionProgress } from './progress.js';
import type { ActionJob } from './services.js';

/** The DoG run id of a workflow run: stable across its jobs, new for each attempt. */
export function runIdOf(job: ActionJob): string {
  return `gh-${job.runner.runId}-${job.runner.runAttempt}`;
}

/**
 * The retry requests this job honours: a request is about the DoG run a person looked at, and
 * the decide run asks GitHub to re-run that very run, so only a later attempt of it verifies
 * the goal again — once, whether or not its records reach a scope later runs trust.
 */
export function retriesForThisRun(job: ActionJob, decisions: Decisions): RetryRequest[] {
  const attempt = Number(job.runner.runAttempt);
  return decisions.retries.filter((request) => {
    const asked = /^gh-(\d+)-(\d+)$/.exec(request.run);
    return asked?.[1] === job.runner.runId && Number(asked[2]) < attempt;
  });
}

export function triggerOf(job: ActionJob): RunOptions['trigger'] {
  const { eventName, sha, ref } = job.runner;
  return {
    event: eventName.slice(0, 64),
    sha: sha.slice(0, 64),
    ...(ref ? { ref: ref.slice(0, 512) } : {}),
  };
}

export function runOptions(job: ActionJob, context: HostContext, runId: string): RunOptions {
  const { config } = context;
  return {
    runId,
    concurrency: config.concurrency,
    fresh: job.inputs.fresh,
    allowPartialRoot: config.allowPartialRoot,
    revalidateThreshold: config.revalidateThreshold,
    timeouts: config.timeouts,
    maxEvidenceBytes: config.limits.maxEvidenceBytes,
    trigger: triggerOf(job),
    signal: job.signal,
    origin: originOf(job),
    anchors: anchorsOf(job, context),
  };
}

/** The workflow run, attempt and job that write this step's records. */
export function originOf(job: ActionJob): RecordOrigin {
  const { owner, repo, runId, runAttempt, job: jobName, eventName, ref, sha } = job.runner;
  const attempt = Number(runAttempt);
  const workflow = job.env.GITHUB_WORKFLOW_REF;
  return {
    kind: 'github',
    repository: `${owner}/${repo}`.slice(0, 256),
    runId: runId.slice(0, 64),
    attempt: Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1,
    job: jobName.slice(0, 256),
    event: eventName.slice(0, 64),
    ...(ref ? { ref: ref.slice(0, 512) } : {}),
    sha: sha.slice(0, 64),
    ...(workflow ? { workflow: workflow.slice(0, 1024) } : {}),
  };
}

/**
 * The commits the root digest binds: the trusted files' (a pull request's or merge group's
 * base when they are read from there, else the checkout's) and GITHUB_SHA's.
 */
function anchorsOf(job: ActionJob, context: HostContext): ChainAnchors {
  const base = readsBaseCommit(job) ? trustedBaseSha(job.runner) : undefined;
  const head = commitOrNull(job.runner.sha);
  return {
    configDigest: hostConfigDigest(context.config),
    trustedCommit: base === undefined ? head : commitOrNull(base),
    headCommit: head,
  };
}

function commitOrNull(sha: string): string | null {
  return /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha) ? sha : null;
}

export type EngineHost = { deps: EngineDeps; store: ActionsStore };

export type EngineHostOptions = {
  /** `false` for a step that verifies nothing (aggregate): it needs no sandbox. */
  verifies?: boolean;
  /** People's decisions the plan selects with (loadRunDecisions). */
  decisions?: Decisions;
};

export async function engineHost(
  job: ActionJob,
  context: HostContext,
  { verifies = true, decisions }: EngineHostOptions = {},
): Promise<EngineHost> {
  const people = decisions ? new PackDecisionStore(decisions) : undefined;
  const { store, root } = await openActionsStore(job, context.companion, people);
  const runner = runnerKindOf(job.env);
  const mode = effectiveIsolation({
    configured: context.config.isolation,
    companion: context.companion,
    runner,
  });
  if (verifies && runner === 'github-hosted' && mode === 'bubblewrap')
    await prepareHostedSandbox({
      env: job.env,
      settings: context.companion.sandbox,
      log: job.services.log,
    });
  if (
    verifies &&
    runner === 'self-hosted' &&
    mode === 'bubblewrap' &&
    context.config.isolation === 'none'
  )
    job.services.log.notice(
      "DoG: isolation: none in the repository configuration does not apply on a self-hosted runner; only the machine's settings (/etc/dog/companion.yaml) can switch the sandbox off",
    );
  const deps = await hostEngineDeps(
    context,
    { store, root },
    actionProgress(job.services.log),
    providerEnv(job),
    {
      runner,
      verifies,
      extraSecrets: [job.inputs.token, job.env.GITHUB_TOKEN],
      ...(verifies ? { copilotRuntime: jobCopilotRuntime(job) } : {}),
    },
  );
  for (const secret of deps.redactor.secrets) job.services.log.mask(secret);
  return { deps: { ...deps, isolation: isolationOf(job, deps.isolation, verifies) }, store };
}

/** Unsandboxed on an Actions runner: say plainly what that means for the job's secrets. */
function isolationOf(job: ActionJob, isolation: IsolationInfo, verifies: boolean): IsolationInfo {
  if (isolation.kind !== 'none' || !verifies || !job.env.GITHUB_ACTIONS) return isolation;
  return { kind: isolation.kind, note: UNSANDBOXED_NOTE };
}

export const UNSANDBOXED_NOTE =
  "isolation: none: verifications ran unsandboxed in the job's process tree, which holds the job's secrets (ACTIONS_RUNTIME_TOKEN, the token input, provider keys)";

/**
 * The exchange over this workflow run's artifacts, for this job's attempt; `closedRun`: the
 * aggregate's, which counts matrix records only from a run of DoG's jobs alone.
 */
export function actionsExchange(
  job: ActionJob,
  host?: HostCache,
  closedRun = false,
): ActionsExchange {
  return new ActionsExchange({
    artifacts: job.services.artifacts,
    runId: job.runner.runId,
    attempt: runAttemptOf(job.runner.runAttempt),
    workDir: join(job.runner.runnerTemp, 'dog', 'exchange'),
    retentionDays: job.inputs.retentionDays,
    host,
    runJobs: closedRun
      ? {
          list: () => job.services.runJobs.list(Number(job.runner.runId)),
          warn: (message) => job.services.log.warning(message),
        }
      : undefined,
  });
}

/**
 * The graph's trusted decisions entries (one listing, one restore when no two decide runs
 * overlapped): approvals and rejections the plan selects
 * with, and retry requests it honours once (docs/review-loop.md).
 */
export function loadRunDecisions(job: ActionJob, graphId: string): Promise<Decisions> {
  return loadDecisions({
    cache: job.services.cache,
    trust: jobCacheTrust(job),
    graphId,
    scratch: join(job.runner.runnerTemp, 'dog', 'decisions'),
    warn: (message) => job.services.log.warning(`DoG: ${message}`),
  });
}
