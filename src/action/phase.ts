// What the plan, verify, aggregate and run steps share: run options from the inputs, the
// engine host, and the dog-plan artifact.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../core/errors.js';
import type { IsolationInfo, VerificationRecord } from '../core/types.js';
import { hostEngineDeps } from '../engine/host/deps.js';
import { effectiveIsolation, runnerKindOf } from '../engine/host/isolation.js';
import type { HostContext } from '../engine/host/context.js';
import type { EngineDeps, RunOptions } from '../engine/ports.js';
import type { ActionsStore } from '../storage/github/actionsStore.js';
import { onlyFile } from './captureArtifacts.js';
import { jobCopilotRuntime } from './copilotRuntime.js';
import { openActionsStore, providerEnv } from './host.js';
import { prepareHostedSandbox } from './hostedSandbox.js';
import { parsePlanDocument, type PlanDocument } from '../engine/session/planDocument.js';
import { actionProgress } from './progress.js';
import type { ActionJob } from './services.js';

export const PLAN_ARTIFACT = 'dog-plan';
const PLAN_FILE = 'plan.json';

/** The DoG run id of a workflow run: stable across its jobs, new for each attempt. */
export function runIdOf(job: ActionJob): string {
  return `gh-${job.runner.runId}-${job.runner.runAttempt}`;
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
  };
}

export type EngineHost = { deps: EngineDeps; store: ActionsStore };

/** `verifies: false` for a step that verifies nothing (aggregate): it needs no sandbox. */
export async function engineHost(
  job: ActionJob,
  context: HostContext,
  { verifies = true }: { verifies?: boolean } = {},
): Promise<EngineHost> {
  const { store, root } = await openActionsStore(job, context.companion);
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
 * How the verifications of a whole run were isolated, from their records: aggregate verifies
 * nothing itself, and each job's record says where it ran.
 */
export function runIsolation(records: Iterable<VerificationRecord>): IsolationInfo {
  const ran = [...records].filter((record) => record.attempts > 0);
  const unsandboxed = ran.filter((record) => record.isolation !== 'bubblewrap').length;
  if (ran.length === 0) return { kind: 'none', note: 'no verification ran in this run' };
  if (unsandboxed === 0)
    return {
      kind: 'bubblewrap',
      note: 'every verification of this run ran in the bubblewrap sandbox',
    };
  return {
    kind: 'none',
    note: `${unsandboxed} of ${ran.length} verifications: ${UNSANDBOXED_NOTE}`,
  };
}

export async function uploadPlan(job: ActionJob, document: PlanDocument): Promise<void> {
  const dir = join(job.runner.runnerTemp, 'dog', 'plan-out');
  await mkdir(dir, { recursive: true });
  const path = join(dir, PLAN_FILE);
  await writeFile(path, JSON.stringify(document));
  const retention = job.inputs.retentionDays;
  await job.services.artifacts.uploadFiles(
    PLAN_ARTIFACT,
    [path],
    dir,
    retention ? { retentionDays: retention } : {},
  );
}

/** This run's plan; without it, verify and aggregate have nothing to stand on. */
export async function downloadPlan(job: ActionJob): Promise<PlanDocument> {
  const artifact = (await job.services.artifacts.list()).find((a) => a.name === PLAN_ARTIFACT);
  if (!artifact)
    throw new UserError(
      `this run has no ${PLAN_ARTIFACT} artifact: run the plan step (command: plan) in an earlier job of the same workflow run`,
    );
  const dir = join(job.runner.runnerTemp, 'dog', 'plan-in');
  await job.services.artifacts.download(artifact, dir);
  const path = await onlyFile(dir, PLAN_ARTIFACT);
  return parsePlanDocument(await readFile(path, 'utf8'), PLAN_ARTIFACT);
}
