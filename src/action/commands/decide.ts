// `decide`: a reviewer's `/dog approve|reject|retry` on a pull request (DESIGN §1, §3). Only a
// writer's command, only on a pull request, only about a goal that the newest report of DoG's
// own pipeline workflow for the head commit shows in a state the command applies to, and only
// when the report's digests for it are those of bytes decide reads itself from a commit GitHub
// vouches for (review/bindToCommit.ts). What the command changes is decided in
// `core/human/change.ts`; this adapter reads, saves and publishes.
// A job whose cache is read-only (issue_comment runs in the default branch's scope) hands the
// checked command on to a workflow_dispatch run of its own workflow, which checks it again and
// writes it. Every refusal is answered with a reply.
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import { changeOf, type ReviewChange } from '../../core/human/change.js';
import { parseCommand, type DogCommand } from '../../core/human/command.js';
import { resettle } from '../../core/human/resettle.js';
import type { CompiledGraph } from '../../core/graph/model.js';
import type { RunReport } from '../../core/report/model.js';
import {
  loadDecisions,
  saveDecisions,
  type Decisions,
  type DecisionsPlace,
} from '../../storage/github/decisionPack.js';
import { mergeDecisions } from '../../storage/github/decisionsDocument.js';
import { handOn } from '../comment/handOn.js';
import { bindingProblem } from '../review/bindToCommit.js';
import { latestReport, type FoundReport } from '../comment/latestReport.js';
import { publishDecision } from '../comment/publishDecision.js';
import { replyRefusal } from '../comment/reply.js';
import { readRequest, type DecideRequest } from '../comment/request.js';
import { prepareHost, readTrusted, trustedTree } from '../host.js';
import { runIdOf } from '../phase.js';
import { jobCacheTrust } from '../cacheScopes.js';
import type { ActionJob } from '../services.js';
import { join } from 'node:path';

const DECIDERS = new Set(['admin', 'maintain', 'write']);

/** A command checked against DoG's report for the head commit, ready to be saved. */
type Checked = {
  headSha: string;
  found: FoundReport;
  graph: CompiledGraph;
  allowPartialRoot: boolean;
  place: DecisionsPlace;
  earlier: Decisions;
  change: ReviewChange;
};

export async function commandDecide(job: ActionJob): Promise<ExitCodeValue> {
  const request = await readRequest(job);
  if (typeof request === 'string') {
    job.services.log.info(`DoG: nothing to decide: ${request}`);
    return ExitCode.success;
  }
  const refuse = async (why: string): Promise<ExitCodeValue> => {
    await replyRefusal(job, request.pullRequest, request.login, why);
    return ExitCode.success;
  };
  if ('refused' in request) return refuse(request.refused);
  const parsed = parseCommand(request.text);
  if (parsed.kind === 'none') {
    job.services.log.info('DoG: the comment is not a /dog command');
    return ExitCode.success;
  }
  if (parsed.kind === 'malformed') return refuse(`malformed command: ${parsed.why}`);
  const checked = await checkCommand(job, request, parsed.command);
  if (typeof checked === 'string') return refuse(checked);
  if (!job.services.cache.writeAccess.writable) return handOn(job, request, checked.headSha);
  await save(job, checked);
  if (parsed.command.kind === 'retry') return requestRerun(job, checked.found);
  const decided = resettleWith(job, checked, mergeDecisions(checked.earlier, checked.change));
  // The check run belongs to the pull request's head, not to this run's default-branch commit.
  const onHead = { ...job, inputs: { ...job.inputs, headSha: checked.headSha } };
  await publishDecision(onHead, decided, checked.graph, checked.found, request.pullRequest);
  return ExitCode.success;
}

/** Everything the command needs to be carried out, or why it cannot be. */
async function checkCommand(
  job: ActionJob,
  request: DecideRequest,
  command: DogCommand,
): Promise<Checked | string> {
  const role = await job.services.review.permissionOf(request.login);
  if (!DECIDERS.has(role))
    return `no permission: deciding needs write, maintain or admin access to the repository, and this account has ${role}`;
  const pull = await job.services.review.pullRequest(request.pullRequest);
  const { headSha } = pull;
  if (request.checkedHead !== undefined && request.checkedHead !== headSha)
    return `the pull request's head moved from ${request.checkedHead.slice(0, 12)} to ${headSha.slice(0, 12)} after the command was posted; look at the new head's DoG report and post the command again`;
  const found = await latestReport(job, headSha);
  if (!found)
    return `no report of DoG's workflow (${job.inputs.decide.pipelineWorkflow}) for the pull request's head commit ${headSha.slice(0, 12)}; wait for its run to finish (if DoG runs from another workflow file, set the decide step's pipeline-workflow input)`;
  if ('refused' in found) return found.refused;
  const { context, graph } = await prepareHost(job, await readTrusted(job, trustedTree(job)));
  if (graph.digest !== found.report.graph.digest)
    return 'the graph on the default branch changed since that run; push again (or re-run its DoG workflow) and decide on the new report';
  const place = decisionsPlace(job, graph);
  const earlier = await loadDecisions(place);
  const base = { headSha, found, graph, place, earlier, change: {} };
  const checked: Checked = { ...base, allowPartialRoot: context.config.allowPartialRoot };
  const report = resettleWith(job, checked, earlier);
  const at = new Date().toISOString();
  const reportRun = found.report.runId;
  const change = changeOf({ command, report, reportRun, graph, login: request.login, at });
  if (typeof change === 'string') return change;
  const unbound = await bindingProblem(job, { report: found.report, graph, context, change, pull });
  return unbound ?? { ...checked, change };
}

function decisionsPlace(job: ActionJob, graph: CompiledGraph): DecisionsPlace {
  return {
    cache: job.services.cache,
    trust: jobCacheTrust(job),
    graphId: graph.id,
    scratch: join(job.runner.runnerTemp, 'dog', 'decisions'),
    warn: (message: string) => job.services.log.warning(message),
  };
}

function resettleWith(job: ActionJob, checked: Checked, decisions: Decisions): RunReport {
  return resettle({
    report: checked.found.report,
    graph: checked.graph,
    decisions: decisions.decisions,
    runId: runIdOf(job),
    finishedAt: new Date().toISOString(),
    allowPartialRoot: checked.allowPartialRoot,
  });
}

async function save(job: ActionJob, checked: Checked): Promise<void> {
  const saved = await saveDecisions(
    checked.place,
    { run: job.runner.runId, attempt: job.runner.runAttempt, now: new Date() },
    checked.earlier,
    checked.change,
  );
  if (saved.result.outcome === 'refused')
    throw new UserError(
      `the decision could not be saved to the Actions cache (${saved.key}): ${saved.result.reason}`,
    );
  job.services.log.info(`DoG: decision saved as ${saved.key}`);
}

/** Only DoG's own pipeline run is re-run: `latestReport` found it by its workflow file. */
async function requestRerun(job: ActionJob, found: FoundReport): Promise<ExitCodeValue> {
  await job.services.review.rerun(found.workflowRun);
  job.services.log.info(
    `DoG: asked GitHub to re-run workflow run ${found.workflowRun}; its plan verifies the named goals again`,
  );
  return ExitCode.success;
}
