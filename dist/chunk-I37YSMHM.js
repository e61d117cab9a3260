#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  publishComment,
  uploadReport
} from "./chunk-FBN4L3OG.js";
import {
  VERSION,
  buildSarif,
  encodeSarif,
  exitCodeFor,
  renderHtmlReport,
  sarifCategory
} from "./chunk-EBQ6T5NQ.js";
import {
  renderGraphChange
} from "./chunk-3YLH6PFE.js";
import {
  CHECK_RUN_LIMITS,
  buildCheckRunOutput,
  checkRunConclusion,
  goalCounts,
  postCheckRun,
  renderJobSummary
} from "./chunk-FVTIAR2P.js";
import {
  cleanText,
  goalEntries,
  reasonOf,
  rootNote,
  truncateChars
} from "./chunk-MW5LQ63J.js";
import {
  validateAgainst
} from "./chunk-TR7VHC6V.js";
import {
  checkRunSha
} from "./chunk-44AILICO.js";
import {
  ExitCode
} from "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/publish.ts
import { mkdir, writeFile } from "node:fs/promises";
import { join as join2 } from "node:path";

// src/reporting/github/jobError.ts
var GOALS_NAMED = 3;
var LINE_CHARS = 2e3;
function blocking(entry) {
  if (entry.kind === "composite" || entry.tolerated) return false;
  const state = entry.settlement.state;
  return state === "failure" || state === "blocked" || state === "needs_human";
}
__name(blocking, "blocking");
function jobFailureLine(report, graph, where) {
  const goals = goalEntries(report, graph).filter(blocking);
  const named = goals.slice(0, GOALS_NAMED).map((entry) => `${entry.key}: ${reasonOf(entry.settlement) ?? entry.settlement.state}`);
  const more = goals.length - named.length;
  if (more > 0) named.push(`and ${more} more`);
  const parts = [`DoG: the root settled ${report.rootState}.`];
  const note = rootNote(report);
  if (note) parts.push(note);
  if (named.length > 0) parts.push(`${named.join("; ")}.`);
  parts.push(
    `Every goal with its reason and next step is in the job summary and the report artifact ${where.artifact} (report.json, report.html).`
  );
  return truncateChars(cleanText(parts.join(" ")), LINE_CHARS);
}
__name(jobFailureLine, "jobFailureLine");

// src/action/sarifUpload.ts
import { join, relative, resolve, sep } from "node:path";
var STATUS_POLLS = 5;
var STATUS_POLL_MS = 1e3;
var GRANT_NOTICE = "DoG did not upload its SARIF to code scanning: the token lacks security-events: write. Grant it to the job that runs DoG (permissions: security-events: write), or set code-scanning: never to stop trying. A fork pull request gets a read-only token: the fork-safe pair uploads from its privileged half. On a private repository code scanning also needs GitHub Advanced Security (GitHub Code Security).";
async function uploadSarif(job, report, graph) {
  if (job.inputs.codeScanning === "never") return;
  const { log } = job.services;
  const target = await targetOf(job);
  if ("skip" in target)
    return log.notice(`DoG did not upload its SARIF to code scanning: ${target.skip}`);
  const encoded = encodeSarif(
    buildSarif(report, graph, { toolVersion: VERSION, ...placesOf(job) })
  );
  const notes = encoded.log.runs[0]?.invocations[0]?.toolExecutionNotifications ?? [];
  for (const note of notes.filter((n) => n.level === "warning"))
    log.warning(`DoG's SARIF is cut to GitHub's limits: ${note.message.text}`);
  let sarifId;
  try {
    sarifId = await job.services.codeScanning.upload({
      ...target,
      sarif: encoded.gzip.toString("base64"),
      ...report.startedAt === void 0 ? {} : { startedAt: report.startedAt }
    });
  } catch (error) {
    return refused(job, error);
  }
  log.info(
    `DoG: SARIF uploaded to code scanning (${target.ref} at ${target.commitSha.slice(0, 12)}, category ${sarifCategory(report)}, ${encoded.log.runs[0]?.results.length ?? 0} results)`
  );
  if (sarifId !== void 0) await followProcessing(job, sarifId);
}
__name(uploadSarif, "uploadSarif");
function placesOf(job) {
  const root = job.runner.workspace;
  const rel = relative(root, resolve(root, job.inputs.workspace));
  const prefix = rel.startsWith("..") ? "" : rel.split(sep).join("/");
  const graph = job.inputs.graph ?? ".dog/graph.yaml";
  return { workspacePrefix: prefix, graphPath: join(prefix, graph).split(sep).join("/") };
}
__name(placesOf, "placesOf");
async function targetOf(job) {
  const { runner, inputs } = job;
  const commitSha = checkRunSha(runner, inputs.headSha);
  if (runner.pullRequest) return { commitSha, ref: `refs/pull/${runner.pullRequest.number}/head` };
  if (runner.eventName === "workflow_run" && inputs.headSha !== void 0)
    return pullRequestTarget(job, inputs.headSha);
  if (runner.ref === void 0) return { skip: "the run names no Git ref (GITHUB_REF is unset)." };
  return { commitSha, ref: runner.ref };
}
__name(targetOf, "targetOf");
async function pullRequestTarget(job, headSha) {
  let pulls;
  try {
    pulls = await job.services.codeScanning.pullRequestsOf(headSha);
  } catch (error) {
    return {
      skip: `GitHub did not say which pull request has head ${headSha.slice(0, 12)} (${statusText(error)}); the job needs pull-requests: read.`
    };
  }
  const open = pulls.filter((p) => p.state === "open" && p.headSha === headSha);
  if (open.length === 1) return { commitSha: headSha, ref: `refs/pull/${open[0].number}/head` };
  return {
    skip: `${open.length === 0 ? "no open pull request" : `${open.length} open pull requests`} ha${open.length === 1 ? "s" : "ve"} head ${headSha.slice(0, 12)}, so there is no one ref to put the alerts on.`
  };
}
__name(pullRequestTarget, "pullRequestTarget");
function statusOf(error) {
  const status = error?.status;
  return typeof status === "number" ? status : void 0;
}
__name(statusOf, "statusOf");
function statusText(error) {
  const status = statusOf(error);
  if (status !== void 0) return `HTTP ${status}`;
  return error instanceof Error ? error.message : String(error);
}
__name(statusText, "statusText");
function refused(job, error) {
  const { log } = job.services;
  const status = statusOf(error);
  if (status === 403) return log.notice(GRANT_NOTICE);
  if (status === 413)
    return log.warning(
      "GitHub refused DoG's SARIF as too large (HTTP 413) although it was cut to the documented 10 MB; the report artifact has the result."
    );
  log.warning(
    `DoG could not upload its SARIF to code scanning (${statusText(error)}): ${error instanceof Error ? error.message : String(error)}`
  );
}
__name(refused, "refused");
async function followProcessing(job, sarifId) {
  const { log } = job.services;
  for (let poll = 1; poll <= STATUS_POLLS; poll += 1) {
    let processing;
    try {
      processing = await job.services.codeScanning.processing(sarifId);
    } catch (error) {
      return log.info(`DoG: code scanning's processing status is unknown (${statusText(error)})`);
    }
    if (processing.status === "complete") return log.info("DoG: code scanning processed the SARIF");
    if (processing.status === "failed")
      return log.warning(
        `Code scanning could not process DoG's SARIF: ${processing.errors.join("; ") || "no reason given"}`
      );
    if (poll < STATUS_POLLS) await new Promise((done) => setTimeout(done, STATUS_POLL_MS));
  }
  log.info("DoG: code scanning is still processing the SARIF; its alerts appear when it is done");
}
__name(followProcessing, "followProcessing");

// src/action/publish.ts
async function publishReport(job, report, graph, change) {
  const valid = validateAgainst("report", report);
  if (!valid.ok)
    throw new Error(
      `the report does not match its schema: ${JSON.stringify(valid.problems.slice(0, 3))}`
    );
  const { log } = job.services;
  const dir = join2(job.runner.runnerTemp, "dog", "report");
  await mkdir(dir, { recursive: true });
  const reportPath = join2(dir, "report.json");
  const htmlPath = join2(dir, "report.html");
  await writeFile(reportPath, `${JSON.stringify(report, null, 2)}
`);
  await writeFile(htmlPath, renderHtmlReport(report, graph, { links: githubLinks(job.runner) }));
  const artifact = await uploadReport(job.services.artifacts, job.runner, {
    files: [reportPath, htmlPath],
    root: dir,
    retentionDays: job.inputs.retentionDays
  });
  log.setOutput("report-artifact", artifact);
  const changeSection = change === void 0 ? void 0 : renderGraphChange(change);
  await log.appendSummary(renderJobSummary(report, graph));
  if (changeSection !== void 0) await log.appendSummary(`
${changeSection}
`);
  const checkRunUrl = job.inputs.checkRun ? await createCheckRun(job, report, graph, changeSection) : void 0;
  await uploadSarif(job, report, graph);
  const pullRequest = job.runner.pullRequest?.number;
  if (pullRequest !== void 0)
    await publishComment(job, report, graph, {
      pullRequest,
      ...checkRunUrl === void 0 ? {} : { checkRunUrl },
      reportRun: job.runner.runId,
      artifact
    });
  setOutputs(job, report, graph, reportPath);
  log.info(
    `DoG: root ${report.rootState} \u2014 ${report.totals.verified} verified, ${report.totals.inherited} inherited`
  );
  const code = exitCodeFor(report);
  if (code !== ExitCode.success) job.failure = jobFailureLine(report, graph, { artifact });
  return code;
}
__name(publishReport, "publishReport");
function setOutputs(job, report, graph, reportPath) {
  const counts = goalCounts(report, goalEntries(report, graph));
  const { log } = job.services;
  log.setOutput("root-state", report.rootState);
  log.setOutput("report-path", reportPath);
  log.setOutput("verified", String(counts.verified));
  log.setOutput("inherited", String(counts.inherited));
  log.setOutput("failed", String(counts.failed));
  log.setOutput("tolerated", String(counts.tolerated));
  log.setOutput("needs-human", String(counts.needsHuman));
}
__name(setOutputs, "setOutputs");
async function createCheckRun(job, report, graph, changeSection) {
  const output = buildCheckRunOutput(report, graph);
  return postCheckRun(job, {
    conclusion: checkRunConclusion(report.rootState),
    completedAt: report.finishedAt ?? (/* @__PURE__ */ new Date()).toISOString(),
    externalId: report.runId,
    output: {
      title: output.title,
      summary: withSection(output.summary, changeSection),
      ...output.text === void 0 ? {} : { text: output.text }
    },
    annotations: output.annotations
  });
}
__name(createCheckRun, "createCheckRun");
function withSection(summary, section) {
  if (section === void 0) return summary;
  const joined = `${summary}

${section}`;
  return joined.length <= CHECK_RUN_LIMITS.summaryChars ? joined : summary;
}
__name(withSection, "withSection");
function githubLinks(runner) {
  return {
    kind: "github",
    serverUrl: runner.serverUrl ?? "https://github.com",
    repository: `${runner.owner}/${runner.repo}`,
    sha: runner.pullRequest?.headSha ?? runner.sha
  };
}
__name(githubLinks, "githubLinks");

export {
  publishReport
};
