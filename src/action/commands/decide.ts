// `decide`: a reviewer's `/dog approve|reject|retry` on a pull request (DESIGN §1, §3). Only a
// writer's command, only on a pull request, only about a goal that the newest DoG report for
// the head commit shows in a state the command applies to; the decision binds to that
// report's digests. A job whose cache is read-only (issue_comment runs in the default branch's
// scope) hands the checked command on to a workflow_dispatch run of its own workflow, which
// checks it again and writes the decision. Every refusal is answered with a reply.
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import { parseCommand, type DogCommand } from '../../core/human/command.js';
import { decisionRecord } from '../../core/human/decision.js';
import { resettle } from '../../core/human/resettle.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { RunReport } from '../../core/report/model.js';
import { buildCheckRunOutput, checkRunConclusion } from '../../reporting/github/checkRun.js';
import { renderJobSummary } from '../../reporting/github/summary.js';
import {
  loadDecisions,
  saveDecisions,
  type Decisions,
  type RetryRequest,
} from '../../storage/github/decisionPack.js';
import { postCheckRun } from '../checkRunPost.js';
import { latestReport, type FoundReport } from '../comment/latestReport.js';
import { publishComment } from '../comment/reportComment.js';
import { replyRefusal } from '../comment/reply.js';
import { readRequest, type DecideRequest } from '../comment/request.js';
import { prepareHost, readTrusted, trustedTree } from '../host.js';
import { runIdOf } from '../phase.js';
import { jobCacheTrust } from '../cacheScopes.js';
import type { ActionJob } from '../services.js';
import { join } from 'node:path';

const DECIDERS = new Set(['admin', 'maintain', 'write']);

export async function commandDecide(job: ActionJob): Promise<ExitCodeValue> {
  const { log } = job.services;
  const request = await readRequest(job);
  if (typeof request === 'string') {
    log.info(`DoG: nothing to decide: ${request}`);
    return ExitCode.success;
  }
  const parsed = parseCommand(request.text);
  if (parsed.kind === 'none') {
    log.info('DoG: the comment is not a /dog command');
    return ExitCode.success;
  }
  const refuse = async (why: string): Promise<ExitCodeValue> => {
    await replyRefusal(job, request.pullRequest, request.login, why);
    return ExitCode.success;
  };
  if (parsed.kind === 'malformed') return refuse(`malformed command: ${parsed.why}`);
  const role = await job.services.review.permissionOf(request.login);
  if (!DECIDERS.has(role))
    return refuse(
      `no permission: deciding needs write, maintain or admin access to the repository, and this account has ${role}`,
    );
  const { headSha } = await job.services.review.pullRequest(request.pullRequest);
  const found = await latestReport(job, headSha);
  if (!found)
    return refuse(
      `no DoG report for the pull request's head commit ${headSha.slice(0, 12)}; wait for its DoG run to finish`,
    );
  const { context, graph } = await prepareHost(job, await readTrusted(job, trustedTree(job)));
  if (graph.digest !== found.report.graph.digest)
    return refuse(
      'the graph on the default branch changed since that run; push again (or re-run its DoG workflow) and decide on the new report',
    );
  const place = {
    cache: job.services.cache,
    trust: jobCacheTrust(job),
    graphId: graph.id,
    scratch: join(job.runner.runnerTemp, 'dog', 'decisions'),
    warn: (message: string) => log.warning(message),
  };
  const earlier = await loadDecisions(place);
  const report = resettleWith(found.report, graph, earlier, job, context.config.allowPartialRoot);
  // A retry names the run a person looked at (the one GitHub re-runs), not this decide run.
  const change = changeOf(parsed.command, report, request, found.report.runId);
  if (typeof change === 'string') return refuse(change);
  if (!job.services.cache.writeAccess.writable) return handOn(job, request);
  const saved = await saveDecisions(
    place,
    { run: job.runner.runId, attempt: job.runner.runAttempt, now: new Date() },
    earlier,
    change,
  );
  if (saved.result.outcome === 'refused')
    throw new UserError(
      `the decision could not be saved to the Actions cache (${saved.key}): ${saved.result.reason}`,
    );
  log.info(`DoG: decision saved as ${saved.key}`);
  if (parsed.command.kind === 'retry') return requestRerun(job, found);
  const decided = resettleWith(
    found.report,
    graph,
    mergedWith(earlier, change),
    job,
    context.config.allowPartialRoot,
  );
  // The check run belongs to the pull request's head, not to this run's default-branch commit.
  const onHead = { ...job, inputs: { ...job.inputs, headSha } };
  return publishDecision(onHead, decided, graph, found, request.pullRequest);
}

function resettleWith(
  report: RunReport,
  graph: CompiledGraph,
  decisions: Decisions,
  job: ActionJob,
  allowPartialRoot: boolean,
): RunReport {
  return resettle({
    report,
    graph,
    decisions: decisions.decisions,
    runId: runIdOf(job),
    finishedAt: new Date().toISOString(),
    allowPartialRoot,
  });
}

function mergedWith(earlier: Decisions, change: Partial<Decisions>): Decisions {
  return {
    decisions: [...(change.decisions ?? []), ...earlier.decisions],
    retries: [...(change.retries ?? []), ...earlier.retries],
  };
}

/** The decision or retry requests the command makes, or why it cannot be carried out. */
function changeOf(
  command: DogCommand,
  report: RunReport,
  request: DecideRequest,
  lookedAt: string,
): Partial<Decisions> | string {
  const at = new Date().toISOString();
  if (command.kind !== 'retry') {
    try {
      const record = decisionRecord({
        report,
        key: command.goal,
        decision: command.kind,
        login: request.login,
        reason: command.reason,
        at,
      });
      return { decisions: [record] };
    } catch (error) {
      if (error instanceof UserError) return error.message;
      throw error;
    }
  }
  const retries = retryTargets(command.target, report).map((key): RetryRequest | undefined => {
    const node = key.endsWith('#assert')
      ? report.nodes[key.slice(0, -7)]?.assert
      : report.nodes[key];
    if (!node?.captureDigest) return undefined;
    return {
      key,
      captureDigest: node.captureDigest,
      ...(node.gmDigest ? { gmDigest: node.gmDigest } : {}),
      requestedBy: request.login,
      at,
      run: lookedAt,
    };
  });
  const bound = retries.filter((r): r is RetryRequest => r !== undefined);
  if (bound.length === 0)
    return 'unknown goal or nothing to retry: name a goal of the report that was verified (or use failed / needs-human)';
  return { retries: bound };
}

function retryTargets(
  target: Extract<DogCommand, { kind: 'retry' }>['target'],
  report: RunReport,
): string[] {
  const keys: string[] = [];
  for (const [id, node] of Object.entries(report.nodes)) {
    if (node.kind === 'leaf') keys.push(id);
    if (node.assert) keys.push(`${id}#assert`);
  }
  const settlement = (key: string) =>
    key.endsWith('#assert') ? report.nodes[key.slice(0, -7)]?.assert : report.nodes[key];
  if ('goal' in target) return keys.includes(target.goal) ? [target.goal] : [];
  const state = target.group === 'failed' ? 'failure' : 'needs_human';
  return keys.filter((key) => settlement(key)?.state === state);
}

/** The issue_comment half: the command checked, carried on by a run that may write the cache. */
async function handOn(job: ActionJob, request: DecideRequest): Promise<ExitCodeValue> {
  const workflow = /\/\.github\/workflows\/([^@/]+)@/.exec(job.env.GITHUB_WORKFLOW_REF ?? '')?.[1];
  // issue_comment runs on the default branch: its GITHUB_REF is that branch.
  const branch = job.runner.ref?.startsWith('refs/heads/') ? job.runner.ref : 'refs/heads/main';
  if (workflow === undefined || request.commentId === undefined)
    throw new UserError(
      'this job may not write the Actions cache and cannot hand the command on: run decide on workflow_dispatch (see examples/workflows/dog-decide.yml)',
    );
  await job.services.review.dispatch(workflow, branch, {
    'pull-request': String(request.pullRequest),
    'comment-id': String(request.commentId),
  });
  job.services.log.info(
    `DoG: the command was checked and handed on to a workflow_dispatch run of ${workflow}, which records it`,
  );
  return ExitCode.success;
}

async function requestRerun(job: ActionJob, found: FoundReport): Promise<ExitCodeValue> {
  await job.services.review.rerun(found.workflowRun);
  job.services.log.info(
    `DoG: asked GitHub to re-run workflow run ${found.workflowRun}; its plan verifies the named goals again`,
  );
  return ExitCode.success;
}

async function publishDecision(
  job: ActionJob,
  report: RunReport,
  graph: CompiledGraph,
  found: FoundReport,
  pullRequest: number,
): Promise<ExitCodeValue> {
  await job.services.log.appendSummary(renderJobSummary(report, graph));
  const output = buildCheckRunOutput(report, graph);
  const checkRunUrl = await postCheckRun(job, {
    conclusion: checkRunConclusion(report.rootState),
    completedAt: report.finishedAt ?? new Date().toISOString(),
    externalId: report.runId,
    output: {
      title: output.title,
      summary: output.summary,
      ...(output.text === undefined ? {} : { text: output.text }),
    },
    annotations: output.annotations,
  });
  await publishComment(job, report, graph, {
    pullRequest,
    ...(checkRunUrl === undefined ? {} : { checkRunUrl }),
    reportRun: String(found.workflowRun),
    artifact: found.artifact,
  });
  job.services.log.setOutput('root-state', report.rootState);
  return ExitCode.success;
}
