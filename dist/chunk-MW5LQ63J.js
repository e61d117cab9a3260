#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  relationOutcome
} from "./chunk-OB6IMDL2.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/reporting/github/goals.ts
function absorbed(graph, report, goalId) {
  const relations = graph.parents.get(goalId) ?? [];
  if (relations.length === 0) return false;
  const status = /* @__PURE__ */ __name((id) => ({ state: report.nodes[id]?.state ?? "pending" }), "status");
  return relations.every((relation) => {
    const outcome = relationOutcome(relation, status);
    if (outcome === "tolerated" || outcome === "degraded") return true;
    const parentState = status(relation.parent).state;
    return !relation.required && parentState !== "failure" && parentState !== "blocked";
  });
}
__name(absorbed, "absorbed");
function isFailed(state) {
  return state === "failure" || state === "blocked";
}
__name(isFailed, "isFailed");
function problemRank(entry) {
  const state = entry.settlement.state;
  if (isFailed(state) && entry.tolerated) return 4;
  const ranks = {
    failure: 0,
    needs_human: 1,
    blocked: 2,
    cancelled: 3,
    partial: 5,
    running: 6,
    pending: 6,
    invalidated: 6,
    success: 7
  };
  return ranks[state];
}
__name(problemRank, "problemRank");
function goalEntries(report, graph) {
  const entries = [];
  for (const [id, node] of Object.entries(report.nodes)) {
    const tolerated = isFailed(node.state) && absorbed(graph, report, id);
    entries.push({
      key: id,
      goalId: id,
      kind: node.kind,
      title: node.title,
      settlement: node,
      tolerated
    });
    if (node.assert) {
      entries.push({
        key: `${id}#assert`,
        goalId: id,
        kind: "assert",
        title: `whole-object assert of: ${node.title}`,
        settlement: node.assert,
        // The assert decides its composite, so it is absorbed when the composite is.
        tolerated: isFailed(node.assert.state) && absorbed(graph, report, id)
      });
    }
  }
  return entries.map((entry, index) => ({ entry, index, rank: problemRank(entry) })).sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ entry }) => entry);
}
__name(goalEntries, "goalEntries");
function needsAttention(entry) {
  const state = entry.settlement.state;
  if (state !== "failure" && state !== "needs_human") return false;
  return entry.kind !== "composite" || entry.settlement.error !== void 0;
}
__name(needsAttention, "needsAttention");

// src/reporting/github/markdown.ts
var SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/;
var SPECIAL = /[\\`*_[\]()<>#+\-.!|~&@$:]/g;
var LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;
var CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;
var BIDI = /[\u202a-\u202e\u2066-\u2069]/g;
function cleanText(text) {
  return text.replace(CONTROLS, "").replace(BIDI, "\uFFFD");
}
__name(cleanText, "cleanText");
function escapeText(text) {
  return cleanText(text).replace(LINE_BREAKS, " ").replace(/\t/g, " ").trim().replace(SPECIAL, (c) => `&#${c.charCodeAt(0)};`);
}
__name(escapeText, "escapeText");
function truncateChars(text, max) {
  if (text.length <= max) return text;
  const points = Array.from(text);
  if (points.length <= max) return text;
  return `${points.slice(0, Math.max(0, max - 1)).join("")}\u2026`;
}
__name(truncateChars, "truncateChars");
function inline(text, max) {
  return escapeText(truncateChars(text, max));
}
__name(inline, "inline");
function code(id) {
  return SAFE_ID.test(id) ? `\`${id}\`` : escapeText(id);
}
__name(code, "code");
function htmlCode(id) {
  return `<code>${escapeText(id)}</code>`;
}
__name(htmlCode, "htmlCode");
function codeBlock(content, language = "") {
  const body = cleanText(content).replace(/\r\n?/g, "\n");
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${language}
${body}${body.endsWith("\n") ? "" : "\n"}${fence}`;
}
__name(codeBlock, "codeBlock");
function details(summaryHtml, body) {
  return `<details><summary>${summaryHtml}</summary>

${body}

</details>`;
}
__name(details, "details");
function safeLink(label, url) {
  if (url === void 0) return void 0;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return void 0;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return void 0;
  const escaped = parsed.href.replace(
    /[^A-Za-z0-9\-._~:/?#@!$&+,;=%]/gu,
    (c) => [...Buffer.from(c, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("")
  );
  return `[${escapeText(label)}](${escaped})`;
}
__name(safeLink, "safeLink");
function utf8Bytes(text) {
  return Buffer.byteLength(text, "utf8");
}
__name(utf8Bytes, "utf8Bytes");
function utf16Chars(text) {
  return text.length;
}
__name(utf16Chars, "utf16Chars");
function truncateBytes(text, maxBytes) {
  if (utf8Bytes(text) <= maxBytes) return text;
  let low = 0;
  let high = Math.min(text.length, maxBytes);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (utf8Bytes(text.slice(0, mid)) <= maxBytes) low = mid;
    else high = mid - 1;
  }
  let end = low;
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 55296 && last <= 56319) end -= 1;
  return text.slice(0, end);
}
__name(truncateBytes, "truncateBytes");

// src/core/human/words.ts
function decisionWords(decidedBy, verdict) {
  return {
    verb: verdict === "pass" ? "approved" : "rejected",
    login: decidedBy.login,
    reason: decidedBy.reason
  };
}
__name(decisionWords, "decisionWords");
function decisionLine(decidedBy, verdict) {
  const words = decisionWords(decidedBy, verdict);
  return `${words.verb} by @${words.login} \u2014 ${words.reason}`;
}
__name(decisionLine, "decisionLine");
function decidedTotalsText(totals) {
  const approved = totals.approved ?? 0;
  const rejected = totals.rejected ?? 0;
  if (approved === 0 && rejected === 0) return "";
  return `, ${approved} approved, ${rejected} rejected by a person`;
}
__name(decidedTotalsText, "decidedTotalsText");

// src/core/report/firstLine.ts
var NOISE = [
  /^at\s/,
  /^File ".*", line \d+/,
  /^Traceback\b/,
  /node:internal/,
  /^\^+\s*$/,
  /^~+\s*$/,
  /^Node\.js v\d/,
  /^During handling of the above exception/,
  /^The above exception was the direct cause/,
  /^\.\.\. \d+ more/,
  /^file:\/\/\S+:\d+$/,
  /^\/\S+:\d+$/,
  /^goroutine \d+/
];
var EXCEPTION = /^(?:[A-Za-z_$][\w$.]*(?:Error|Exception|Panic|Failure)\b(?:\s*:.*)?$|(?:panic|fatal|error)(?:\[\w+\])?:\s)/i;
function isNoise(line) {
  return NOISE.some((pattern) => pattern.test(line));
}
__name(isNoise, "isNoise");
function linesOf(text) {
  return text.split(/\r\n?|\n/).map((line) => line.replace(/^…/, "").trim()).filter((line) => line !== "");
}
__name(linesOf, "linesOf");
function exceptionLine(lines) {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (!isNoise(line) && EXCEPTION.test(line)) return line;
  }
  return void 0;
}
__name(exceptionLine, "exceptionLine");
function firstMeaningfulLine(message) {
  const lines = linesOf(message);
  const headAt = lines.findIndex((line) => !isNoise(line));
  if (headAt === -1) return void 0;
  const head = lines[headAt];
  const rest = lines.slice(headAt + 1);
  if (!head.endsWith(":")) return head;
  const detail = exceptionLine(rest) ?? rest.find((line) => !isNoise(line));
  return detail === void 0 ? head.slice(0, -1) : `${head} ${detail}`;
}
__name(firstMeaningfulLine, "firstMeaningfulLine");

// src/core/report/reason.ts
var REASON_LINE_CHARS = 200;
var EVIDENCE_LINE_CHARS = 100;
var EXPLAINED = /* @__PURE__ */ new Set([
  "failure",
  "needs_human",
  "blocked",
  "cancelled",
  "partial",
  "invalidated"
]);
function oneLine(text, max = REASON_LINE_CHARS) {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, " ").trim();
  if (flat.length <= max) return flat;
  let end = max - 1;
  const last = flat.charCodeAt(end - 1);
  if (last >= 55296 && last <= 56319) end -= 1;
  return `${flat.slice(0, end)}\u2026`;
}
__name(oneLine, "oneLine");
function field(evidence, key) {
  if (evidence === null || typeof evidence !== "object" || Array.isArray(evidence))
    return void 0;
  const value = evidence[key];
  return typeof value === "string" && value.trim() !== "" ? value : void 0;
}
__name(field, "field");
function evidenceSummary(evidence) {
  const summary = field(evidence, "summary");
  if (summary !== void 0) return firstMeaningfulLine(summary);
  const expected = said(evidence, "expected");
  const found = said(evidence, "found");
  if (expected !== void 0 && found !== void 0) return `expected ${expected}, found ${found}`;
  return void 0;
}
__name(evidenceSummary, "evidenceSummary");
function said(evidence, key) {
  if (evidence === null || typeof evidence !== "object" || Array.isArray(evidence))
    return void 0;
  const value = evidence[key];
  if (value === void 0 || value === null) return void 0;
  if (typeof value === "string") return value.trim() === "" ? void 0 : value;
  return JSON.stringify(value);
}
__name(said, "said");
function errorLine(settlement) {
  const error = settlement.error;
  if (!error) return void 0;
  const line = firstMeaningfulLine(error.message);
  return line === void 0 ? error.category : `${error.category}: ${line}`;
}
__name(errorLine, "errorLine");
function evidenceLine(settlement) {
  const evidence = settlement.evidence;
  if (settlement.verdict === void 0 || evidence === void 0 || evidence === null) {
    return void 0;
  }
  const text = typeof evidence === "string" ? evidence : JSON.stringify(evidence);
  return `evidence: ${oneLine(text, EVIDENCE_LINE_CHARS)}`;
}
__name(evidenceLine, "evidenceLine");
function stateFallback(settlement) {
  if (settlement.reason !== void 0 && settlement.reason.trim() !== "") {
    return firstMeaningfulLine(settlement.reason) ?? settlement.reason;
  }
  switch (settlement.state) {
    case "failure":
      return settlement.verdict === "fail" ? "the verifier said fail" : "failed";
    case "needs_human":
      return "waiting for a person: the verifier was inconclusive";
    case "blocked":
      return "blocked by a goal it depends on";
    case "cancelled":
      return "cancelled before it settled";
    default:
      return settlement.state;
  }
}
__name(stateFallback, "stateFallback");
function reasonOf(settlement) {
  if (settlement.decidedBy) return oneLine(decisionLine(settlement.decidedBy, settlement.verdict));
  if (!EXPLAINED.has(settlement.state)) return void 0;
  const line = evidenceSummary(settlement.evidence) ?? errorLine(settlement) ?? evidenceLine(settlement) ?? stateFallback(settlement);
  return oneLine(line);
}
__name(reasonOf, "reasonOf");

// src/reporting/terminal.ts
var VERDICT_MARK = { pass: "\u2714", fail: "\u2718", inconclusive: "?" };
var TerminalProgress = class {
  constructor(out) {
    this.out = out;
  }
  out;
  static {
    __name(this, "TerminalProgress");
  }
  total = 0;
  done = 0;
  runningKeys = /* @__PURE__ */ new Set();
  planned(counts) {
    this.total = counts.verify;
    this.out.write(
      `captured ${counts.targets} target${counts.targets === 1 ? "" : "s"}; ${counts.inherit} inherited, ${counts.verify} to verify${counts.settled ? `, ${counts.settled} settled without a verifier` : ""}
`
    );
  }
  started(item) {
    this.runningKeys.add(item.key);
    this.redraw();
  }
  settled(item, record) {
    this.runningKeys.delete(item.key);
    this.done += 1;
    const seconds = (record.usage.durationMs / 1e3).toFixed(1);
    const why = record.error ? ` (${record.error.category})` : "";
    this.clearLine();
    this.out.write(
      `  ${VERDICT_MARK[record.verdict]} ${item.key} ${record.verdict}${why} ${seconds}s
`
    );
    this.redraw();
  }
  warning(message) {
    this.clearLine();
    this.out.write(`warning: ${message}
`);
  }
  redraw() {
    if (!this.out.isTTY) return;
    if (this.runningKeys.size === 0) return this.clearLine();
    const running = [...this.runningKeys].slice(0, 3).join(", ");
    this.out.write(`\r\x1B[2K[${this.done}/${this.total}] ${running}`);
  }
  clearLine() {
    if (this.out.isTTY) this.out.write("\r\x1B[2K");
  }
};
function voteSplit(votes) {
  const count = /* @__PURE__ */ __name((verdict) => votes.filter((v) => v.verdict === verdict).length, "count");
  return `${count("pass")} pass, ${count("fail")} fail, ${count("inconclusive")} inconclusive`;
}
__name(voteSplit, "voteSplit");

// src/core/report/rootNote.ts
var PARTIAL_ROOT_REFUSED = "The root came out partial: every goal it requires holds or failed in a way the graph tolerates. This host does not accept a partial root, so the run fails. To accept it, set allowPartialRoot: true in the host configuration (.dog/config.yaml; the Action input allow-partial-root).";
function rootNote(report) {
  const rootId = report.graph.root;
  if (rootId === void 0 || report.rootState !== "failure") return void 0;
  return report.nodes[rootId]?.state === "partial" ? PARTIAL_ROOT_REFUSED : void 0;
}
__name(rootNote, "rootNote");

// src/core/report/nextStep.ts
var RERUN_FRESH = "re-run with fresh verification (dog run --fresh, or the Action input fresh: true)";
var BY_CATEGORY = {
  target_missing: /* @__PURE__ */ __name((t) => `create ${t} (build it before DoG runs) or fix the goal's target`, "target_missing"),
  target_unsafe: /* @__PURE__ */ __name((t) => `make ${t} a plain file or directory inside the workspace`, "target_unsafe"),
  capture_too_large: /* @__PURE__ */ __name(() => "make the target smaller, exclude paths from it, or raise limits.maxCaptureBytes", "capture_too_large"),
  crash: /* @__PURE__ */ __name(() => "see the script's output in the report, then fix the script or what it checks", "crash"),
  timeout: /* @__PURE__ */ __name(() => "make the verifier faster or raise its timeout (timeouts in the configuration)", "timeout"),
  malformed_output: /* @__PURE__ */ __name(() => 'make the verifier return exactly {"verdict", "evidence"} (docs/scripts.md)', "malformed_output"),
  unverified_pass: /* @__PURE__ */ __name(() => `sharpen the instruction or the capture, then ${RERUN_FRESH}`, "unverified_pass"),
  provider_error: /* @__PURE__ */ __name(() => `check the model provider's configuration and credentials, then ${RERUN_FRESH}`, "provider_error"),
  empty_evidence: /* @__PURE__ */ __name(() => "make the verifier say what it observed in its evidence", "empty_evidence"),
  evidence_too_large: /* @__PURE__ */ __name(() => "make the evidence smaller, or raise limits.maxEvidenceBytes", "evidence_too_large"),
  digest_mismatch: /* @__PURE__ */ __name(() => RERUN_FRESH, "digest_mismatch"),
  no_capability: /* @__PURE__ */ __name(() => "configure a model provider (providers and models), or change the verifier", "no_capability"),
  budget_exhausted: /* @__PURE__ */ __name(() => "raise the budget in the configuration, or narrow the goal", "budget_exhausted"),
  dependency_needs_human: /* @__PURE__ */ __name(() => "settle the goal it depends on first", "dependency_needs_human"),
  sandbox_unavailable: /* @__PURE__ */ __name(() => "install bubblewrap (dog doctor says what is missing)", "sandbox_unavailable"),
  script_missing: /* @__PURE__ */ __name(() => "add the script to .dog/scripts/ on the trusted branch, or fix its name", "script_missing"),
  cancelled: /* @__PURE__ */ __name(() => "re-run", "cancelled"),
  record_missing: /* @__PURE__ */ __name(() => "re-run the workflow; the job that verified this goal left no record", "record_missing"),
  record_integrity: /* @__PURE__ */ __name(() => "re-run the workflow; a record was refused as altered", "record_integrity"),
  internal: /* @__PURE__ */ __name(() => "re-run; if it happens again, report it with the report attached", "internal")
};
function nextStepOf(settlement) {
  const target = settlement.target === void 0 ? "the target" : settlement.target;
  if (settlement.decidedBy)
    return settlement.verdict === "fail" ? "a person rejected these bytes: change them (or the verifier), or retry the goal (dog run --retry)" : void 0;
  if (settlement.error) return BY_CATEGORY[settlement.error.category](target);
  switch (settlement.state) {
    case "failure":
      return settlement.verdict === "fail" ? "fix what the evidence names, or the verifier if it is wrong" : "fix the failing goals it needs";
    case "needs_human":
      return settlement.verdict === "inconclusive" ? `${RERUN_FRESH}, or fix the verifier` : "settle the goals it waits for";
    case "blocked":
      return "fix the goal it depends on";
    case "partial":
      return "review the tolerated goals under it";
    case "cancelled":
      return "re-run";
    default:
      return void 0;
  }
}
__name(nextStepOf, "nextStepOf");

// src/reporting/github/annotations.ts
var ANNOTATION_LIMITS = { messageBytes: 64e3, rawDetailsBytes: 64e3, titleChars: 255 };
var DEFAULT_MAX_ANNOTATIONS = 1e3;
function annotationPath(path) {
  if (/[\u0000-\u001f\u007f\\]/.test(path) || path.startsWith("/") || /^[A-Za-z]:/.test(path)) {
    return void 0;
  }
  const segments = path.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.length === 0 || segments.includes("..")) return void 0;
  return segments.join("/");
}
__name(annotationPath, "annotationPath");
function annotationLevel(entry) {
  const state = entry.settlement.state;
  if (state === "needs_human") return "warning";
  if (state === "failure") return entry.tolerated ? "notice" : "failure";
  return void 0;
}
__name(annotationLevel, "annotationLevel");
function plain(text, maxBytes) {
  return truncateBytes(cleanText(text), maxBytes);
}
__name(plain, "plain");
function titleOf(text) {
  return truncateChars(cleanText(text).replace(/\s+/g, " "), ANNOTATION_LIMITS.titleChars);
}
__name(titleOf, "titleOf");
function evidenceDetails(s) {
  if (s.evidence === void 0) return void 0;
  const json = cleanText(JSON.stringify(s.evidence, null, 2));
  const max = ANNOTATION_LIMITS.rawDetailsBytes;
  if (Buffer.byteLength(json) <= max) return json;
  const tail = "\n\u2026 (cut; the full evidence is in the report)";
  return truncateBytes(json, max - Buffer.byteLength(tail)) + tail;
}
__name(evidenceDetails, "evidenceDetails");
function lineOf(location) {
  return Number.isSafeInteger(location.line) && location.line >= 1 ? location.line : 1;
}
__name(lineOf, "lineOf");
function goalAnnotation(entry, place, level) {
  const s = entry.settlement;
  const step = nextStepOf(s);
  const lines = [
    `${entry.key}: ${entry.title}`,
    `${s.state}${entry.tolerated ? " (tolerated)" : ""}: ${reasonOf(s) ?? s.state}`
  ];
  if (place.said !== void 0) lines.push(`Here: ${place.said}`);
  if (step !== void 0) lines.push(`Next step: ${step}`);
  if (entry.tolerated) {
    lines.push("The graph tolerates this failure, so it does not fail the run on its own.");
  }
  if (s.error) lines.push("", s.error.message);
  const details2 = evidenceDetails(s);
  return {
    path: place.path,
    start_line: place.line,
    end_line: place.line,
    annotation_level: level,
    message: plain(lines.join("\n"), ANNOTATION_LIMITS.messageBytes),
    title: titleOf(`DoG ${entry.key}: ${s.state}${entry.tolerated ? " (tolerated)" : ""}`),
    ...details2 === void 0 ? {} : { raw_details: details2 }
  };
}
__name(goalAnnotation, "goalAnnotation");
function locationAnnotation(entry, location, path, level) {
  const line = lineOf(location);
  const said2 = location.message.trim() === "" ? "named by the evidence" : location.message;
  return {
    path,
    start_line: line,
    end_line: line,
    annotation_level: level,
    message: plain(
      `${said2}
(evidence of goal ${entry.key}: ${entry.title})`,
      ANNOTATION_LIMITS.messageBytes
    ),
    title: titleOf(`DoG ${entry.key}: ${entry.settlement.state} at line ${line}`)
  };
}
__name(locationAnnotation, "locationAnnotation");
function placedLocations(locations) {
  const places = [];
  let unplaced = 0;
  for (const location of locations) {
    const path = annotationPath(location.path);
    if (path === void 0) unplaced += 1;
    else {
      const said2 = location.message.trim() === "" ? void 0 : location.message;
      places.push({ place: { path, line: lineOf(location), ...said2 ? { said: said2 } : {} }, location });
    }
  }
  return { places, unplaced };
}
__name(placedLocations, "placedLocations");
function buildAnnotations(report, graph, max = DEFAULT_MAX_ANNOTATIONS) {
  const made = [];
  let unplaced = 0;
  for (const entry of goalEntries(report, graph)) {
    const level = annotationLevel(entry);
    if (!level || entry.kind === "composite") continue;
    const placed = placedLocations(entry.settlement.locations ?? []);
    unplaced += placed.unplaced;
    const [first, ...rest] = placed.places;
    const target = annotationPath(entry.settlement.target ?? "");
    if (first) made.push(goalAnnotation(entry, first.place, level));
    else if (target === void 0) unplaced += 1;
    else made.push(goalAnnotation(entry, { path: target, line: 1 }, level));
    for (const { place, location } of rest) {
      made.push(locationAnnotation(entry, location, place.path, level));
    }
  }
  const cap = Math.max(0, Math.floor(max));
  return {
    annotations: made.slice(0, cap),
    total: made.length,
    omitted: Math.max(0, made.length - cap),
    cap,
    unplaced
  };
}
__name(buildAnnotations, "buildAnnotations");

// src/reporting/graphFormats.ts
var STATE_COLOURS = {
  success: "#2da44e",
  partial: "#bf8700",
  failure: "#cf222e",
  blocked: "#8c959f",
  needs_human: "#8250df",
  pending: "#d0d7de",
  running: "#0969da",
  cancelled: "#6e7781",
  invalidated: "#6e7781"
};
function mermaidIds(graph) {
  return new Map(graph.order.map((id, index) => [id, `n${index}`]));
}
__name(mermaidIds, "mermaidIds");
var LINE_BREAKS2 = /[\r\n\u2028\u2029]+/g;
var CONTROLS2 = /[\u0000-\u001f\u007f]/g;
function mermaidLabel(text) {
  return text.replace(LINE_BREAKS2, " ").replace(CONTROLS2, " ").replace(/["<>#&`]/g, (c) => `#${c.charCodeAt(0)};`);
}
__name(mermaidLabel, "mermaidLabel");
function defaultDirection(graph) {
  const layer = /* @__PURE__ */ new Map([[graph.root, 0]]);
  const deeper = /* @__PURE__ */ __name((id, than) => {
    layer.set(id, Math.max(layer.get(id) ?? 0, than + 1));
  }, "deeper");
  for (const id of [...graph.order].reverse()) {
    const here = layer.get(id) ?? 0;
    const node = graph.nodes.get(id);
    if (node?.kind === "composite") for (const r of node.children) deeper(r.child, here);
    for (const target of graph.dependencies.get(id) ?? []) deeper(target, here);
  }
  const widths = /* @__PURE__ */ new Map();
  for (const value of layer.values()) widths.set(value, (widths.get(value) ?? 0) + 1);
  return Math.max(...widths.values()) > widths.size ? "LR" : "TB";
}
__name(defaultDirection, "defaultDirection");
function legendOf(graph, states) {
  const present = new Set(states.values());
  const shown = Object.keys(STATE_COLOURS).filter((s) => present.has(s));
  return { shown, unstated: graph.order.some((id) => !states.has(id)) };
}
__name(legendOf, "legendOf");
var NOT_IN_RUN = "not in this run";
function relationLabel(relation) {
  const parts = [];
  if (relation.failure !== "fatal")
    parts.push(relation.degradeTo ? `degrade\u2192${relation.degradeTo}` : relation.failure);
  if (!relation.required) parts.push("optional");
  return parts.join(", ");
}
__name(relationLabel, "relationLabel");
function toMermaid(graph, states, options) {
  const ids = mermaidIds(graph);
  const shown = options?.states ?? states;
  const lines = [`flowchart ${options?.direction === "LR" ? "LR" : "TD"}`];
  for (const id of [...graph.order].reverse()) {
    const node = graph.nodes.get(id);
    if (!node) continue;
    const state = shown?.get(id);
    const title = options?.titles ? `: ${node.title}` : "";
    const text = mermaidLabel(`${id}${title}${state ? ` \xB7 ${state}` : ""}`);
    lines.push(
      node.kind === "composite" ? `  ${ids.get(id)}["${text}"]` : `  ${ids.get(id)}(["${text}"])`
    );
  }
  lines.push(...mermaidEdges(graph, ids));
  if (shown) {
    for (const [id, state] of shown) {
      const mermaidId = ids.get(id);
      if (mermaidId) lines.push(`  style ${mermaidId} fill:${STATE_COLOURS[state]},color:#ffffff`);
    }
    if (options) lines.push(...mermaidLegend(legendOf(graph, shown)));
  }
  return `${lines.join("\n")}
`;
}
__name(toMermaid, "toMermaid");
function mermaidEdges(graph, ids) {
  const lines = [];
  for (const node of graph.nodes.values()) {
    if (node.kind !== "composite") continue;
    for (const relation of node.children) {
      const label = relationLabel(relation);
      const arrow = label ? `-->|${mermaidLabel(label)}|` : "-->";
      lines.push(`  ${ids.get(relation.parent)} ${arrow} ${ids.get(relation.child)}`);
    }
  }
  for (const [source, targets] of graph.dependencies) {
    for (const target of targets) lines.push(`  ${ids.get(source)} -.->|needs| ${ids.get(target)}`);
  }
  return lines;
}
__name(mermaidEdges, "mermaidEdges");
function mermaidLegend(legend) {
  const lines = ['  subgraph legend["States"]'];
  legend.shown.forEach((state, index) => lines.push(`    legend${index}["${state}"]`));
  if (legend.unstated) lines.push(`    legendNone["${NOT_IN_RUN}"]`);
  lines.push("  end");
  legend.shown.forEach(
    (state, index) => lines.push(`  style legend${index} fill:${STATE_COLOURS[state]},color:#ffffff`)
  );
  return lines;
}
__name(mermaidLegend, "mermaidLegend");
function dotString(text) {
  const escaped = text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\r\n?|[\n\u2028\u2029]/g, "\\n").replace(CONTROLS2, " ");
  return `"${escaped}"`;
}
__name(dotString, "dotString");
function toDot(graph, options) {
  const lines = [`digraph ${dotString(graph.id)} {`, `  rankdir=${options?.direction ?? "TB"};`];
  for (const id of graph.order) {
    const node = graph.nodes.get(id);
    if (!node) continue;
    const shape = node.kind === "composite" ? "box" : "ellipse";
    const state = options?.states?.get(id);
    const label = dotString(`${id}
${node.title}${state ? `
${state}` : ""}`);
    lines.push(`  ${dotString(id)} [shape=${shape}, label=${label}${dotFill(state)}];`);
  }
  for (const node of graph.nodes.values()) {
    if (node.kind !== "composite") continue;
    for (const relation of node.children) {
      const label = relationLabel(relation);
      lines.push(
        `  ${dotString(relation.parent)} -> ${dotString(relation.child)}${label ? ` [label=${dotString(label)}]` : ""};`
      );
    }
  }
  for (const [source, targets] of graph.dependencies) {
    for (const target of targets)
      lines.push(`  ${dotString(source)} -> ${dotString(target)} [style=dashed, label="needs"];`);
  }
  if (options?.states) lines.push(...dotLegend(legendOf(graph, options.states)));
  lines.push("}");
  return `${lines.join("\n")}
`;
}
__name(toDot, "toDot");
function dotFill(state) {
  return state ? `, style=filled, fillcolor="${STATE_COLOURS[state]}", fontcolor="#ffffff"` : "";
}
__name(dotFill, "dotFill");
function dotLegend(legend) {
  const lines = ["  subgraph cluster_legend {", '    label="States";'];
  for (const state of legend.shown)
    lines.push(`    "legend ${state}" [shape=box, label="${state}"${dotFill(state)}];`);
  if (legend.unstated) lines.push(`    "legend none" [shape=box, label="${NOT_IN_RUN}"];`);
  lines.push("  }");
  return lines;
}
__name(dotLegend, "dotLegend");
function toGraphJson(graph) {
  const value = {
    digest: graph.digest,
    order: [...graph.order],
    graph: graph.canonical
  };
  return `${JSON.stringify(value, null, 2)}
`;
}
__name(toGraphJson, "toGraphJson");
function renderGraph(graph, format, options) {
  if (format === "mermaid") return toMermaid(graph, void 0, options);
  if (format === "dot") return toDot(graph, options);
  return toGraphJson(graph);
}
__name(renderGraph, "renderGraph");

export {
  decisionWords,
  decisionLine,
  decidedTotalsText,
  nextStepOf,
  oneLine,
  reasonOf,
  TerminalProgress,
  voteSplit,
  problemRank,
  goalEntries,
  needsAttention,
  rootNote,
  cleanText,
  escapeText,
  truncateChars,
  inline,
  code,
  htmlCode,
  codeBlock,
  details,
  safeLink,
  utf8Bytes,
  utf16Chars,
  DEFAULT_MAX_ANNOTATIONS,
  annotationPath,
  buildAnnotations,
  defaultDirection,
  toMermaid,
  renderGraph
};
