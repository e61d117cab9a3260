#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  postCheckRun
} from "./chunk-FVTIAR2P.js";
import {
  code,
  inline,
  truncateChars
} from "./chunk-MW5LQ63J.js";
import {
  DEFAULT_SCRIPTS_DIR,
  NoGraphError,
  applyInputs,
  findGraphPath,
  normalize,
  pathsChangedByCheckout,
  readTrusted,
  readTrustedFiles,
  readsBaseCommit,
  targetsRoot,
  trustedTree
} from "./chunk-4GD7QATP.js";
import {
  compileGraph,
  formatFromName,
  hostContext,
  loadHostConfig,
  parseStructuredText
} from "./chunk-TR7VHC6V.js";
import {
  trustedBaseSha
} from "./chunk-44AILICO.js";
import {
  ConfigError,
  ExitCode,
  UserError
} from "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/bootstrap.ts
import { lstat as lstat2 } from "node:fs/promises";
import { join as join3 } from "node:path";

// src/action/bootstrapProposal.ts
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join as join2 } from "node:path";

// src/action/bootstrapCheckout.ts
import { constants } from "node:fs";
import { lstat, open, readdir, realpath } from "node:fs/promises";
import { join, posix } from "node:path";
var MAX_FILE_BYTES = 4 * 1024 * 1024;
var CheckoutTree = class {
  constructor(root) {
    this.root = root;
  }
  root;
  static {
    __name(this, "CheckoutTree");
  }
  description = "this pull request's checkout";
  async read(path) {
    const relative = normalize(path);
    const full = join(this.root, relative);
    const info = await lstat(full).catch(() => void 0);
    if (info === void 0) return void 0;
    if (info.isSymbolicLink()) throw linkError(relative);
    if (!info.isFile()) return void 0;
    if (!await this.isInside(posix.dirname(relative))) throw linkError(relative);
    if (info.size > MAX_FILE_BYTES)
      throw new UserError(`${relative} is larger than ${MAX_FILE_BYTES} bytes`);
    const bytes = await readBounded(full).catch((error) => {
      throw unreadable(relative, error);
    });
    if (bytes.length > MAX_FILE_BYTES)
      throw new UserError(`${relative} is larger than ${MAX_FILE_BYTES} bytes`);
    return bytes;
  }
  async listFiles(dir) {
    const relative = normalize(dir);
    const info = await lstat(join(this.root, relative)).catch(() => void 0);
    if (info === void 0 || !info.isDirectory()) return void 0;
    if (!await this.isInside(relative)) return void 0;
    const entries = await readdir(join(this.root, relative), { withFileTypes: true }).catch(
      (error) => {
        throw unreadable(relative, error);
      }
    );
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  }
  /** The directory's real path is exactly where it appears to be: no linked component. */
  async isInside(relativeDir) {
    const root = await realpath(this.root);
    const expected = relativeDir === "." || relativeDir === "" ? root : join(root, relativeDir);
    const actual = await realpath(join(this.root, relativeDir)).catch(() => void 0);
    return actual === expected;
  }
  /**
   * Absolute path of `dir` in the checkout (which may not exist), or undefined when something
   * other than a real directory of the checkout is there.
   */
  async directory(dir) {
    const relative = normalize(dir);
    const info = await lstat(join(this.root, relative)).catch(() => void 0);
    if (info === void 0) return join(this.root, relative);
    if (!info.isDirectory() || !await this.isInside(relative)) return void 0;
    return join(this.root, relative);
  }
};
async function readBounded(path) {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const buffer = Buffer.alloc(MAX_FILE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
__name(readBounded, "readBounded");
function unreadable(path, error) {
  const code2 = error.code ?? "unknown error";
  return new UserError(`cannot read ${path} in the checkout (${code2})`);
}
__name(unreadable, "unreadable");
function linkError(path) {
  return new UserError(
    `${path} is a symbolic link or lies under one; DoG reads the pull request's graph, configuration and scripts only from regular files inside the checkout`
  );
}
__name(linkError, "linkError");

// src/action/bootstrapProposal.ts
async function readProposal(job) {
  const checkout = new CheckoutTree(targetsRoot(job));
  const scratch = join2(job.runner.runnerTemp, "dog", "proposed");
  let files;
  try {
    files = await readTrustedFiles(
      checkout,
      { graph: job.inputs.graph, config: job.inputs.config },
      async (text, path) => (await proposedConfig(job, scratch, text, path)).scriptsDir
    );
  } catch (error) {
    if (error instanceof NoGraphError) return void 0;
    return invalid(error, job.inputs.graph);
  }
  try {
    return { valid: true, graphPath: files.graphPath, graph: await compile(job, checkout, files) };
  } catch (error) {
    return invalid(error, files.graphPath);
  }
}
__name(readProposal, "readProposal");
async function compile(job, checkout, files) {
  const scratch = join2(job.runner.runnerTemp, "dog", "proposed");
  const config = await proposedConfig(job, scratch, files.config, files.configPath);
  const libraryDir = await checkout.directory(config.scriptsDir);
  if (libraryDir === void 0)
    throw new UserError(
      `the script library ${config.scriptsDir} is not a directory inside the repository`
    );
  const context = await withConfigSource(
    files.configPath,
    () => hostContext({
      workspace: targetsRoot(job),
      configPath: config.path,
      configRequired: files.config !== null,
      env: job.env,
      libraryDir,
      adjust: /* @__PURE__ */ __name((loaded) => applyInputs(loaded, job), "adjust")
    })
  );
  const document = parseStructuredText(files.graph, {
    source: files.graphPath,
    format: formatFromName(files.graphPath),
    maxBytes: context.config.limits.maxGraphBytes
  });
  return compileGraph(document, {
    source: files.graphPath,
    limits: context.limits,
    host: context.host
  });
}
__name(compile, "compile");
async function proposedConfig(job, scratch, text, path) {
  const file = join2(scratch, path.endsWith(".json") ? "config.json" : "config.yaml");
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  if (text === null) return { path: file, scriptsDir: DEFAULT_SCRIPTS_DIR };
  await writeFile(file, text);
  const config = await withConfigSource(
    path,
    () => loadHostConfig(file, { required: true, env: job.env })
  );
  return { path: file, scriptsDir: config.scriptsDir };
}
__name(proposedConfig, "proposedConfig");
async function withConfigSource(path, load) {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(path, error.problems);
    throw error;
  }
}
__name(withConfigSource, "withConfigSource");
function invalid(error, graphPath) {
  if (!(error instanceof UserError)) throw error;
  return { valid: false, graphPath, message: error.message, problems: error.problems };
}
__name(invalid, "invalid");

// src/action/bootstrap.ts
async function loadTrustedSource(job) {
  const tree = trustedTree(job);
  try {
    return { kind: "trusted", files: await readTrusted(job, tree) };
  } catch (error) {
    if (!(error instanceof NoGraphError) || !readsBaseCommit(job)) throw error;
    return { kind: "bootstrap", view: await bootstrapView(job) };
  }
}
__name(loadTrustedSource, "loadTrustedSource");
async function bootstrapOf(job) {
  if (!readsBaseCommit(job)) return void 0;
  const tree = trustedTree(job);
  try {
    await findGraphPath(tree, job.inputs.graph);
    return void 0;
  } catch (error) {
    if (!(error instanceof NoGraphError)) throw error;
    return bootstrapView(job);
  }
}
__name(bootstrapOf, "bootstrapOf");
function sourceOf(job) {
  return job.runner.mergeGroup ? "merge group" : "pull request";
}
__name(sourceOf, "sourceOf");
async function bootstrapView(job) {
  const base = `base commit ${(trustedBaseSha(job.runner) ?? "").slice(0, 12)}`;
  const proposal = await readProposal(job);
  if (proposal === void 0)
    throw new UserError(
      `no DoG graph in the ${base} nor in the checked-out changes: add one at .dog/graph.yaml (or set the graph input to where it is); see "Using the Action" in DoG's README`
    );
  return {
    source: sourceOf(job),
    graphPath: proposal.graphPath,
    base,
    proposed: await proposedView(job, proposal)
  };
}
__name(bootstrapView, "bootstrapView");
async function proposedView(job, proposal) {
  if (!proposal.valid)
    return { valid: false, message: proposal.message, problems: proposal.problems };
  const { graph } = proposal;
  const root = targetsRoot(job);
  const work = [];
  for (const item of graph.workItems)
    work.push({
      key: item.key,
      title: graph.nodes.get(item.goalId)?.title ?? item.goalId,
      role: item.role,
      target: item.target,
      verifier: item.verifier,
      presence: await presenceOf(join3(root, item.target))
    });
  return { valid: true, graphId: graph.id, goals: graph.nodes.size, work };
}
__name(proposedView, "proposedView");
async function presenceOf(path) {
  const info = await lstat2(path).catch(() => void 0);
  if (info === void 0) return "missing";
  if (info.isFile()) return "file";
  if (info.isDirectory()) return "directory";
  return "other";
}
__name(presenceOf, "presenceOf");
async function graphChangeOf(job, files, trusted) {
  const paths = await pathsChangedByCheckout(job, files);
  if (paths.length === 0) return void 0;
  const source = sourceOf(job);
  const proposal = await readProposal(job);
  if (proposal === void 0)
    return { source, paths, proposed: { valid: false, message: REMOVED, problems: [] } };
  if (!proposal.valid) {
    const { message, problems } = proposal;
    return { source, paths, proposed: { valid: false, message, problems } };
  }
  return { source, paths, proposed: { valid: true, ...differences(trusted, proposal.graph) } };
}
__name(graphChangeOf, "graphChangeOf");
var REMOVED = "it removes the graph: after merge DoG finds none and every run fails until one is added back";
function differences(before, after) {
  const shape = /* @__PURE__ */ __name((graph, id) => JSON.stringify([
    graph.nodes.get(id),
    graph.dependencies.get(id) ?? [],
    graph.parents.get(id) ?? []
  ]), "shape");
  const ids = /* @__PURE__ */ __name((graph) => [...graph.nodes.keys()].sort(), "ids");
  return {
    goals: after.nodes.size,
    added: ids(after).filter((id) => !before.nodes.has(id)),
    removed: ids(before).filter((id) => !after.nodes.has(id)),
    changed: ids(after).filter(
      (id) => before.nodes.has(id) && shape(before, id) !== shape(after, id)
    )
  };
}
__name(differences, "differences");

// src/action/bootstrapPublish.ts
import { posix as posix2 } from "node:path";

// src/reporting/github/bootstrap.ts
function pathCode(path) {
  return /^[A-Za-z0-9._/-]{1,300}$/.test(path) ? `\`${path}\`` : inline(path, MAX_TEXT);
}
__name(pathCode, "pathCode");
var MAX_ROWS = 200;
var MAX_PROBLEMS = 50;
var BOOTSTRAP_SUMMARY_CHARS = 65e3;
var MAX_TEXT = 300;
var BOOTSTRAP_TITLES = {
  valid: "DoG: bootstrap \u2014 takes effect after merge",
  invalid: "DoG: bootstrap \u2014 the proposed graph is invalid"
};
function bootstrapConclusion(view) {
  return view.proposed.valid ? "neutral" : "failure";
}
__name(bootstrapConclusion, "bootstrapConclusion");
function bootstrapTitle(view) {
  return view.proposed.valid ? BOOTSTRAP_TITLES.valid : BOOTSTRAP_TITLES.invalid;
}
__name(bootstrapTitle, "bootstrapTitle");
function renderBootstrapSummary(view, maxChars = BOOTSTRAP_SUMMARY_CHARS) {
  let rows = MAX_ROWS;
  let text = renderWithRows(view, rows);
  while (text.length > maxChars && rows > 0) {
    rows = Math.floor(rows / 2);
    text = renderWithRows(view, rows);
  }
  return truncateChars(text, maxChars);
}
__name(renderBootstrapSummary, "renderBootstrapSummary");
function renderWithRows(view, maxRows) {
  const where = view.graphPath === void 0 ? "its graph" : pathCode(view.graphPath);
  const lines = [
    `## ${bootstrapTitle(view)}`,
    "",
    `The ${inline(view.base, MAX_TEXT)} has no DoG graph yet, so this ${view.source} adds the first one: ${where}. DoG validated this ${view.source}'s version and ran nothing from it \u2014 no script, no configured command, no model. The graph takes effect after merge: from then on, every pull request is verified with the graph of its base branch.`,
    ""
  ];
  if (!view.proposed.valid) return [...lines, ...problemLines(view.proposed)].join("\n");
  return [...lines, ...planLines(view.proposed, maxRows)].join("\n");
}
__name(renderWithRows, "renderWithRows");
function planLines(view, maxRows) {
  const agentic = view.work.filter((w) => w.verifier.mode === "agentic");
  const calls = agentic.reduce((n, w) => n + votesOf(w.verifier), 0);
  const missing = view.work.filter((w) => w.presence === "missing");
  const rows = view.work.slice(0, maxRows).map(workRow);
  return [
    `### What it would verify`,
    "",
    `The graph ${code(view.graphId)} is valid: ${view.goals} goal(s), ${view.work.length} verification(s) \u2014 ${view.work.length - agentic.length} programmatic, ${agentic.length} agentic (${calls} agent run(s) counting votes).`,
    "",
    "| Goal | Title | Verifier | Target | In this pull request |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    ...view.work.length > rows.length ? ["", `\u2026 and ${view.work.length - rows.length} more.`] : [],
    "",
    `**Which would run:** all of them, on the first run after merge. DoG looks up no earlier verdicts for a graph that is not trusted yet; later runs inherit the verdict of every goal whose bytes and verifier did not change.`,
    ...missing.length > 0 ? [
      "",
      `**Would fail as \`target_missing\` if still absent after merge:** ${missing.map((w) => code(w.key)).join(", ")}. If a build step produces them, run it before DoG in the workflow.`
    ] : []
  ];
}
__name(planLines, "planLines");
function workRow(work) {
  const cells = [
    code(work.key),
    inline(work.title, MAX_TEXT),
    verifierText(work.verifier),
    pathCode(work.target),
    PRESENCE[work.presence]
  ];
  return `| ${cells.join(" | ")} |`;
}
__name(workRow, "workRow");
var PRESENCE = {
  file: "file present",
  directory: "directory present",
  missing: "**missing**",
  other: "a link or special file (checked at capture)"
};
function votesOf(verifier) {
  return verifier.mode === "agentic" ? verifier.votes ?? 1 : 0;
}
__name(votesOf, "votesOf");
function verifierText(verifier) {
  if (verifier.mode === "programmatic") return `script ${code(verifier.script)}`;
  const votes = (verifier.votes ?? 1) > 1 ? `, ${verifier.votes ?? 1} votes` : "";
  const model = verifier.model === void 0 ? "" : `, model ${code(verifier.model)}`;
  return `agentic${votes}${model}`;
}
__name(verifierText, "verifierText");
function problemLines(view) {
  const shown = view.problems.slice(0, MAX_PROBLEMS);
  return [
    "### What to fix",
    "",
    inline(view.message, MAX_TEXT),
    "",
    ...shown.map((p) => `- ${problemText(p)}`),
    ...view.problems.length > shown.length ? [`- \u2026 and ${view.problems.length - shown.length} more`] : [],
    "",
    "Run `dog validate` locally to see the same list."
  ];
}
__name(problemLines, "problemLines");
function problemText(problem) {
  const where = problem.pointer === "" ? "/" : problem.pointer;
  const subject = problem.subject === void 0 ? "" : ` (${inline(problem.subject, MAX_TEXT)})`;
  return `${inline(where, MAX_TEXT)}${subject}: ${inline(problem.message, MAX_TEXT)}`;
}
__name(problemText, "problemText");
function bootstrapAnnotationText(view) {
  if (view.proposed.valid) return void 0;
  const lines = view.proposed.problems.slice(0, MAX_PROBLEMS).map((p) => {
    const where = p.pointer === "" ? "/" : p.pointer;
    return `${where}${p.subject === void 0 ? "" : ` (${p.subject})`}: ${p.message}`;
  });
  return truncateChars([view.proposed.message, ...lines].join("\n"), 4e3);
}
__name(bootstrapAnnotationText, "bootstrapAnnotationText");
function renderGraphChange(view) {
  const paths = view.paths.slice(0, 20).map(pathCode);
  const more = view.paths.length > paths.length ? `, \u2026 (${view.paths.length} in all)` : "";
  const head = [
    `### This ${view.source} changes DoG\u2019s graph, configuration or scripts`,
    "",
    `It changes ${paths.join(", ")}${more}. This run verified with the base commit's version; the change takes effect after merge.`,
    ""
  ];
  if (!view.proposed.valid)
    return [
      ...head,
      "**Its version is invalid**, so it could not take effect:",
      "",
      ...problemLines(view.proposed).slice(2)
    ].join("\n");
  const { goals, added, removed, changed } = view.proposed;
  const list = /* @__PURE__ */ __name((ids) => ids.length === 0 ? "none" : ids.slice(0, 50).map((id) => code(id)).join(", ") + (ids.length > 50 ? ", \u2026" : ""), "list");
  return [
    ...head,
    `**Its version is valid:** ${goals} goal(s). Added: ${list(added)}. Removed: ${list(removed)}. Changed: ${list(changed)}.`
  ].join("\n");
}
__name(renderGraphChange, "renderGraphChange");

// src/action/bootstrapPublish.ts
async function publishBootstrap(job, view, publishing) {
  const summary = renderBootstrapSummary(view);
  await job.services.log.appendSummary(`${summary}
`);
  if (publishing.checkRun && job.inputs.checkRun) await createBootstrapCheck(job, view, summary);
  job.services.log.info(
    view.proposed.valid ? `DoG: bootstrap \u2014 the base commit has no graph; this pull request's graph is valid (${view.proposed.work.length} verification(s)) and takes effect after merge. Nothing was verified.` : "DoG: bootstrap \u2014 the base commit has no graph and this pull request's graph is invalid."
  );
  if (!view.proposed.valid && publishing.failOnInvalid)
    throw new UserError(
      `the graph this pull request adds is invalid: ${view.proposed.message}`,
      view.proposed.problems
    );
  return ExitCode.success;
}
__name(publishBootstrap, "publishBootstrap");
async function createBootstrapCheck(job, view, summary) {
  const message = bootstrapAnnotationText(view);
  const annotations = message === void 0 || view.graphPath === void 0 ? [] : [
    {
      path: posix2.join(job.inputs.workspace.replace(/\\/g, "/"), view.graphPath),
      start_line: 1,
      end_line: 1,
      annotation_level: "failure",
      title: "DoG: invalid graph",
      message
    }
  ];
  await postCheckRun(job, {
    conclusion: bootstrapConclusion(view),
    completedAt: (/* @__PURE__ */ new Date()).toISOString(),
    output: { title: bootstrapTitle(view), summary },
    annotations
  });
}
__name(createBootstrapCheck, "createBootstrapCheck");

export {
  loadTrustedSource,
  bootstrapOf,
  graphChangeOf,
  renderGraphChange,
  publishBootstrap
};
