#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  annotationPath,
  cleanText,
  decidedTotalsText,
  goalEntries,
  nextStepOf,
  problemRank,
  reasonOf,
  voteSplit
} from "./chunk-MW5LQ63J.js";
import {
  SANDBOX_CAPTURE_ROOT
} from "./chunk-TR7VHC6V.js";
import {
  ExitCode
} from "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/core/report/exitCode.ts
function exitCodeFor(report) {
  switch (report.rootState) {
    case "success":
    case "partial_success":
      return ExitCode.success;
    case "failure":
      return ExitCode.failure;
    case "cancelled":
      return ExitCode.cancelled;
    default:
      return ExitCode.needsPerson;
  }
}
__name(exitCodeFor, "exitCodeFor");

// src/reporting/escapeHtml.ts
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
__name(escapeHtml, "escapeHtml");

// src/reporting/html/badge.ts
var COLOURS = {
  success: "#1a7f37",
  partial: "#9a6700",
  failure: "#cf222e",
  blocked: "#57606a",
  needs_human: "#8250df",
  cancelled: "#57606a",
  pending: "#57606a",
  running: "#0969da",
  invalidated: "#57606a",
  partial_success: "#9a6700",
  infeasible: "#8250df",
  needs_replan: "#8250df"
};
function badge(state) {
  return `<span class="badge" style="background:${COLOURS[state] ?? "#57606a"}">${escapeHtml(state)}</span>`;
}
__name(badge, "badge");

// src/core/report/problemOrder.ts
var RANKS = {
  failure: 0,
  needs_human: 1,
  blocked: 2,
  cancelled: 3,
  partial: 4,
  invalidated: 5,
  running: 5,
  pending: 5,
  success: 6
};
function stateRank(state) {
  return RANKS[state];
}
__name(stateRank, "stateRank");
function isProblem(state) {
  return stateRank(state) <= stateRank("cancelled");
}
__name(isProblem, "isProblem");

// src/reporting/html/audit.ts
function modelLine(model) {
  const alias = model.alias === void 0 ? "" : ` (alias ${escapeHtml(model.alias)})`;
  const behind = model.gateway ? `, through the gateway to ${escapeHtml(model.gateway.kind)} <code>${escapeHtml(model.gateway.id)}</code>` : "";
  return `${escapeHtml(model.kind)} <code>${escapeHtml(model.id)}</code>${alias}${behind}`;
}
__name(modelLine, "modelLine");
function callRow(call) {
  const result = call.ok ? "ok" : `error: ${call.error ?? ""}`;
  const cells = [
    escapeHtml(String(call.turn)),
    escapeHtml(call.tool),
    `<code>${escapeHtml(call.arguments)}</code>`,
    escapeHtml(String(call.bytesReturned)),
    escapeHtml(result)
  ];
  return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`;
}
__name(callRow, "callRow");
function callTable(audit) {
  const calls = audit.toolCalls ?? [];
  const omitted = audit.omittedToolCalls ?? 0;
  const more = omitted > 0 ? `<p>${omitted} more tool call${omitted === 1 ? "" : "s"} omitted</p>` : "";
  if (calls.length === 0) return `<p>no tool calls</p>${more}`;
  const head = ["turn", "tool", "arguments", "bytes returned", "result"].map((name) => `<th>${name}</th>`).join("");
  return `<table><tr>${head}</tr>${calls.map(callRow).join("")}</table>${more}`;
}
__name(callTable, "callTable");
function verificationPart(audit, label, visible) {
  const heading = `<h4>${escapeHtml(label)}: ${escapeHtml(audit.verdict)}</h4>`;
  const model = audit.modelCalls ? `<p>model calls: ${audit.modelCalls.count} (${audit.modelCalls.inputTokens} input, ${audit.modelCalls.outputTokens} output tokens)</p>` : "";
  return `${heading}${model}${visible ? callTable(audit) : ""}`;
}
__name(verificationPart, "verificationPart");
function summaryOf(audit) {
  const n = audit.verifications.length;
  const calls = audit.verifications.reduce(
    (sum, v) => sum + (v.toolCalls?.length ?? 0) + (v.omittedToolCalls ?? 0),
    0
  );
  const votes = `${n} verification${n === 1 ? "" : "s"}`;
  return audit.toolCallsVisible ? `${votes}, ${calls} tool call${calls === 1 ? "" : "s"}` : votes;
}
__name(summaryOf, "summaryOf");
function auditSection(audit) {
  const single = audit.verifications.length === 1;
  const parts = audit.verifications.map(
    (verification, index) => verificationPart(
      verification,
      single ? "verification" : `vote ${index + 1}`,
      audit.toolCallsVisible
    )
  );
  const hidden = audit.toolCallsVisible ? "" : "<p>Tool calls are not visible for exec agents: DoG sees the model calls they make through the gateway, not what they do with them.</p>";
  return `<details class="audit"><summary>audit trail: ${escapeHtml(summaryOf(audit))}</summary><p>instruction</p><pre>${escapeHtml(audit.instruction)}</pre><p>model: ${modelLine(audit.model)}</p>${hidden}${parts.join("")}</details>`;
}
__name(auditSection, "auditSection");

// src/reporting/html/evidencePaths.ts
import { posix } from "node:path";
var SANDBOX_PATH = /\/dog\/capture(?=$|[/\s"'`<>|:;,()[\]{}])(?:\/[^\s"'`<>|:;,()[\]{}]*)?/g;
function workspacePathOf(sandboxPath, target) {
  const rest = sandboxPath.slice(SANDBOX_CAPTURE_ROOT.length).replace(/^\/+/, "");
  if (target === ".") return rest === "" ? "." : rest;
  if (rest === "") return target;
  if (rest === posix.basename(target) && !rest.includes("/")) return target;
  return posix.join(target, rest);
}
__name(workspacePathOf, "workspacePathOf");
function withWorkspacePaths(text, target) {
  if (target === void 0) return text;
  return text.replace(SANDBOX_PATH, (found) => workspacePathOf(found, target));
}
__name(withWorkspacePaths, "withWorkspacePaths");

// src/reporting/html/links.ts
function safeSegments(path) {
  if (/[\u0000-\u001f\u007f\\]/.test(path) || path.startsWith("/") || /^[A-Za-z]:/.test(path))
    return void 0;
  const segments = path.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.length === 0 || segments.includes("..")) return void 0;
  return segments;
}
__name(safeSegments, "safeSegments");
var encoded = /* @__PURE__ */ __name((segments) => segments.map((s) => encodeURIComponent(s)).join("/"), "encoded");
function locationHref(links, location) {
  const segments = safeSegments(location.path);
  if (segments === void 0 || links.kind === "none") return void 0;
  if (links.kind === "github") {
    const line = location.line > 0 ? `#L${location.line}` : "";
    const server = links.serverUrl.replace(/\/+$/, "");
    return `${server}/${links.repository}/blob/${links.sha}/${encoded(segments)}${line}`;
  }
  const root = links.workspace.replace(/\/+$/, "");
  return `file://${encoded(root.split("/"))}/${encoded(segments)}`;
}
__name(locationHref, "locationHref");

// src/reporting/html/provenance.ts
function provenanceSection(node) {
  const rows = [];
  if (node.digest) rows.push(["node digest", code(node.digest)]);
  if (node.recordDigest) rows.push(["record digest", code(node.recordDigest)]);
  if (node.origin) rows.push(["written by", escapeHtml(originLine(node.origin))]);
  if (node.assert?.recordDigest) rows.push(["assert record", code(node.assert.recordDigest)]);
  if (node.assert?.origin)
    rows.push(["assert written by", escapeHtml(originLine(node.assert.origin))]);
  if (rows.length === 0) return "";
  const summary = node.origin ? `provenance: ${originLine(node.origin)}` : "provenance";
  return collapsed(summary, rows);
}
__name(provenanceSection, "provenanceSection");
function chainSection(report) {
  if (!report.rootDigest || !report.provenance) return "";
  const { configDigest, trustedCommit, headCommit } = report.provenance;
  return collapsed(`digest chain: ${report.rootDigest.slice(0, 19)}\u2026`, [
    ["root digest", code(report.rootDigest)],
    ["configuration", configDigest ? code(configDigest) : "unknown"],
    ["trusted commit", trustedCommit ? code(trustedCommit) : "unknown"],
    ["head commit", headCommit ? code(headCommit) : "unknown"],
    ["check with", code(`dog verify-report REPORT.json`)]
  ]);
}
__name(chainSection, "chainSection");
function originLine(origin) {
  const ref = origin.ref ? ` on ${origin.ref}` : "";
  if (origin.kind === "local") return `a local run (${origin.event})${ref}`;
  return `${origin.repository} run ${origin.runId} attempt ${origin.attempt}, job ${origin.job} (${origin.event})${ref}`;
}
__name(originLine, "originLine");
function code(text) {
  return `<code>${escapeHtml(text)}</code>`;
}
__name(code, "code");
function collapsed(summary, rows) {
  const body = rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${v}</td></tr>`).join("");
  return `<details class="chain"><summary>${escapeHtml(summary)}</summary><table>${body}</table></details>`;
}
__name(collapsed, "collapsed");

// src/reporting/html/goalDetail.ts
function locationLink(links, location) {
  const label = `<code>${escapeHtml(`${location.path}:${location.line}`)}</code>`;
  const href = locationHref(links, location);
  return href === void 0 ? label : `<a href="${escapeHtml(href)}">${label}</a>`;
}
__name(locationLink, "locationLink");
function identityRows(node) {
  const how = node.decidedBy ? " decided" : node.inherited ? " inherited" : "";
  const rows = [
    ["state", badge(node.state) + how],
    ["verdict", escapeHtml(node.verdict ?? "\u2014")]
  ];
  if (node.target) rows.push(["target", `<code>${escapeHtml(node.target)}</code>`]);
  if (node.verifier) {
    const model = node.verifier.model ? ` (${node.verifier.model})` : "";
    rows.push(["verifier", escapeHtml(node.verifier.script ?? `agentic${model}`)]);
  }
  if (node.rerunReason) rows.push(["re-run because", escapeHtml(node.rerunReason)]);
  if (node.decidedBy) rows.push(["decided about", escapeHtml(`run ${node.decidedBy.run}`)]);
  else if (node.inheritedFrom)
    rows.push(["inherited from", escapeHtml(`run ${node.inheritedFrom.runId}`)]);
  return rows;
}
__name(identityRows, "identityRows");
function outcomeRows(node, links) {
  const rows = [];
  const shown = /* @__PURE__ */ __name((text) => escapeHtml(withWorkspacePaths(text, node.target)), "shown");
  const reason = reasonOf(node);
  if (reason !== void 0) rows.push(["reason", shown(reason)]);
  const step = reason === void 0 ? void 0 : nextStepOf(node);
  if (step !== void 0) rows.push(["next step", escapeHtml(step)]);
  if (node.error) {
    rows.push(["error", `<pre>${shown(`${node.error.category}: ${node.error.message}`)}</pre>`]);
  }
  if (node.locations?.length) {
    const items = node.locations.map(
      (l) => `<li>${locationLink(links, l)} ${escapeHtml(l.message)}</li>`
    );
    rows.push(["locations", `<ul>${items.join("")}</ul>`]);
  }
  if (node.votes) rows.push(["votes", escapeHtml(voteSplit(node.votes))]);
  if (node.evidence !== void 0) {
    const text = shown(JSON.stringify(node.evidence, null, 2));
    rows.push(["evidence", `<details><summary>evidence</summary><pre>${text}</pre></details>`]);
  }
  if (node.captureDigest) rows.push(["capture", `<code>${escapeHtml(node.captureDigest)}</code>`]);
  return rows;
}
__name(outcomeRows, "outcomeRows");
function auditRows(node) {
  const rows = [];
  if (node.audit) rows.push(["audit", auditSection(node.audit)]);
  const assert = node.assert;
  if (assert) rows.push(["assert", `${badge(assert.state)} ${escapeHtml(reasonOf(assert) ?? "")}`]);
  if (assert?.audit) rows.push(["assert audit", auditSection(assert.audit)]);
  const provenance = provenanceSection(node);
  if (provenance) rows.push(["chain", provenance]);
  return rows;
}
__name(auditRows, "auditRows");
function goalDetail(node, links) {
  const rows = [...identityRows(node), ...outcomeRows(node, links), ...auditRows(node)];
  const body = rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${v}</td></tr>`).join("");
  return `<table>${body}</table>`;
}
__name(goalDetail, "goalDetail");

// src/reporting/html/goalTree.ts
function ownProblem(node) {
  return isProblem(node.state) || node.assert !== void 0 && isProblem(node.assert.state);
}
__name(ownProblem, "ownProblem");
function isClean(context, id) {
  const known = context.clean.get(id);
  if (known !== void 0) return known;
  context.clean.set(id, true);
  const node = context.report.nodes[id];
  const compiledNode = context.graph.nodes.get(id);
  const children = compiledNode?.kind === "composite" ? compiledNode.children : [];
  const clean = node !== void 0 && !ownProblem(node) && children.every((r) => isClean(context, r.child));
  context.clean.set(id, clean);
  return clean;
}
__name(isClean, "isClean");
function relationLabel(failure, required) {
  const parts = [failure !== "fatal" ? failure : "", required ? "" : "optional"];
  const text = parts.filter(Boolean).join(", ");
  return text ? ` <span class="rel">${escapeHtml(text)}</span>` : "";
}
__name(relationLabel, "relationLabel");
function goalItem(context, id, label) {
  const node = context.report.nodes[id];
  const compiled = context.graph.nodes.get(id);
  if (!node || !compiled) return "";
  const how = node.decidedBy ? " decided" : node.inherited ? " inherited" : "";
  const line = `${badge(node.state)} <span class="id">${escapeHtml(id)}</span> ${escapeHtml(node.title)}${label}<span class="how">${how}</span>`;
  const cls = isClean(context, id) ? "clean" : "attention";
  if (context.drawn.has(id))
    return `<li class="${cls}">${line} <a href="#goal-${escapeHtml(id)}">(shown above)</a></li>`;
  context.drawn.add(id);
  const open = ownProblem(node) ? " open" : "";
  const details = `<details${open}><summary>${line}</summary>${goalDetail(node, context.links)}</details>`;
  const relations = compiled.kind === "composite" ? compiled.children : [];
  const children = relations.map((r) => goalItem(context, r.child, relationLabel(r.failure, r.required))).join("");
  const list = children ? `<ul>${children}</ul>` : "";
  return `<li id="goal-${escapeHtml(id)}" class="${cls}">${details}${list}</li>`;
}
__name(goalItem, "goalItem");
function goalTree(report, graph, links) {
  const context = { graph, report, links, drawn: /* @__PURE__ */ new Set(), clean: /* @__PURE__ */ new Map() };
  return `<ul class="tree">${goalItem(context, graph.root, "")}</ul>`;
}
__name(goalTree, "goalTree");

// src/reporting/html/problems.ts
var LINE_LOCATIONS = 3;
function explainedBelow(entry, report, graph) {
  if (entry.kind !== "composite") return false;
  const node = graph.nodes.get(entry.goalId);
  const children = node?.kind === "composite" ? node.children : [];
  return children.some((r) => isProblem(report.nodes[r.child]?.state ?? "success"));
}
__name(explainedBelow, "explainedBelow");
function problemLine(entry, links) {
  const { settlement } = entry;
  const reason = reasonOf(settlement);
  const said = reason === void 0 ? "" : `: ${escapeHtml(withWorkspacePaths(reason, settlement.target))}`;
  const where = (settlement.locations ?? []).slice(0, LINE_LOCATIONS).map((l) => locationLink(links, l));
  const more = (settlement.locations?.length ?? 0) - where.length;
  const at = where.length === 0 ? "" : ` <span class="at">at ${where.join(", ")}${more > 0 ? ` and ${more} more` : ""}</span>`;
  const tolerated = entry.tolerated ? ' <span class="rel">tolerated</span>' : "";
  const title = `<a href="#goal-${escapeHtml(entry.goalId)}"><span class="id">${escapeHtml(entry.key)}</span></a> ${escapeHtml(entry.title)}`;
  return `<li>${badge(settlement.state)} ${title}${tolerated}${said}${at}</li>`;
}
__name(problemLine, "problemLine");
function problemList(report, graph, links) {
  const entries = goalEntries(report, graph).filter((e) => isProblem(e.settlement.state) && !explainedBelow(e, report, graph)).sort((a, b) => problemRank(a) - problemRank(b) || (a.key < b.key ? -1 : 1));
  if (entries.length === 0)
    return '<p class="none">Nothing failed and nothing waits for a person.</p>';
  const lines = entries.map((entry) => problemLine(entry, links)).join("");
  return `<h2>Needs attention (${entries.length})</h2><ul class="problems">${lines}</ul>`;
}
__name(problemList, "problemList");

// src/reporting/html/style.ts
var PAGE_STYLE = [
  "body{font:14px/1.45 system-ui,sans-serif;margin:1.5rem auto;max-width:72rem;color:#1f2328;padding:0 1rem}",
  "h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1rem 0 .4rem}",
  ".run{margin:0;color:#57606a}",
  ".badge{color:#fff;border-radius:1em;padding:0 .6em;font-size:12px;white-space:nowrap}",
  ".rel,.how{color:#57606a;font-size:12px;margin-left:.4em}",
  ".id{font-weight:600}",
  "ul{list-style:none;padding-left:1.2rem;margin:0}",
  ".problems li{margin:.2rem 0}",
  ".tree summary{cursor:pointer}",
  "details>table{margin:.25rem 0 .75rem 1.2rem}",
  "table{border-collapse:collapse}th{text-align:left;padding-right:1rem;vertical-align:top;color:#57606a;font-weight:500}",
  "pre{background:#f6f8fa;padding:.5rem;max-height:20rem;overflow:auto;white-space:pre-wrap;margin:.25rem 0}",
  "label[for=failed-only]{margin-left:.3em;cursor:pointer}",
  "#failed-only:checked~main li.clean{display:none}"
].join("\n");

// src/reporting/html.ts
function runLine(report) {
  const t = report.totals;
  const cost = t.tokens ? ` \xB7 ${t.tokens} tokens \xB7 $${t.costUsd.toFixed(4)}` : "";
  const commit = report.trigger?.sha ? ` \xB7 commit <code>${escapeHtml(report.trigger.sha.slice(0, 12))}</code>` : "";
  const isolation = report.isolation ? ` \xB7 isolation: ${escapeHtml(report.isolation.kind)}` : "";
  return `<p class="run">Run <code>${escapeHtml(report.runId)}</code>${commit} \xB7 graph <code>${escapeHtml(report.graph.digest.slice(0, 19))}</code></p><p class="run">verified ${t.verified}, inherited ${t.inherited}${escapeHtml(decidedTotalsText(t))}, blocked ${t.blocked} \xB7 ${(t.wallMs / 1e3).toFixed(1)} s${cost}${isolation}</p>`;
}
__name(runLine, "runLine");
function isolationLimits(report) {
  const off = (report.isolation?.limits ?? []).filter((limit) => !limit.enforced);
  if (off.length === 0) return "";
  const items = off.map((limit) => `<li>${escapeHtml(limit.name)}: ${escapeHtml(limit.detail)}</li>`).join("");
  return `<p>Not enforced on this host:</p><ul>${items}</ul>`;
}
__name(isolationLimits, "isolationLimits");
function warningList(report) {
  if (report.warnings.length === 0) return "";
  const items = report.warnings.map((w) => `<li>${escapeHtml(w.message)}</li>`).join("");
  return `<details class="warnings"><summary>${report.warnings.length} warning${report.warnings.length === 1 ? "" : "s"}</summary><ul>${items}</ul></details>`;
}
__name(warningList, "warningList");
function renderHtmlReport(report, graph, options = {}) {
  const links = options.links ?? { kind: "none" };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>DoG report \u2014 ${escapeHtml(report.graph.id)}</title>
<style>${PAGE_STYLE}</style></head><body>
<h1>${escapeHtml(report.graph.id)}: ${badge(report.rootState)}</h1>
${runLine(report)}
${isolationLimits(report)}
${chainSection(report)}
${warningList(report)}
${problemList(report, graph, links)}
<input type="checkbox" id="failed-only"><label for="failed-only">Failed only</label>
<main><h2>Goals</h2>${goalTree(report, graph, links)}</main>
</body></html>
`;
}
__name(renderHtmlReport, "renderHtmlReport");

// src/cli/version.ts
var VERSION = "0.1.0";

// src/reporting/sarif/limits.ts
var GITHUB_SARIF_LIMITS = {
  gzipBytes: 1e7,
  resultsPerRun: 25e3,
  rulesPerRun: 25e3,
  extensionsPerRun: 100,
  locationsPerResult: 1e3,
  tagsPerRule: 20,
  ruleNameChars: 255,
  descriptionChars: 1024,
  messageChars: 4096
};
function cutText(text, max) {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 55296 && last <= 56319) end -= 1;
  return `${text.slice(0, end)}\u2026`;
}
__name(cutText, "cutText");

// src/reporting/sarif/extensions.ts
function extensionOf(entry) {
  const v = entry.settlement.verifier;
  if (v === void 0) return void 0;
  if (v.mode === "programmatic")
    return {
      name: cutText(`script ${v.script ?? "(unnamed)"}`, 255),
      properties: { verifier: "programmatic", script: v.script ?? null }
    };
  return {
    name: cutText(`model ${v.model ?? "(the default model)"}`, 255),
    properties: { verifier: "agentic", model: v.model ?? null }
  };
}
__name(extensionOf, "extensionOf");
function verifierExtensions(entries) {
  const byName = /* @__PURE__ */ new Map();
  for (const entry of entries) {
    const extension = extensionOf(entry);
    if (extension && !byName.has(extension.name)) byName.set(extension.name, extension);
  }
  return [...byName.values()];
}
__name(verifierExtensions, "verifierExtensions");

// src/reporting/sarif/results.ts
var FINGERPRINT_KEY = "dogGmDigest/v1";
function sarifLevel(entry) {
  const { state, verdict } = entry.settlement;
  if (state === "failure") return entry.tolerated ? "note" : "error";
  if (state === "needs_human") return "warning";
  if (verdict === "inconclusive" && state !== "success") return "note";
  return void 0;
}
__name(sarifLevel, "sarifLevel");
function repositoryPaths(prefix) {
  const base = annotationPath(prefix);
  return (path) => {
    const inWorkspace = annotationPath(path);
    if (inWorkspace === void 0) return void 0;
    return base === void 0 ? inWorkspace : `${base}/${inWorkspace}`;
  };
}
__name(repositoryPaths, "repositoryPaths");
function uriOf(path) {
  return path.split("/").map(encodeURIComponent).join("/");
}
__name(uriOf, "uriOf");
function evidenceLocation(location, path) {
  const said = cleanText(location.message).trim();
  const line = Number.isSafeInteger(location.line) && location.line >= 1 ? location.line : 0;
  return {
    physicalLocation: {
      artifactLocation: { uri: uriOf(path) },
      ...line === 0 ? {} : { region: { startLine: line } }
    },
    ...said === "" ? {} : { message: { text: cutText(said, 1024) } }
  };
}
__name(evidenceLocation, "evidenceLocation");
function locationsOf(settlement, place, fallback, max) {
  const locations = [];
  let unplaced = 0;
  for (const location of settlement.locations ?? []) {
    const path = place(location.path);
    if (path === void 0) unplaced += 1;
    else locations.push(evidenceLocation(location, path));
  }
  const cut = Math.max(0, locations.length - max);
  if (locations.length > 0) return { locations: locations.slice(0, max), unplaced, cut };
  const target = place(settlement.target ?? "") ?? (fallback && annotationPath(fallback));
  if (target === void 0) return { locations: [], unplaced, cut };
  return {
    locations: [{ physicalLocation: { artifactLocation: { uri: uriOf(target) } } }],
    unplaced,
    cut
  };
}
__name(locationsOf, "locationsOf");
function messageOf(entry, limits) {
  const s = entry.settlement;
  const step = nextStepOf(s);
  const lines = [
    `${entry.key} ${s.state}${entry.tolerated ? " (tolerated by the graph)" : ""}: ${reasonOf(s) ?? s.state}`
  ];
  if (step !== void 0) lines.push(`Next step: ${step}`);
  if (s.error) lines.push(s.error.message);
  return cutText(cleanText(lines.join("\n")), limits.messageChars);
}
__name(messageOf, "messageOf");
function verifierTags(s) {
  const v = s.verifier;
  if (!v) return ["dog"];
  return ["dog", v.mode, ...v.script ? [v.script] : [], ...v.model ? [v.model] : []];
}
__name(verifierTags, "verifierTags");
function ruleOf(entry, level, limits) {
  const title = cleanText(entry.title).replace(/\s+/g, " ").trim() || entry.key;
  const v = entry.settlement.verifier;
  const how = v === void 0 ? "" : v.mode === "programmatic" ? ` Verified by script ${v.script ?? ""}.` : ` Verified by a model${v.model ? ` (${v.model})` : ""}, ${v.votes ?? 1} vote(s).`;
  return {
    id: entry.key,
    name: cutText(entry.key, limits.ruleNameChars),
    shortDescription: { text: cutText(title, limits.descriptionChars) },
    fullDescription: {
      text: cutText(`DoG goal ${entry.key}: ${title}.${how}`, limits.descriptionChars)
    },
    defaultConfiguration: { level },
    properties: {
      tags: verifierTags(entry.settlement).slice(0, limits.tagsPerRule),
      kind: entry.kind,
      ...entry.settlement.target === void 0 ? {} : { target: entry.settlement.target }
    }
  };
}
__name(ruleOf, "ruleOf");
function fingerprintOf(entry, graphId) {
  const s = entry.settlement;
  return s.gmDigest ?? s.specDigest ?? `${graphId}/${entry.key}/${s.target ?? ""}`;
}
__name(fingerprintOf, "fingerprintOf");
function resultOf(entry, level, ruleIndex, placed, context) {
  const s = entry.settlement;
  return {
    ruleId: entry.key,
    ruleIndex,
    level,
    message: { text: messageOf(entry, context.limits) },
    locations: placed.locations,
    partialFingerprints: { [FINGERPRINT_KEY]: fingerprintOf(entry, context.graphId) },
    properties: {
      state: s.state,
      inherited: s.inherited,
      tolerated: entry.tolerated,
      ...s.verdict === void 0 ? {} : { verdict: s.verdict },
      ...s.gmDigest === void 0 ? {} : { gmDigest: s.gmDigest },
      ...s.captureDigest === void 0 ? {} : { captureDigest: s.captureDigest },
      ...placed.cut > 0 ? { locationsLeftOut: placed.cut } : {},
      ...placed.unplaced > 0 ? { locationsUnplaced: placed.unplaced } : {}
    }
  };
}
__name(resultOf, "resultOf");

// src/reporting/sarif/types.ts
var SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";

// src/reporting/sarif/build.ts
var DOG_INFORMATION_URI = "https://github.com/dog-ci/dog";
function sarifCategory(report) {
  return `dog/${report.graph.id}`;
}
__name(sarifCategory, "sarifCategory");
function buildSarif(report, graph, options) {
  const limits = { ...GITHUB_SARIF_LIMITS, ...options.limits };
  const reported = goalEntries(report, graph).flatMap((entry) => {
    const level = entry.kind === "composite" ? void 0 : sarifLevel(entry);
    return level === void 0 ? [] : [{ entry, level }];
  });
  const kept = reported.slice(0, Math.min(limits.resultsPerRun, limits.rulesPerRun));
  const place = repositoryPaths(options.workspacePrefix ?? "");
  const rules = [];
  const results = [];
  const omitted = {
    results: reported.length - kept.length,
    locations: 0,
    unplacedLocations: 0,
    extensions: 0
  };
  for (const { entry, level } of kept) {
    const placed = locationsOf(
      entry.settlement,
      place,
      options.graphPath,
      limits.locationsPerResult
    );
    omitted.locations += placed.cut;
    omitted.unplacedLocations += placed.unplaced;
    rules.push(ruleOf(entry, level, limits));
    results.push(
      resultOf(entry, level, rules.length - 1, placed, { graphId: report.graph.id, limits })
    );
  }
  const allExtensions = verifierExtensions(kept.map((r) => r.entry));
  const extensions = allExtensions.slice(0, limits.extensionsPerRun);
  omitted.extensions = allExtensions.length - extensions.length;
  return {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "DoG",
            version: options.toolVersion,
            informationUri: DOG_INFORMATION_URI,
            rules
          },
          ...extensions.length === 0 ? {} : { extensions }
        },
        automationDetails: { id: `${sarifCategory(report)}/${report.runId}` },
        invocations: [invocationOf(report, omittedNotes(omitted, reported.length, limits))],
        results,
        properties: runProperties(report, omitted)
      }
    ]
  };
}
__name(buildSarif, "buildSarif");
function invocationOf(report, notes) {
  return {
    // DoG itself ran to the end; what it found is in the results, not here.
    executionSuccessful: true,
    ...report.startedAt ? { startTimeUtc: report.startedAt } : {},
    ...report.finishedAt ? { endTimeUtc: report.finishedAt } : {},
    ...notes.length === 0 ? {} : { toolExecutionNotifications: notes }
  };
}
__name(invocationOf, "invocationOf");
function runProperties(report, omitted) {
  const cut = Object.entries(omitted).filter(([, n]) => n > 0);
  return {
    runId: report.runId,
    graphId: report.graph.id,
    graphDigest: report.graph.digest,
    rootState: report.rootState,
    ...report.trigger?.sha ? { commit: report.trigger.sha } : {},
    ...cut.length === 0 ? {} : { truncated: Object.fromEntries(cut) }
  };
}
__name(runProperties, "runProperties");
function omittedNotes(omitted, total, limits) {
  const notes = [];
  const warn = /* @__PURE__ */ __name((text) => notes.push({ level: "warning", message: { text } }), "warn");
  if (omitted.results > 0)
    warn(
      `${omitted.results} of ${total} results were left out: GitHub takes at most ${limits.resultsPerRun.toLocaleString("en-US")} per run. The most severe are kept; DoG's report lists every goal.`
    );
  if (omitted.locations > 0)
    warn(
      `${omitted.locations} evidence locations were left out: GitHub takes at most ${limits.locationsPerResult.toLocaleString("en-US")} per result. DoG's report has them all.`
    );
  if (omitted.extensions > 0)
    warn(
      `${omitted.extensions} verifiers were left out of tool.extensions: GitHub takes at most ${limits.extensionsPerRun} per run.`
    );
  if (omitted.unplacedLocations > 0)
    notes.push({
      level: "note",
      message: {
        text: `${omitted.unplacedLocations} evidence locations named no file of the repository (absolute, outside the workspace, or not a plain path) and are not in this log.`
      }
    });
  return notes;
}
__name(omittedNotes, "omittedNotes");

// src/reporting/sarif/encode.ts
import { gzipSync } from "node:zlib";
function serialise(log) {
  const json = `${JSON.stringify(log, null, 2)}
`;
  return { json, gzip: gzipSync(json) };
}
__name(serialise, "serialise");
function keepFirst(run, keep, limitBytes) {
  const dropped = run.results.length - keep;
  const invocation = run.invocations[0] ?? { executionSuccessful: true };
  const note = {
    level: "warning",
    message: {
      text: `${dropped} of ${run.results.length} results were left out so the gzip-compressed file stays under GitHub's ${(limitBytes / 1e6).toFixed(0)} MB upload limit. The most severe are kept; DoG's report lists every goal.`
    }
  };
  const truncated = {
    ...run.properties["truncated"],
    resultsForSize: dropped
  };
  return {
    ...run,
    tool: {
      ...run.tool,
      driver: { ...run.tool.driver, rules: run.tool.driver.rules?.slice(0, keep) }
    },
    results: run.results.slice(0, keep),
    invocations: [
      {
        ...invocation,
        toolExecutionNotifications: [...invocation.toolExecutionNotifications ?? [], note]
      }
    ],
    properties: { ...run.properties, truncated }
  };
}
__name(keepFirst, "keepFirst");
function encodeSarif(log, gzipBytes = GITHUB_SARIF_LIMITS.gzipBytes) {
  const whole = serialise(log);
  const run = log.runs[0];
  if (whole.gzip.length <= gzipBytes || run === void 0)
    return { log, ...whole, droppedForSize: 0 };
  const attempt = /* @__PURE__ */ __name((keep) => {
    const cut = { ...log, runs: [keepFirst(run, keep, gzipBytes), ...log.runs.slice(1)] };
    return { log: cut, ...serialise(cut) };
  }, "attempt");
  let low = 0;
  let high = run.results.length - 1;
  let best = attempt(0);
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const tried = attempt(mid);
    if (tried.gzip.length <= gzipBytes) {
      best = tried;
      low = mid + 1;
    } else high = mid - 1;
  }
  return { ...best, droppedForSize: run.results.length - (best.log.runs[0]?.results.length ?? 0) };
}
__name(encodeSarif, "encodeSarif");

export {
  exitCodeFor,
  stateRank,
  renderHtmlReport,
  sarifCategory,
  buildSarif,
  encodeSarif,
  VERSION
};
