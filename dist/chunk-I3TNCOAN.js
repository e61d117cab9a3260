#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  decidedTotalsText,
  nextStepOf,
  reasonOf,
  voteSplit
} from "./chunk-LHKT2SK4.js";
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

// src/reporting/escapeHtml.ts
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
__name(escapeHtml, "escapeHtml");

// src/reporting/htmlAudit.ts
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

// src/reporting/html.ts
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
function rank(node) {
  return stateRank(node.state);
}
__name(rank, "rank");
function badge(state) {
  return `<span class="badge" style="background:${COLOURS[state] ?? "#57606a"}">${escapeHtml(state)}</span>`;
}
__name(badge, "badge");
function tree(graph, report, id, seen, label = "") {
  const node = report.nodes[id];
  const compiled = graph.nodes.get(id);
  if (!node || !compiled) return "";
  const shared = seen.has(id) ? " <em>(shown above)</em>" : "";
  const head = `${badge(node.state)} <a href="#goal-${escapeHtml(id)}">${escapeHtml(id)}</a> \u2014 ${escapeHtml(node.title)}${label ? ` <span class="rel">${escapeHtml(label)}</span>` : ""}${shared}`;
  if (compiled.kind === "leaf" || seen.has(id)) return `<li>${head}</li>`;
  seen.add(id);
  const children = compiled.children.map(
    (r) => tree(
      graph,
      report,
      r.child,
      seen,
      [r.failure !== "fatal" ? r.failure : "", r.required ? "" : "optional"].filter(Boolean).join(", ")
    )
  ).join("");
  return `<li>${head}<ul>${children}</ul></li>`;
}
__name(tree, "tree");
function detail(id, node) {
  const rows = [
    [
      "state",
      badge(node.state) + (node.decidedBy ? " decided" : node.inherited ? " inherited" : "")
    ],
    ["verdict", escapeHtml(node.verdict ?? "\u2014")]
  ];
  if (node.target) rows.push(["target", `<code>${escapeHtml(node.target)}</code>`]);
  if (node.verifier)
    rows.push([
      "verifier",
      escapeHtml(
        node.verifier.script ?? `agentic${node.verifier.model ? ` (${node.verifier.model})` : ""}`
      )
    ]);
  if (node.rerunReason) rows.push(["re-run because", escapeHtml(node.rerunReason)]);
  if (node.decidedBy) rows.push(["decided about", escapeHtml(`run ${node.decidedBy.run}`)]);
  else if (node.inheritedFrom)
    rows.push(["inherited from", escapeHtml(`run ${node.inheritedFrom.runId}`)]);
  const reason = reasonOf(node);
  if (reason !== void 0) rows.push(["reason", escapeHtml(reason)]);
  const step = reason === void 0 ? void 0 : nextStepOf(node);
  if (step !== void 0) rows.push(["next step", escapeHtml(step)]);
  if (node.error) {
    const text = `${node.error.category}: ${node.error.message}`;
    rows.push(["error", `<pre>${escapeHtml(text)}</pre>`]);
  }
  if (node.captureDigest) rows.push(["capture", `<code>${escapeHtml(node.captureDigest)}</code>`]);
  if (node.evidence !== void 0)
    rows.push(["evidence", `<pre>${escapeHtml(JSON.stringify(node.evidence, null, 2))}</pre>`]);
  if (node.votes) rows.push(["votes", escapeHtml(voteSplit(node.votes))]);
  if (node.locations?.length) {
    const items = node.locations.map(
      (l) => `<li><code>${escapeHtml(`${l.path}:${l.line}`)}</code> ${escapeHtml(l.message)}</li>`
    );
    rows.push(["locations", `<ul>${items.join("")}</ul>`]);
  }
  if (node.audit) rows.push(["audit", auditSection(node.audit)]);
  if (node.assert)
    rows.push(["assert", `${badge(node.assert.state)} ${escapeHtml(reasonOf(node.assert) ?? "")}`]);
  if (node.assert?.audit) rows.push(["assert audit", auditSection(node.assert.audit)]);
  const body = rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${v}</td></tr>`).join("");
  return `<section id="goal-${escapeHtml(id)}"><h3>${escapeHtml(id)} \u2014 ${escapeHtml(node.title)}</h3><table>${body}</table></section>`;
}
__name(detail, "detail");
function renderHtmlReport(report, graph) {
  const t = report.totals;
  const warnings = report.warnings.map((w) => `<li>${escapeHtml(w.message)}</li>`).join("");
  const details = Object.entries(report.nodes).sort(([a, x], [b, y]) => rank(x) - rank(y) || (a < b ? -1 : 1)).map(([id, node]) => detail(id, node)).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>DoG report \u2014 ${escapeHtml(report.graph.id)}</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;color:#1f2328;padding:0 1rem}
.badge{color:#fff;border-radius:1em;padding:0 .6em;font-size:12px}
.rel{color:#57606a;font-size:12px}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}th{text-align:left;padding-right:1rem;vertical-align:top;color:#57606a}
pre{background:#f6f8fa;padding:.5rem;max-height:24rem;overflow:auto;white-space:pre-wrap}
ul{list-style:none;padding-left:1.2rem}
</style></head><body>
<h1>${escapeHtml(report.graph.id)}: ${badge(report.rootState)}</h1>
<p>Run <code>${escapeHtml(report.runId)}</code> \xB7 graph <code>${escapeHtml(report.graph.digest.slice(0, 19))}</code> \xB7
verified ${t.verified}, inherited ${t.inherited}${escapeHtml(decidedTotalsText(t))}, blocked ${t.blocked} \xB7 ${(t.wallMs / 1e3).toFixed(1)} s${t.tokens ? ` \xB7 ${t.tokens} tokens \xB7 $${t.costUsd.toFixed(4)}` : ""}
${report.isolation ? ` \xB7 isolation: ${escapeHtml(report.isolation.kind)}` : ""}</p>
${isolationLimits(report)}
${warnings ? `<h2>Warnings</h2><ul>${warnings}</ul>` : ""}
<h2>Goals</h2><ul>${tree(graph, report, graph.root, /* @__PURE__ */ new Set())}</ul>
<h2>Details</h2>
${details}
</body></html>
`;
}
__name(renderHtmlReport, "renderHtmlReport");
function isolationLimits(report) {
  const off = (report.isolation?.limits ?? []).filter((limit) => !limit.enforced);
  if (off.length === 0) return "";
  const items = off.map((limit) => `<li>${escapeHtml(limit.name)}: ${escapeHtml(limit.detail)}</li>`).join("");
  return `<p>Not enforced on this host:</p><ul>${items}</ul>`;
}
__name(isolationLimits, "isolationLimits");

export {
  exitCodeFor,
  stateRank,
  renderHtmlReport
};
