#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  publishComment,
  uploadReport
} from "./chunk-QSICFTGQ.js";
import {
  exitCodeFor,
  renderHtmlReport
} from "./chunk-I3TNCOAN.js";
import {
  renderGraphChange
} from "./chunk-ITSPCTDF.js";
import {
  CHECK_RUN_LIMITS,
  buildCheckRunOutput,
  checkRunConclusion,
  cleanText,
  goalCounts,
  goalEntries,
  postCheckRun,
  renderJobSummary,
  truncateChars
} from "./chunk-YRYNKIVV.js";
import {
  reasonOf,
  rootNote
} from "./chunk-LHKT2SK4.js";
import {
  validateAgainst
} from "./chunk-JRE2G7I5.js";
import {
  ExitCode
} from "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/publish.ts
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

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

// src/action/publish.ts
async function publishReport(job, report, graph, change) {
  const valid = validateAgainst("report", report);
  if (!valid.ok)
    throw new Error(
      `the report does not match its schema: ${JSON.stringify(valid.problems.slice(0, 3))}`
    );
  const { log } = job.services;
  const dir = join(job.runner.runnerTemp, "dog", "report");
  await mkdir(dir, { recursive: true });
  const reportPath = join(dir, "report.json");
  const htmlPath = join(dir, "report.html");
  await writeFile(reportPath, `${JSON.stringify(report, null, 2)}
`);
  await writeFile(htmlPath, renderHtmlReport(report, graph));
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

export {
  publishReport
};
