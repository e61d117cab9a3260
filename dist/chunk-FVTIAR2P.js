#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  DEFAULT_MAX_ANNOTATIONS,
  buildAnnotations,
  code,
  codeBlock,
  decidedTotalsText,
  decisionWords,
  details,
  escapeText,
  goalEntries,
  htmlCode,
  inline,
  needsAttention,
  nextStepOf,
  reasonOf,
  rootNote,
  safeLink,
  toMermaid,
  truncateChars,
  utf16Chars,
  utf8Bytes,
  voteSplit
} from "./chunk-MW5LQ63J.js";
import {
  runBudgetLine
} from "./chunk-OB6IMDL2.js";
import {
  checkRunSha
} from "./chunk-44AILICO.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/reporting/github/counts.ts
var count = new Intl.NumberFormat("en-US");
function goalCounts(report, entries) {
  const verifications = entries.filter((e) => e.kind !== "composite");
  const inState = /* @__PURE__ */ __name((state) => verifications.filter((e) => e.settlement.state === state), "inState");
  const failed = inState("failure");
  return {
    verified: report.totals.verified,
    inherited: report.totals.inherited,
    failed: failed.length,
    tolerated: failed.filter((e) => e.tolerated).length,
    blocked: inState("blocked").length,
    needsHuman: inState("needs_human").length
  };
}
__name(goalCounts, "goalCounts");
function failedText(counts) {
  const tolerated = counts.tolerated > 0 ? ` (${count.format(counts.tolerated)} tolerated)` : "";
  return `${count.format(counts.failed)}${tolerated}`;
}
__name(failedText, "failedText");

// src/reporting/github/compose.ts
var MIN_ROWS_WITH_PICTURE = 100;
var NOTE_RESERVE = 800;
var SEPARATOR = "\n\n";
var count2 = new Intl.NumberFormat("en-US");
var tableNote = /* @__PURE__ */ __name((n) => `_${count2.format(n)} more ${n === 1 ? "goal is" : "goals are"} not listed here to stay under GitHub's size limit; every goal is in the full report._`, "tableNote");
var evidenceNote = /* @__PURE__ */ __name((n) => `_Evidence of ${count2.format(n)} more failing or waiting ${n === 1 ? "goal" : "goals"} is left out to stay under GitHub's size limit; it is in the full report._`, "evidenceNote");
var PICTURE_DROPPED = "### Graph\n\n_The graph picture is left out to stay under GitHub's size limit._";
function largestFit(prefix, room) {
  let low = 0;
  let high = prefix.length - 1;
  if (room < 0) return 0;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (prefix[mid] <= room) low = mid;
    else high = mid - 1;
  }
  return low;
}
__name(largestFit, "largestFit");
function rowPrefix(rows, measure) {
  const prefix = [0];
  for (const row of rows) prefix.push(prefix.at(-1) + measure(row) + 1);
  return prefix;
}
__name(rowPrefix, "rowPrefix");
function plan(layout, budget, measure) {
  const size = /* @__PURE__ */ __name((block) => measure(block) + SEPARATOR.length, "size");
  const rows = layout.table?.rows ?? [];
  const prefix = rowPrefix(rows, measure);
  const all = prefix.at(-1);
  const header = layout.table ? size(layout.table.header) : 0;
  const picture = layout.picture;
  const pictureSize = picture ? size("block" in picture ? picture.block : picture.note) : 0;
  const room = budget - header - pictureSize;
  if (all <= room) return { rows: rows.length, keepPicture: true, evidenceRoom: room - all };
  const withPicture = largestFit(prefix, room);
  const droppable = picture !== void 0 && "block" in picture;
  if (!droppable || room >= 0 && withPicture >= Math.min(rows.length, MIN_ROWS_WITH_PICTURE)) {
    return { rows: withPicture, keepPicture: true, evidenceRoom: 0 };
  }
  const without = largestFit(prefix, budget - header - size(PICTURE_DROPPED));
  return { rows: without, keepPicture: false, evidenceRoom: 0 };
}
__name(plan, "plan");
function evidenceBlocks(evidence, room, measure) {
  const blocks = [];
  let left = room - (measure(evidence.heading) + SEPARATOR.length);
  let index = 0;
  for (; index < evidence.count; index++) {
    const block = evidence.render(index);
    if (block === void 0) continue;
    const cost = measure(block) + SEPARATOR.length;
    if (cost > left) break;
    left -= cost;
    blocks.push(block);
  }
  return { blocks, omitted: evidence.count - index };
}
__name(evidenceBlocks, "evidenceBlocks");
function clampBlocks(blocks, limit, measure) {
  const kept = [];
  let used = 1;
  for (const block of blocks) {
    const cost = measure(block) + (kept.length > 0 ? SEPARATOR.length : 0);
    if (used + cost > limit) break;
    kept.push(block);
    used += cost;
  }
  if (kept.length > 0) return `${kept.join(SEPARATOR)}
`;
  const lines = [];
  used = 0;
  for (const line of (blocks[0] ?? "").split("\n")) {
    if (used + measure(line) + 1 > limit) break;
    lines.push(line);
    used += measure(line) + 1;
  }
  return lines.length > 0 ? `${lines.join("\n")}
` : "";
}
__name(clampBlocks, "clampBlocks");
function pictureBlock(layout, chosen) {
  const picture = layout.picture;
  if (!picture || !chosen) return ["none", []];
  if (!chosen.keepPicture) return ["dropped", [PICTURE_DROPPED]];
  return "block" in picture ? ["shown", [picture.block]] : ["note", [picture.note]];
}
__name(pictureBlock, "pictureBlock");
function compose(layout, limit, measure) {
  const exact = attempt(layout, limit, measure, 0);
  if (exact.rowsOmitted === 0 && exact.evidenceOmitted === 0 && exact.picture !== "dropped") {
    return exact;
  }
  return attempt(layout, limit, measure, NOTE_RESERVE);
}
__name(compose, "compose");
function attempt(layout, limit, measure, reserve) {
  const headSize = layout.head.reduce((sum, b) => sum + measure(b) + SEPARATOR.length, 0);
  const budget = limit + 1 - headSize - reserve;
  const chosen = budget >= 0 ? plan(layout, budget, measure) : void 0;
  const blocks = [...layout.head];
  const rows = layout.table?.rows ?? [];
  const shown = chosen?.rows ?? 0;
  if (layout.table && shown > 0) {
    blocks.push(`${layout.table.header}
${rows.slice(0, shown).join("\n")}`);
  }
  if (shown < rows.length) blocks.push(tableNote(rows.length - shown));
  let evidence = { blocks: [], omitted: 0 };
  if (layout.evidence) {
    evidence = evidenceBlocks(layout.evidence, chosen?.evidenceRoom ?? 0, measure);
    const notes = evidence.omitted > 0 ? [evidenceNote(evidence.omitted)] : [];
    if (evidence.blocks.length + notes.length > 0) {
      blocks.push(layout.evidence.heading, ...evidence.blocks, ...notes);
    }
  }
  const [picture, pictureBlocks] = pictureBlock(layout, chosen);
  blocks.push(...pictureBlocks);
  const joined = `${blocks.join(SEPARATOR)}
`;
  const text = measure(joined) <= limit ? joined : clampBlocks(blocks, limit, measure);
  return {
    text,
    rowsShown: shown,
    rowsOmitted: rows.length - shown,
    picture,
    evidenceShown: evidence.blocks.length,
    evidenceOmitted: evidence.omitted
  };
}
__name(attempt, "attempt");

// src/reporting/github/sections.ts
var ROOT_HEADLINES = {
  success: {
    word: "SUCCESS",
    meaning: "The root goal holds: every goal it needs was verified in this run or inherited from an identical earlier verification."
  },
  partial_success: {
    word: "PARTIAL SUCCESS",
    meaning: "The root goal holds only in part: some goals failed in ways the graph tolerates (tolerable or degrade relations), and this host accepts a partial root. Neither a pass nor a failure; review the tolerated goals below."
  },
  failure: {
    word: "FAILURE",
    meaning: "The root goal does not hold: a goal it requires failed or was blocked (or the root came out partial and this host does not accept partial roots)."
  },
  infeasible: {
    word: "INFEASIBLE",
    meaning: "The root goal cannot be settled on this host: a verifier it needs cannot run here (for example, no model provider is configured). A person must provide the capability or change the graph."
  },
  needs_replan: {
    word: "NEEDS REPLAN",
    meaning: "The root goal cannot be settled until the graph or a verifier contract changes (for example, a verifier kept returning output that does not fit its schema)."
  },
  needs_human: {
    word: "NEEDS A PERSON",
    meaning: "The root goal is waiting for a person: a goal it needs was inconclusive. A person may retry it, approve a degradation the graph allows, or end the run. Nothing here counts as a pass."
  },
  cancelled: {
    word: "CANCELLED",
    meaning: "The run was cancelled before the root goal settled; nothing is concluded."
  }
};
var TITLE_CHARS = 160;
var CELL_CHARS = 300;
var WARNINGS_SHOWN = 10;
var WARNING_CHARS = 300;
var EVIDENCE_CHARS = 4e3;
var ERROR_CHARS = 2200;
var LOCATIONS_SHOWN = 10;
var MERMAID_LIMITS = { nodes: 500, edges: 500, chars: 5e4 };
var count3 = new Intl.NumberFormat("en-US");
function headline(report, reportUrl) {
  const { word, meaning } = ROOT_HEADLINES[report.rootState];
  const lines = [`## ${word} \u2014 ${code(report.graph.id)}`, "", meaning];
  const note = rootNote(report);
  if (note) lines.push("", `**${escapeText(note)}**`);
  const digest = /^sha256:[0-9a-f]{64}$/.test(report.graph.digest) ? `\`${report.graph.digest.slice(0, 19)}\`\u2026` : inline(report.graph.digest, 80);
  const meta = [`Run ${code(report.runId)}`, `graph ${digest}`];
  const trigger = report.trigger;
  if (trigger) {
    const sha = trigger.sha && /^[0-9a-f]{7,64}$/.test(trigger.sha) ? code(trigger.sha) : "";
    const where = [sha, trigger.ref ? `on ${inline(trigger.ref, 200)}` : ""].filter(Boolean);
    meta.push(`${inline(trigger.event, 64)}${where.length ? ` at ${where.join(" ")}` : ""}`);
  }
  lines.push("", meta.join(" \xB7 "));
  if (report.graph.title) lines.push("", `Graph: ${inline(report.graph.title, TITLE_CHARS)}`);
  const link = safeLink("Full report", reportUrl);
  if (link) lines.push("", link);
  return lines.join("\n");
}
__name(headline, "headline");
function wallTime(ms) {
  const seconds = ms / 1e3;
  if (seconds < 120) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}
__name(wallTime, "wallTime");
function countsBlock(report, counts) {
  const t = report.totals;
  const values = [
    count3.format(counts.verified),
    count3.format(counts.inherited),
    failedText(counts),
    count3.format(counts.blocked),
    count3.format(counts.needsHuman)
  ];
  const facts = [`Wall time ${wallTime(t.wallMs)}`];
  if (t.tokens > 0) facts.push(`${count3.format(t.tokens)} tokens`);
  if (t.costUsd > 0) facts.push(`cost ${t.costUsd.toFixed(4)} USD`);
  if (t.aiCredits !== void 0) facts.push(`${t.aiCredits.toFixed(2)} Copilot AI credits`);
  if (t.premiumRequests !== void 0) facts.push(`${t.premiumRequests} premium requests`);
  const budget = runBudgetLine(t);
  if (budget) facts.push(escapeText(budget));
  const decided = decidedTotalsText(t);
  if (decided) facts.push(decided.slice(2));
  if (report.isolation) {
    facts.push(inline(report.isolation.note ?? `isolation: ${report.isolation.kind}`, 300));
  }
  return [
    "| Verified in this run | Inherited | Goals failed | Goals blocked | Goals needing a person |",
    "| ---: | ---: | ---: | ---: | ---: |",
    `| ${values.join(" | ")} |`,
    "",
    facts.join(" \xB7 ")
  ].join("\n");
}
__name(countsBlock, "countsBlock");
function warningsBlock(report) {
  if (report.warnings.length === 0) return void 0;
  const shown = report.warnings.slice(0, WARNINGS_SHOWN);
  const lines = ["### Warnings", ""];
  for (const w of shown)
    lines.push(`- ${inline(w.message, WARNING_CHARS)} (${inline(w.code, 64)})`);
  const more = report.warnings.length - shown.length;
  if (more > 0) lines.push(`- \u2026 and ${count3.format(more)} more warnings in the full report`);
  return lines.join("\n");
}
__name(warningsBlock, "warningsBlock");
var TABLE_HEADER = [
  "### Goals",
  "",
  "| Goal | State | How | Verifier | Reason | Next step |",
  "| --- | --- | --- | --- | --- | --- |"
].join("\n");
function how(settlement, kind) {
  if (settlement.decidedBy) {
    const { verb, login } = decisionWords(settlement.decidedBy, settlement.verdict);
    return `${verb} by @${inline(login, 64)} (run ${code(settlement.decidedBy.run)})`;
  }
  if (settlement.inherited) {
    const from = settlement.inheritedFrom;
    return from ? `inherited from run ${code(from.runId)}` : "inherited";
  }
  if (settlement.rerunReason) return `re-run: ${code(settlement.rerunReason)}`;
  return kind === "composite" ? "from its children" : "\u2014";
}
__name(how, "how");
function verifierText(settlement) {
  const v = settlement.verifier;
  if (!v) return "\u2014";
  const votes = settlement.votes ? ` (${voteSplit(settlement.votes)})` : "";
  if (v.mode === "programmatic") return v.script ? code(v.script) : "programmatic";
  const model = v.model ? ` ${inline(v.model, 64)}` : "";
  const n = v.votes && v.votes > 1 ? `, ${v.votes} votes` : "";
  return `agentic${model}${n}${votes}`;
}
__name(verifierText, "verifierText");
function reasonText(settlement) {
  const reason = reasonOf(settlement);
  return reason === void 0 ? "" : inline(reason, CELL_CHARS);
}
__name(reasonText, "reasonText");
function nextStepText(entry) {
  const s = entry.settlement;
  if (entry.kind === "composite" && !s.error) return "";
  if (reasonOf(s) === void 0) return "";
  const step = nextStepOf(s);
  return step === void 0 ? "" : inline(step, CELL_CHARS);
}
__name(nextStepText, "nextStepText");
function stateText(entry) {
  return `${entry.settlement.state}${entry.tolerated ? " (tolerated)" : ""}`;
}
__name(stateText, "stateText");
function tableRow(entry) {
  const goal = `${code(entry.key)} ${inline(entry.title, TITLE_CHARS)}`;
  const cells = [
    goal,
    stateText(entry),
    how(entry.settlement, entry.kind),
    verifierText(entry.settlement),
    reasonText(entry.settlement),
    nextStepText(entry)
  ];
  return `| ${cells.join(" | ")} |`;
}
__name(tableRow, "tableRow");
var LEGEND = "Colours: green success \xB7 amber partial \xB7 red failure \xB7 grey blocked or cancelled \xB7 purple needs a person \xB7 light grey pending.";
function pictureSection(report, graph) {
  let edges = 0;
  for (const node of graph.nodes.values())
    if (node.kind === "composite") edges += node.children.length;
  for (const targets of graph.dependencies.values()) edges += targets.length;
  const tooBig = `_The graph picture is left out: ${count3.format(graph.nodes.size)} goals and ${count3.format(edges)} edges are more than Mermaid draws (at most ${MERMAID_LIMITS.nodes} goals, ${MERMAID_LIMITS.edges} edges, ${count3.format(MERMAID_LIMITS.chars)} characters)._`;
  if (graph.nodes.size > MERMAID_LIMITS.nodes || edges > MERMAID_LIMITS.edges) {
    return { note: `### Graph

${tooBig}` };
  }
  const states = /* @__PURE__ */ new Map();
  for (const id of graph.order) {
    const node = report.nodes[id];
    if (node) states.set(id, node.state);
  }
  const mermaid = toMermaid(graph, states);
  if (mermaid.length > MERMAID_LIMITS.chars) return { note: `### Graph

${tooBig}` };
  return { block: `### Graph

${codeBlock(mermaid, "mermaid")}

${LEGEND}` };
}
__name(pictureSection, "pictureSection");
function evidenceText(settlement) {
  if (settlement.evidence === void 0) return void 0;
  const json = JSON.stringify(settlement.evidence, null, 2);
  if (json.length <= EVIDENCE_CHARS) return codeBlock(json, "json");
  let end = EVIDENCE_CHARS;
  const last = json.charCodeAt(end - 1);
  if (last >= 55296 && last <= 56319) end -= 1;
  const rest = json.length - end;
  const cut = codeBlock(json.slice(0, end), "json");
  return `${cut}

_\u2026 ${count3.format(rest)} more characters in the full report._`;
}
__name(evidenceText, "evidenceText");
function errorText(message) {
  if (message.length <= ERROR_CHARS) return codeBlock(message);
  return `${codeBlock(`\u2026${message.slice(-ERROR_CHARS)}`)}

_The whole message is in the full report._`;
}
__name(errorText, "errorText");
function evidenceBlock(entry) {
  const s = entry.settlement;
  if (entry.kind === "composite" && !s.error) return void 0;
  const parts = [];
  const reason = reasonOf(s);
  if (reason !== void 0) parts.push(`**Reason** ${inline(reason, 1e3)}`);
  const step = nextStepText(entry);
  if (step !== "") parts.push(`**Next step** ${step}`);
  if (s.error) parts.push(`**Error** ${code(s.error.category)}`, errorText(s.error.message));
  if (s.votes) parts.push(`**Votes** ${voteSplit(s.votes)}`);
  if (s.target) parts.push(`**Target** ${inline(s.target, 300)}`);
  const locations = s.locations ?? [];
  if (locations.length > 0) {
    const items = locations.slice(0, LOCATIONS_SHOWN).map((l) => `- ${inline(`${l.path}:${l.line}`, 300)} ${inline(l.message, 300)}`);
    if (locations.length > LOCATIONS_SHOWN) {
      items.push(`- \u2026 and ${locations.length - LOCATIONS_SHOWN} more locations`);
    }
    parts.push(`**Locations**

${items.join("\n")}`);
  }
  const evidence = evidenceText(s);
  if (evidence) parts.push(evidence);
  if (parts.length === 0) return void 0;
  const summary = `${htmlCode(entry.key)} ${escapeText(stateText(entry))}: ${inline(entry.title, TITLE_CHARS)}`;
  return details(summary, parts.join("\n\n"));
}
__name(evidenceBlock, "evidenceBlock");

// src/reporting/github/summary.ts
var DEFAULT_SUMMARY_BYTES = 1e6;
var EVIDENCE_HEADING = "### Evidence of failing and waiting goals";
function evidenceLayout(entries) {
  const candidates = entries.filter(needsAttention);
  return {
    heading: EVIDENCE_HEADING,
    count: candidates.length,
    render: /* @__PURE__ */ __name((index) => evidenceBlock(candidates[index]), "render")
  };
}
__name(evidenceLayout, "evidenceLayout");
function composeJobSummary(report, graph, options = {}) {
  const entries = goalEntries(report, graph);
  const warnings = warningsBlock(report);
  const layout = {
    head: [
      headline(report, options.reportUrl),
      countsBlock(report, goalCounts(report, entries)),
      ...warnings ? [warnings] : []
    ],
    table: { header: TABLE_HEADER, rows: entries.map(tableRow) },
    picture: pictureSection(report, graph),
    evidence: evidenceLayout(entries)
  };
  return compose(layout, options.maxBytes ?? DEFAULT_SUMMARY_BYTES, utf8Bytes);
}
__name(composeJobSummary, "composeJobSummary");
function renderJobSummary(report, graph, options = {}) {
  return composeJobSummary(report, graph, options).text;
}
__name(renderJobSummary, "renderJobSummary");

// src/reporting/github/checkRun.ts
var CHECK_RUN_LIMITS = {
  summaryChars: 65535,
  textChars: 65535,
  annotationsPerRequest: 50
};
function checkRunConclusion(rootState) {
  switch (rootState) {
    case "success":
      return "success";
    case "partial_success":
      return "neutral";
    case "failure":
      return "failure";
    case "needs_human":
    case "infeasible":
    case "needs_replan":
      return "action_required";
    case "cancelled":
      return "cancelled";
  }
}
__name(checkRunConclusion, "checkRunConclusion");
function batchAnnotations(annotations, size = 50) {
  if (!Number.isInteger(size) || size < 1 || size > CHECK_RUN_LIMITS.annotationsPerRequest) {
    throw new RangeError(`annotation batch size must be an integer from 1 to 50, not ${size}`);
  }
  const batches = [];
  for (let i = 0; i < annotations.length; i += size) batches.push(annotations.slice(i, i + size));
  return batches;
}
__name(batchAnnotations, "batchAnnotations");
var count4 = new Intl.NumberFormat("en-US");
function checkRunTitle(report, counts) {
  const facts = [
    counts.failed ? `${failedText(counts)} failed` : "",
    counts.blocked ? `${count4.format(counts.blocked)} blocked` : "",
    counts.needsHuman ? `${count4.format(counts.needsHuman)} need a person` : "",
    `${count4.format(counts.verified)} verified`,
    `${count4.format(counts.inherited)} inherited`,
    decidedTotalsText(report.totals).slice(2)
  ].filter(Boolean);
  return truncateChars(`${ROOT_HEADLINES[report.rootState].word}: ${facts.join(", ")}`, 255);
}
__name(checkRunTitle, "checkRunTitle");
function annotationsNote(set) {
  const levels = { failure: 0, warning: 0, notice: 0 };
  for (const a of set.annotations) levels[a.annotation_level] += 1;
  const lines = [
    `**Annotations:** ${count4.format(set.annotations.length)} (${levels.failure} failure, ${levels.warning} warning, ${levels.notice} notice).`
  ];
  if (set.omitted > 0) {
    lines.push(
      `${count4.format(set.omitted)} more ${set.omitted === 1 ? "annotation is" : "annotations are"} left out (at most ${count4.format(set.cap)} per check run); every goal is in the full report.`
    );
  }
  if (set.unplaced > 0) {
    lines.push(
      `${count4.format(set.unplaced)} ${set.unplaced === 1 ? "goal or evidence location has" : "goals or evidence locations have"} no file to annotate (a whole-workspace target, or a path outside the workspace).`
    );
  }
  return lines.join(" ");
}
__name(annotationsNote, "annotationsNote");
function limitOf(value, max) {
  return Math.min(max, Math.max(0, Math.floor(value ?? max)));
}
__name(limitOf, "limitOf");
function buildCheckRunOutput(report, graph, options = {}) {
  const set = buildAnnotations(report, graph, options.maxAnnotations ?? DEFAULT_MAX_ANNOTATIONS);
  const entries = goalEntries(report, graph);
  const counts = goalCounts(report, entries);
  const warnings = warningsBlock(report);
  const head = [headline(report, options.reportUrl), countsBlock(report, counts)];
  if (warnings) head.push(warnings);
  head.push(annotationsNote(set));
  const summary = compose(
    { head, table: { header: TABLE_HEADER, rows: entries.map(tableRow) } },
    limitOf(options.summaryLimit, CHECK_RUN_LIMITS.summaryChars),
    utf16Chars
  ).text;
  const text = compose(
    { head: [], picture: pictureSection(report, graph), evidence: evidenceLayout(entries) },
    limitOf(options.textLimit, CHECK_RUN_LIMITS.textChars),
    utf16Chars
  ).text;
  return {
    title: checkRunTitle(report, counts),
    summary,
    ...text.trim() === "" ? {} : { text },
    annotations: set.annotations
  };
}
__name(buildCheckRunOutput, "buildCheckRunOutput");

// src/action/checkRunPost.ts
async function postCheckRun(job, post) {
  const { owner, repo } = job.runner;
  const [first = [], ...rest] = batchAnnotations(post.annotations);
  try {
    const created = await job.services.checks.create({
      owner,
      repo,
      name: job.inputs.checkName,
      head_sha: checkRunSha(job.runner, job.inputs.headSha),
      status: "completed",
      conclusion: post.conclusion,
      completed_at: post.completedAt,
      ...post.externalId === void 0 ? {} : { external_id: post.externalId },
      output: { ...post.output, annotations: first }
    });
    for (const annotations of rest)
      await job.services.checks.update({
        owner,
        repo,
        check_run_id: created.data.id,
        output: { ...post.output, annotations }
      });
    if (created.data.html_url) job.services.log.info(`DoG: check run ${created.data.html_url}`);
    return created.data.html_url ?? void 0;
  } catch (error) {
    warnCheckRunFailed(job, error);
    return void 0;
  }
}
__name(postCheckRun, "postCheckRun");
function warnCheckRunFailed(job, error) {
  const status = error.status;
  job.services.log.warning(
    status === 403 ? "DoG could not create the check run: the token lacks checks: write (a fork pull request gets a read-only token; use the fork-safe workflow pair). The job summary and the report artifact have the result." : `DoG could not create the check run (${typeof status === "number" ? `HTTP ${status}` : "no status"}): ${error instanceof Error ? error.message : String(error)}`
  );
}
__name(warnCheckRunFailed, "warnCheckRunFailed");

export {
  goalCounts,
  failedText,
  ROOT_HEADLINES,
  stateText,
  renderJobSummary,
  CHECK_RUN_LIMITS,
  checkRunConclusion,
  buildCheckRunOutput,
  postCheckRun
};
