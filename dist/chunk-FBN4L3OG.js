#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  statusOf
} from "./chunk-XRIMI4AU.js";
import {
  ROOT_HEADLINES,
  failedText,
  goalCounts,
  stateText
} from "./chunk-FVTIAR2P.js";
import {
  code,
  codeBlock,
  goalEntries,
  inline,
  reasonOf,
  safeLink
} from "./chunk-MW5LQ63J.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/core/human/command.ts
var GOAL_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/;
var REASON_LIMITS = { minChars: 3, maxChars: 500 };
var REASON_CHARACTERS = /^[\p{L}\p{N} .,:_/+=%-]+$/u;
var MAX_COMMENT_CHARS = 2e3;
var COMMAND_USAGE = [
  "/dog approve GOAL REASON",
  "/dog reject GOAL REASON",
  "/dog retry GOAL|failed|needs-human"
];
var USAGE_TEXT = `write one of: ${COMMAND_USAGE.map((u) => `\`${u}\``).join(", ")}`;
function parseCommand(body) {
  const text = body.replace(/\r\n?/g, "\n").trim();
  if (!/^\/dog(\s|$)/.test(text)) return { kind: "none" };
  if (text.length > MAX_COMMENT_CHARS)
    return malformed(`the comment is longer than ${MAX_COMMENT_CHARS} characters`);
  if (text.includes("\n"))
    return malformed("a command is one line, alone in its comment; put the reason on that line");
  const [, word = "", goal = "", ...rest] = text.split(/[ \t]+/);
  if (word === "") return malformed(`no command given; ${USAGE_TEXT}`);
  if (word === "approve" || word === "reject") return decision(word, goal, rest.join(" "));
  if (word === "retry") return retry(goal, rest);
  return malformed(`unknown command "${shown(word)}"; ${USAGE_TEXT}`);
}
__name(parseCommand, "parseCommand");
function decision(kind, goal, reason) {
  if (goal === "") return malformed(`no goal given; write \`/dog ${kind} GOAL REASON\``);
  const goalProblem = goalKeyProblem(goal);
  if (goalProblem) return malformed(goalProblem);
  const reasonProblem = reasonProblemOf(reason);
  if (reasonProblem) return malformed(reasonProblem);
  return { kind: "command", command: { kind, goal, reason } };
}
__name(decision, "decision");
function retry(target, rest) {
  if (target === "")
    return malformed(
      "no goal given; write `/dog retry GOAL`, `/dog retry failed` or `/dog retry needs-human`"
    );
  if (rest.length > 0)
    return malformed("`/dog retry` takes one goal (or `failed` or `needs-human`) and no reason");
  if (target === "failed" || target === "needs-human")
    return { kind: "command", command: { kind: "retry", target: { group: target } } };
  const goalProblem = goalKeyProblem(target);
  if (goalProblem) return malformed(goalProblem);
  return { kind: "command", command: { kind: "retry", target: { goal: target } } };
}
__name(retry, "retry");
function goalKeyProblem(goal) {
  if (GOAL_KEY.test(goal)) return void 0;
  return `"${shown(goal)}" is not a goal id (letters, digits, . _ - and at most 128 characters, optionally followed by #assert)`;
}
__name(goalKeyProblem, "goalKeyProblem");
function reasonProblemOf(reason) {
  const chars = Array.from(reason).length;
  if (chars === 0) return "a decision needs a reason after the goal id";
  if (chars < REASON_LIMITS.minChars)
    return `the reason is too short: at least ${REASON_LIMITS.minChars} characters`;
  if (chars > REASON_LIMITS.maxChars)
    return `the reason is too long: at most ${REASON_LIMITS.maxChars} characters, got ${chars}`;
  if (!REASON_CHARACTERS.test(reason))
    return "the reason may use letters, digits, spaces and . , : _ / + = % - only (no quotes, $, `, ;, |, &, <, >, brackets or backslashes)";
  return void 0;
}
__name(reasonProblemOf, "reasonProblemOf");
function malformed(why) {
  return { kind: "malformed", why };
}
__name(malformed, "malformed");
function shown(text) {
  const safe = Array.from(text).slice(0, 40).map((c) => /^[\p{L}\p{N}._-]$/u.test(c) ? c : "?").join("");
  return Array.from(text).length > 40 ? `${safe}\u2026` : safe;
}
__name(shown, "shown");

// src/reporting/github/comment.ts
var BUDGET_CHARS = 6e4;
var TITLE_CHARS = 120;
var REASON_CHARS = 200;
var LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
function commentMarker(checkName) {
  const safe = checkName.replace(
    /[^A-Za-z0-9 ._:/()+=,-]/g,
    (c) => [...Buffer.from(c, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")
  );
  return `<!-- dog:comment check="${safe}" -->`;
}
__name(commentMarker, "commentMarker");
function decisionOf(settlement) {
  const by = settlement.decidedBy;
  if (typeof by !== "object" || by === null) return void 0;
  const { kind, login, decision: decision2, reason } = by;
  if (kind !== "human" || typeof login !== "string" || !LOGIN.test(login)) return void 0;
  const verdict = decision2 ?? (settlement.verdict === "fail" ? "reject" : "approve");
  if (verdict !== "approve" && verdict !== "reject") return void 0;
  return { decision: verdict, login, ...typeof reason === "string" ? { reason } : {} };
}
__name(decisionOf, "decisionOf");
function decisionText(decision2) {
  return `${decision2.decision === "approve" ? "approved" : "rejected"} by @${decision2.login}`;
}
__name(decisionText, "decisionText");
function renderComment(report, graph, links) {
  const entries = goalEntries(report, graph);
  const head = [commentMarker(links.checkName), headline(report), countsLine(report, entries)];
  const tail = [commandsSection(), linksLine(links)].filter((part) => part !== "");
  const fixed = [...head, ...tail].join("\n\n").length;
  const problems = listSection(
    "### Goals that failed or wait for a person",
    entries.filter(isProblem).map(problemLine),
    BUDGET_CHARS - fixed
  );
  const decided = entries.filter((e) => decisionOf(e.settlement) !== void 0);
  const decisions = listSection(
    "### Decisions",
    decided.map(decisionLine),
    BUDGET_CHARS - fixed - problems.length
  );
  return [...head, problems, decisions, ...tail].filter((part) => part !== "").join("\n\n");
}
__name(renderComment, "renderComment");
function wantsAttention(report, graph) {
  return report.rootState !== "success" || goalEntries(report, graph).some(isProblem);
}
__name(wantsAttention, "wantsAttention");
function headline(report) {
  const { word } = ROOT_HEADLINES[report.rootState];
  return `## DoG: ${word} \u2014 ${code(report.graph.id)}`;
}
__name(headline, "headline");
function countsLine(report, entries) {
  const counts = goalCounts(report, entries);
  const decided = entries.filter((e) => decisionOf(e.settlement) !== void 0).length;
  const parts = [
    `${counts.verified} verified in this run`,
    `${counts.inherited} inherited`,
    `${failedText(counts)} failed`,
    `${counts.needsHuman} waiting for a person`
  ];
  if (decided > 0) parts.push(`${decided} decided by a person`);
  const t = report.totals;
  const cost = [`cost ${t.costUsd.toFixed(4)} USD`];
  if (t.tokens > 0) cost.push(`${t.tokens} tokens`);
  if (t.premiumRequests !== void 0) cost.push(`${t.premiumRequests} premium requests`);
  return `${parts.join(" \xB7 ")} \u2014 ${cost.join(", ")} \xB7 run ${code(report.runId)}`;
}
__name(countsLine, "countsLine");
function isProblem(entry) {
  const state = entry.settlement.state;
  if (entry.kind === "composite" && !entry.settlement.error) return false;
  return state === "failure" || state === "needs_human" || state === "blocked";
}
__name(isProblem, "isProblem");
function problemLine(entry) {
  const s = entry.settlement;
  const reason = reasonOf(s);
  const why = reason === void 0 ? "" : ` \u2014 ${inline(reason, REASON_CHARS)}`;
  return `- ${code(entry.key)} **${stateText(entry)}**: ${inline(entry.title, TITLE_CHARS)}${why} (${evidenceWhere(s)})`;
}
__name(problemLine, "problemLine");
function evidenceWhere(s) {
  const first = s.locations?.[0];
  if (first) return `evidence at ${inline(`${first.path}:${first.line}`, 200)}`;
  if (s.evidence !== void 0 || s.error !== void 0) return "evidence in the report";
  return "no evidence: it did not run";
}
__name(evidenceWhere, "evidenceWhere");
function decisionLine(entry) {
  const decision2 = decisionOf(entry.settlement);
  const reason = decision2.reason === void 0 ? "" : `: ${inline(decision2.reason, REASON_CHARS)}`;
  return `- ${code(entry.key)} ${decisionText(decision2)}${reason}`;
}
__name(decisionLine, "decisionLine");
function listSection(heading, lines, budget) {
  if (lines.length === 0) return "";
  const kept = [];
  let used = heading.length + 2;
  const moreLine = /* @__PURE__ */ __name((n) => `- \u2026 and ${n} more; see the report`, "moreLine");
  for (const [index, line] of lines.entries()) {
    const rest = lines.length - index - 1;
    const reserve = rest > 0 ? moreLine(lines.length).length + 1 : 0;
    if (used + line.length + 1 + reserve > budget) break;
    kept.push(line);
    used += line.length + 1;
  }
  const more = lines.length - kept.length;
  return [heading, "", ...kept, ...more > 0 ? [moreLine(more)] : []].join("\n");
}
__name(listSection, "listSection");
function commandsSection() {
  return [
    "<details><summary>Commands a reviewer with write access can use</summary>",
    "",
    "Comment one of these, alone on one line. `approve` and `reject` apply to a goal waiting for a person; a goal that failed is fixed by new bytes or a retry, not by a vote.",
    "",
    codeBlock(COMMAND_USAGE.join("\n")),
    "",
    "</details>"
  ].join("\n");
}
__name(commandsSection, "commandsSection");
function linksLine(links) {
  const parts = [
    safeLink("Check run", links.checkRunUrl),
    links.runUrl && links.artifact ? safeLink(`Report artifact ${links.artifact}`, links.runUrl) : void 0
  ].filter((part) => part !== void 0);
  return parts.join(" \xB7 ");
}
__name(linksLine, "linksLine");

// src/action/comment/sticky.ts
async function postStickyComment(client, log, post) {
  if (post.mode === "never") return "skipped";
  let self;
  try {
    self = await client.tokenIdentity();
  } catch (error) {
    log.warning(identityWarning(error));
    return "refused";
  }
  try {
    const existing = (await client.listComments(post.pullRequest)).find(
      (c) => c.userId === self.id && c.body.startsWith(post.marker)
    );
    if (existing) {
      if (existing.body !== post.body) await client.updateComment(existing.id, post.body);
      return "updated";
    }
    if (post.mode === "auto" && !post.wanted) return "skipped";
    const created = await client.createComment(post.pullRequest, post.body);
    if (created.htmlUrl) log.info(`DoG: pull request comment ${created.htmlUrl}`);
    return "created";
  } catch (error) {
    log.warning(commentWarning(error));
    return "refused";
  }
}
__name(postStickyComment, "postStickyComment");
function commentWarning(error) {
  const status = statusOf(error);
  if (status === 403 || status === 404)
    return `DoG could not write the pull request comment (HTTP ${status}): the token lacks pull-requests: write (a fork pull request gets a read-only token). The job summary and the report artifact have the result.`;
  return `DoG could not write the pull request comment (${status === void 0 ? "no status" : `HTTP ${status}`}): ${error instanceof Error ? error.message : String(error)}`;
}
__name(commentWarning, "commentWarning");
function identityWarning(error) {
  const status = statusOf(error);
  const why = status === void 0 ? error instanceof Error ? error.message : String(error) : `HTTP ${status}`;
  return `DoG could not learn which account its token writes as (GraphQL viewer: ${why}), so it cannot tell its own pull request comment from another's and writes none. The job summary and the report artifact have the result.`;
}
__name(identityWarning, "identityWarning");

// src/action/comment/reportComment.ts
async function publishComment(job, report, graph, place) {
  const { owner, repo } = job.runner;
  const server = (job.env.GITHUB_SERVER_URL || "https://github.com").replace(/\/+$/, "");
  const body = renderComment(report, graph, {
    checkName: job.inputs.checkName,
    ...place.checkRunUrl === void 0 ? {} : { checkRunUrl: place.checkRunUrl },
    runUrl: `${server}/${owner}/${repo}/actions/runs/${place.reportRun}`,
    ...place.artifact === void 0 ? {} : { artifact: place.artifact }
  });
  const outcome = await postStickyComment(job.services.review, job.services.log, {
    pullRequest: place.pullRequest,
    marker: commentMarker(job.inputs.checkName),
    body,
    mode: job.inputs.comment,
    wanted: wantsAttention(report, graph)
  });
  if (outcome !== "skipped") job.services.log.info(`DoG: pull request comment ${outcome}`);
  return outcome;
}
__name(publishComment, "publishComment");

// src/action/reportArtifact.ts
var REPORT_ARTIFACT = "dog-report";
var MAX_CANDIDATES = 300;
function reportArtifactNames(runner) {
  const job = runner.job.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 100) || "dog";
  const attempt = runner.runAttempt.replace(/[^0-9]/g, "") || "1";
  const own = `${REPORT_ARTIFACT}-${job}-${attempt}`;
  const numbered = Array.from({ length: MAX_CANDIDATES - 2 }, (_, i) => `${own}-${i + 2}`);
  return [REPORT_ARTIFACT, own, ...numbered];
}
__name(reportArtifactNames, "reportArtifactNames");
async function uploadReport(artifacts, runner, upload) {
  const taken = new Set((await artifacts.list()).map((artifact) => artifact.name));
  const options = upload.retentionDays ? { retentionDays: upload.retentionDays } : {};
  for (const name of reportArtifactNames(runner)) {
    if (taken.has(name)) continue;
    try {
      await artifacts.uploadFiles(name, upload.files, upload.root, options);
      return name;
    } catch (error) {
      if (!isNameTaken(error)) throw error;
    }
  }
  throw new Error(`every report artifact name of job ${runner.job} is taken in this run`);
}
__name(uploadReport, "uploadReport");
function isNameTaken(error) {
  return error instanceof Error && /\(409\)/.test(error.message);
}
__name(isNameTaken, "isNameTaken");

export {
  parseCommand,
  publishComment,
  REPORT_ARTIFACT,
  uploadReport
};
