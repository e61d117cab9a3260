#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  decisionRecord,
  retryKeys,
  silentProgress
} from "./chunk-ADU7NFFL.js";
import {
  toCaptureOutcome
} from "./chunk-QRRQDQDQ.js";
import {
  REPORT_ARTIFACT,
  parseCommand,
  publishComment
} from "./chunk-FBN4L3OG.js";
import {
  statusOf
} from "./chunk-XRIMI4AU.js";
import {
  buildCheckRunOutput,
  checkRunConclusion,
  postCheckRun,
  renderJobSummary
} from "./chunk-FVTIAR2P.js";
import {
  escapeText
} from "./chunk-MW5LQ63J.js";
import {
  isJobLabel,
  jobCacheTrust,
  listed,
  loadDecisions,
  mergeDecisions,
  namedFor,
  parseArtifactName,
  prepareHost,
  providerEnv,
  readTrusted,
  runIdOf,
  saveDecisions,
  trustedTree,
  workspacePrefix
} from "./chunk-4GD7QATP.js";
import "./chunk-6TYA4KEX.js";
import {
  lookupIn,
  rootState,
  settleAll
} from "./chunk-OB6IMDL2.js";
import {
  GIT_DIR_NAME,
  LocalStore,
  anchorsOf,
  gmDigestOf,
  hostEngineDeps,
  linkTextProblem,
  mapBounded,
  normalizeTarget,
  recordDigestOf,
  sealReport,
  specDigestOf,
  targetSyntaxError,
  treePathProblem,
  validateAgainst,
  workKey
} from "./chunk-TR7VHC6V.js";
import "./chunk-R23ZG7MU.js";
import "./chunk-44AILICO.js";
import {
  ExitCode,
  UserError,
  quoted
} from "./chunk-XFO2KDJT.js";
import "./chunk-3BXAZ2JA.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/core/human/change.ts
function changeOf(request) {
  const { command } = request;
  if (command.kind === "retry") return retriesOf(command.target, request);
  try {
    const record = decisionRecord({
      report: request.report,
      key: command.goal,
      decision: command.kind,
      login: request.login,
      reason: command.reason,
      at: request.at
    });
    return { decisions: [record] };
  } catch (error) {
    if (error instanceof UserError) return error.message;
    throw error;
  }
}
__name(changeOf, "changeOf");
function retriesOf(target, request) {
  const { report, graph } = request;
  let keys;
  try {
    keys = retryKeys(["goal" in target ? target.goal : target.group], graph, report);
  } catch (error) {
    if (error instanceof UserError) return error.message.replace(/^--retry: /, "");
    throw error;
  }
  const retries = [];
  for (const key of keys) {
    const node = settlementOf(report, key);
    if (!node?.captureDigest) continue;
    retries.push({
      key,
      captureDigest: node.captureDigest,
      ...node.gmDigest ? { gmDigest: node.gmDigest } : {},
      requestedBy: request.login,
      at: request.at,
      run: request.reportRun
    });
  }
  if (retries.length === 0)
    return "goal" in target ? `nothing to retry: the report shows no verification of ${target.goal} (it was not captured)` : `nothing to retry: no goal of the report is ${target.group === "failed" ? "failed" : "waiting for a person"}`;
  return { retries };
}
__name(retriesOf, "retriesOf");
function settlementOf(report, key) {
  return key.endsWith("#assert") ? report.nodes[key.slice(0, -7)]?.assert : report.nodes[key];
}
__name(settlementOf, "settlementOf");

// src/core/human/resettle.ts
function settlementFor(report, item) {
  const node = report.nodes[item.goalId];
  return item.role === "assert" ? node?.assert : node;
}
__name(settlementFor, "settlementFor");
function decisionFor(settlement, item, decisions) {
  const bound = settlement.gmDigest ?? settlement.specDigest;
  return decisions.find(
    (d) => d.goalId === item.goalId && d.role === item.role && d.decidedBy !== void 0 && bound !== void 0 && d.gmDigest === bound && d.captureDigest === settlement.captureDigest
  );
}
__name(decisionFor, "decisionFor");
function resettle(input) {
  const { graph, report } = input;
  const results = /* @__PURE__ */ new Map();
  const applied = /* @__PURE__ */ new Map();
  for (const item of graph.workItems) {
    const settlement = settlementFor(report, item);
    if (!settlement) continue;
    const decision = decisionFor(settlement, item, input.decisions);
    if (decision) applied.set(item.key, decision);
    const result = decision ? { verdict: decision.verdict } : resultOf(settlement);
    if (result) results.set(item.key, result);
  }
  const statuses = settleAll(graph, { results, running: /* @__PURE__ */ new Set() });
  const root = rootState(graph, lookupIn(statuses), {
    allowPartialRoot: input.allowPartialRoot,
    cancelled: false
  });
  const nodes = {};
  for (const [id, node] of Object.entries(report.nodes)) {
    const status = statuses.get(id);
    const own = applied.get(id);
    const assertDecision = applied.get(`${id}#assert`);
    nodes[id] = {
      ...withStatus(node, status, own),
      ...node.assert ? { assert: withStatus(node.assert, void 0, assertDecision) } : {}
    };
  }
  const resettled = {
    ...report,
    runId: input.runId,
    finishedAt: input.finishedAt,
    rootState: root,
    nodes
  };
  return sealReport(resettled, anchorsOf(report));
}
__name(resettle, "resettle");
function resultOf(s) {
  if (s.verdict) return { verdict: s.verdict, ...s.error ? { error: s.error } : {} };
  if (s.state === "needs_human" && s.error) return { verdict: "inconclusive", error: s.error };
  if (s.state === "failure" && s.error) return { verdict: "fail", error: s.error };
  return void 0;
}
__name(resultOf, "resultOf");
function withStatus(s, status, decision) {
  const next = { ...s };
  if (status && !decision) {
    next.state = status.state;
    if (status.reason !== void 0) next.reason = status.reason;
  }
  if (!decision?.decidedBy) return next;
  const { error: _dropped, origin: _theirs, ...rest } = next;
  void _dropped;
  void _theirs;
  return {
    ...rest,
    recordDigest: recordDigestOf(decision),
    ...decision.origin ? { origin: decision.origin } : {},
    state: decision.verdict === "pass" ? "success" : "failure",
    verdict: decision.verdict,
    inherited: false,
    evidence: decision.evidence,
    decidedBy: decision.decidedBy
  };
}
__name(withStatus, "withStatus");

// src/action/comment/handOn.ts
async function handOn(job, request, headSha) {
  const workflow = /\/\.github\/workflows\/([^@/]+)@/.exec(job.env.GITHUB_WORKFLOW_REF ?? "")?.[1];
  const branch = job.runner.ref?.startsWith("refs/heads/") ? job.runner.ref : "refs/heads/main";
  if (workflow === void 0 || request.commentId === void 0)
    throw new UserError(
      "this job may not write the Actions cache and cannot hand the command on: run decide on workflow_dispatch (see examples/workflows/dog-decide.yml)"
    );
  await job.services.review.dispatch(workflow, branch, {
    "pull-request": String(request.pullRequest),
    "comment-id": String(request.commentId),
    "head-sha": headSha
  });
  job.services.log.info(
    `DoG: the command was checked and handed on to a workflow_dispatch run of ${workflow}, which records it`
  );
  return ExitCode.success;
}
__name(handOn, "handOn");

// src/core/human/derivedBinding.ts
function boundKeys(change) {
  const keys = (change.decisions ?? []).map((d) => workKey(d.goalId, d.role));
  return [.../* @__PURE__ */ new Set([...keys, ...(change.retries ?? []).map((r) => r.key)])];
}
__name(boundKeys, "boundKeys");
function unboundProblem(report, graph, derived) {
  for (const [key, { capture, identity }] of derived) {
    const item = graph.workItemByKey.get(key);
    const settled = settlementOf2(report, key);
    if (!item || !settled) return `${quoted(key)} is not a goal of the report`;
    const captureDigest = capture.ok ? capture.digest : void 0;
    const gm = captureDigest && identity.ok ? gmDigestOf(captureDigest, identity.identity) : void 0;
    const spec = captureDigest && specDigestOf(captureDigest, item.verifier);
    const differs = settled.captureDigest !== captureDigest || settled.gmDigest !== void 0 && settled.gmDigest !== gm || settled.specDigest !== void 0 && settled.specDigest !== spec;
    if (differs) return mismatch(key, settled.captureDigest, captureDigest, capture);
  }
  return void 0;
}
__name(unboundProblem, "unboundProblem");
function mismatch(key, reported, derived, capture) {
  const read = capture.ok ? `captures to ${short(derived)}` : `could not be captured (${capture.error.message})`;
  return `the report's digests for ${quoted(key)} (capture ${short(reported)}) are not those of the commit DoG's run checked out, whose target ${read}: the report does not describe these bytes; re-run DoG's workflow for this pull request and decide on its new report`;
}
__name(mismatch, "mismatch");
function short(digest) {
  return digest === void 0 ? "none" : digest.slice(0, 19);
}
__name(short, "short");
function settlementOf2(report, key) {
  return key.endsWith("#assert") ? report.nodes[key.slice(0, -7)]?.assert : report.nodes[key];
}
__name(settlementOf2, "settlementOf");

// src/action/review/deriveFromCommit.ts
import { mkdir as mkdir2, rm as rm2 } from "node:fs/promises";
import { join } from "node:path";

// src/action/review/headTree.ts
import { chmod, mkdir, readdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";

// src/action/review/headFetch.ts
import { createHash } from "node:crypto";

// src/action/review/headListing.ts
var OBJECT_NAME = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
function isObjectName(sha) {
  return OBJECT_NAME.test(sha);
}
__name(isObjectName, "isObjectName");
function parseListing(data, shown) {
  const answer = data ?? {};
  if (!Array.isArray(answer.tree) || typeof answer.truncated !== "boolean")
    throw new UserError(`GitHub's tree of ${shown} is not a git tree listing; try again later`);
  return {
    items: answer.tree.map((entry) => parseItem(entry, shown)),
    truncated: answer.truncated
  };
}
__name(parseListing, "parseListing");
function parseItem(entry, shown) {
  const { path: path2, mode, type, sha, size } = entry ?? {};
  if (typeof path2 !== "string" || typeof sha !== "string" || !isObjectName(sha))
    throw new UserError(`GitHub's tree of ${shown} holds an entry without a path or sha`);
  const problem = pathProblem(path2);
  if (problem !== void 0)
    throw new UserError(
      `GitHub's tree of ${shown} holds ${JSON.stringify(path2)}, which ${problem}`
    );
  const kind = kindOf(mode, type);
  if (kind === void 0)
    throw new UserError(
      `GitHub's tree of ${shown} holds ${JSON.stringify(path2)} with mode ${JSON.stringify(mode)} and type ${JSON.stringify(type)}, which git does not check out`
    );
  const blob = kind === "file" || kind === "executable" || kind === "symlink";
  if (blob && !(typeof size === "number" && Number.isSafeInteger(size) && size >= 0))
    throw new UserError(`GitHub's tree of ${shown} gives ${JSON.stringify(path2)} no size`);
  return { path: path2, kind, sha, size: blob ? size : 0 };
}
__name(parseItem, "parseItem");
function pathProblem(path2) {
  if (path2.includes("\0")) return "contains a NUL byte";
  if (path2.startsWith("/")) return "is absolute";
  const segments = path2.split("/");
  if (segments.some((s) => s === "" || s === ".")) return 'has an empty or "." segment';
  if (segments.includes("..")) return 'has a ".." segment';
  if (segments.includes(GIT_DIR_NAME)) return "lies inside .git";
  return void 0;
}
__name(pathProblem, "pathProblem");
function kindOf(mode, type) {
  if (typeof mode !== "string") return void 0;
  if (type === "tree" && (mode === "040000" || mode === "40000")) return "directory";
  if (type === "commit" && mode === "160000") return "submodule";
  if (type !== "blob") return void 0;
  if (mode === "120000") return "symlink";
  if (!/^100[0-7]{3}$/.test(mode)) return void 0;
  return Number.parseInt(mode.slice(3), 8) & 64 ? "executable" : "file";
}
__name(kindOf, "kindOf");
function selectTarget(items, target) {
  if (target === ".") return { kind: "directory", items: checkedTree(items, target) };
  const byPath = new Map(items.map((item) => [item.path, item]));
  const segments = target.split("/");
  for (let depth = 1; depth <= segments.length; depth += 1) {
    const item = byPath.get(segments.slice(0, depth).join("/"));
    if (item === void 0) return { kind: "missing" };
    if (item.kind === "symlink")
      throw new UserError(
        `target ${JSON.stringify(target)} goes through the symlink ${JSON.stringify(item.path)} in the pull request's head; DoG derives a goal's bytes from the head commit only for targets that are real files and directories \u2014 point the graph's target at the real path`
      );
    if (depth === segments.length) return selected(items, item, target);
    if (item.kind !== "directory") return { kind: "missing" };
  }
  return { kind: "missing" };
}
__name(selectTarget, "selectTarget");
function selected(items, item, target) {
  if (item.kind === "file" || item.kind === "executable") return { kind: "file", item };
  if (item.kind === "submodule") return { kind: "directory", items: [] };
  const prefix = `${target}/`;
  const below = items.filter((entry) => entry.path.startsWith(prefix)).map((entry) => ({ ...entry, path: entry.path.slice(prefix.length) }));
  return { kind: "directory", items: checkedTree(below, target) };
}
__name(selected, "selected");
function checkedTree(items, target) {
  const kinds = /* @__PURE__ */ new Map();
  for (const item of items) {
    if (kinds.has(item.path))
      throw new UserError(`GitHub's tree lists ${JSON.stringify(item.path)} twice`);
    kinds.set(item.path, item.kind);
  }
  for (const item of items) {
    const slash = item.path.lastIndexOf("/");
    if (slash < 0 || kinds.get(item.path.slice(0, slash)) === "directory") continue;
    throw new UserError(
      `GitHub's tree of target ${JSON.stringify(target)} lists ${JSON.stringify(item.path)} without its directory`
    );
  }
  return [...items];
}
__name(checkedTree, "checkedTree");

// src/action/review/headFetch.ts
async function listTarget(fetch, target) {
  const whole = await listTree(fetch, fetch.commit, true);
  if (!whole.truncated) return whole.items;
  if (target === ".") throw truncated(fetch, whole, "the repository");
  const segments = target.split("/");
  const items = [];
  let sha = fetch.commit;
  for (let depth = 0; depth < segments.length; depth += 1) {
    const level = await listTree(fetch, sha, false);
    const prefix = segments.slice(0, depth).join("/");
    if (level.truncated) throw truncated(fetch, level, JSON.stringify(prefix || "."));
    const entry = level.items.find((item) => item.path === segments[depth]);
    if (entry === void 0) return items;
    items.push({ ...entry, path: prefix === "" ? entry.path : `${prefix}/${entry.path}` });
    if (entry.kind !== "directory") return items;
    sha = entry.sha;
  }
  const below = await listTree(fetch, sha, true);
  if (below.truncated) throw truncated(fetch, below, `target ${JSON.stringify(target)}`);
  return [...items, ...below.items.map((item) => ({ ...item, path: `${target}/${item.path}` }))];
}
__name(listTarget, "listTarget");
async function listTree(fetch, sha, recursive) {
  const shown = `${sha === fetch.commit ? "commit" : "tree"} ${sha.slice(0, 12)}`;
  const params = { ...fetch.repo, tree_sha: sha, ...recursive ? { recursive: "true" } : {} };
  const answer = await ask(fetch, `the tree of ${shown}`, () => fetch.client.getTree(params));
  return parseListing(answer, shown);
}
__name(listTree, "listTree");
function truncated(fetch, listing, what) {
  return new UserError(
    `${what} at commit ${fetch.commit.slice(0, 12)} is too large to review from GitHub's API: GitHub listed ${listing.items.length} entries and left the rest out (truncated); DoG never derives a goal's bytes from an incomplete listing, so this goal cannot be approved or rejected from a comment \u2014 narrow the goal's target, or settle it with a verifier instead of a person`
  );
}
__name(truncated, "truncated");
async function readBlob(fetch, item) {
  const shown = `blob ${item.sha.slice(0, 12)} (${JSON.stringify(item.path)})`;
  const data = await ask(
    fetch,
    shown,
    () => fetch.client.getBlob({ ...fetch.repo, file_sha: item.sha })
  );
  if (data?.encoding !== "base64" || typeof data.content !== "string")
    throw new UserError(`GitHub answered ${shown} without base64 content; try again later`);
  const bytes = Buffer.from(data.content, "base64");
  if (bytes.length !== item.size || gitObjectName(bytes, item.sha.length) !== item.sha)
    throw new UserError(
      `GitHub answered ${shown} with bytes that do not hash to that name (git's blob ${item.sha.length === 64 ? "SHA-256" : "SHA-1"}); DoG never reviews bytes that are not the commit's own \u2014 try again later`
    );
  return bytes;
}
__name(readBlob, "readBlob");
function gitObjectName(bytes, hexLength) {
  const hash = createHash(hexLength === 64 ? "sha256" : "sha1");
  return hash.update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}
__name(gitObjectName, "gitObjectName");
async function ask(fetch, what, call) {
  try {
    return (await call()).data;
  } catch (error) {
    const status = error.status;
    const detail = error instanceof Error ? error.message : String(error);
    const code = typeof status === "number" ? `HTTP ${status}` : "no status";
    const hint = status === 404 ? `; is ${fetch.commit.slice(0, 12)} a commit of ${fetch.repo.owner}/${fetch.repo.repo}?` : "; the job needs permissions: contents: read";
    throw new UserError(
      `cannot read ${what} through GitHub's git database API (${code}): ${detail}${hint}`
    );
  }
}
__name(ask, "ask");

// src/action/review/headTree.ts
var DEFAULT_TARGET_BOUNDS = {
  maxFiles: 2e3,
  maxBytes: 64 * 2 ** 20,
  concurrency: 8
};
async function materializeTarget(client, repo, commitSha, targetPath, destDir, bounds = {}) {
  const limits = { ...DEFAULT_TARGET_BOUNDS, ...bounds };
  if (!isObjectName(commitSha))
    throw new UserError(`${JSON.stringify(commitSha)} is not a full commit sha`);
  const syntax = targetPath === "" ? void 0 : targetSyntaxError(targetPath);
  if (syntax !== void 0) throw new UserError(syntax);
  const target = normalizeTarget(targetPath);
  const fetch = { client, repo, commit: commitSha };
  const selection = selectTarget(await listTarget(fetch, target), target);
  await emptyDirectory(destDir);
  try {
    return await layOut(fetch, selection, { root: destDir, target }, limits);
  } catch (error) {
    for (const name of await readdir(destDir))
      await rm(path.join(destDir, name), { recursive: true, force: true });
    throw error;
  }
}
__name(materializeTarget, "materializeTarget");
async function layOut(fetch, selection, made, limits) {
  const { root, target } = made;
  const at = target === "." ? root : path.join(root, target);
  if (selection.kind === "missing") return { ...made, kind: "missing", files: 0, bytes: 0 };
  if (selection.kind === "file") {
    const item = { ...selection.item, path: path.basename(at) };
    checkBounds([item], limits, target);
    await mkdir(path.dirname(at), { recursive: true });
    await writeBlobs(fetch, path.dirname(at), [item], limits.concurrency);
    return { ...made, kind: "file", files: 1, bytes: item.size };
  }
  const blobs = checkBounds(selection.items, limits, target);
  await mkdir(at, { recursive: true });
  await writeTree(fetch, at, selection.items, limits.concurrency);
  const bytes = blobs.reduce((sum, item) => sum + item.size, 0);
  return { ...made, kind: "directory", files: blobs.length, bytes };
}
__name(layOut, "layOut");
function checkBounds(items, limits, target) {
  const shown = JSON.stringify(target);
  for (const item of items) {
    const problem = treePathProblem(item.path);
    if (problem !== void 0)
      throw new UserError(`target ${shown} holds ${JSON.stringify(item.path)}, which ${problem}`);
  }
  const blobs = items.filter((i) => i.kind !== "directory" && i.kind !== "submodule");
  if (blobs.length > limits.maxFiles)
    throw new UserError(
      `target ${shown} holds ${blobs.length} files at the pull request's head, over the limit of ${limits.maxFiles} files DoG reads from GitHub's API to review a goal; narrow the goal's target`
    );
  const bytes = blobs.reduce((sum, item) => sum + item.size, 0);
  if (bytes > limits.maxBytes)
    throw new UserError(
      `target ${shown} holds ${bytes} bytes at the pull request's head, over the limit of ${limits.maxBytes} bytes (${limits.maxBytes / 2 ** 20} MiB) DoG reads from GitHub's API to review a goal; narrow the goal's target`
    );
  return blobs;
}
__name(checkBounds, "checkBounds");
async function emptyDirectory(dir) {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`materializeTarget: ${dir} is not empty`);
}
__name(emptyDirectory, "emptyDirectory");
async function writeTree(fetch, at, items, concurrency) {
  const dirs = items.filter((i) => i.kind === "directory" || i.kind === "submodule");
  for (const dir of dirs) await mkdir(path.join(at, dir.path), { recursive: true });
  const blobs = items.filter((i) => i.kind !== "directory" && i.kind !== "submodule");
  await writeBlobs(fetch, at, blobs, concurrency);
}
__name(writeTree, "writeTree");
async function writeBlobs(fetch, at, blobs, concurrency) {
  const bySha = /* @__PURE__ */ new Map();
  for (const item of blobs) bySha.set(item.sha, [...bySha.get(item.sha) ?? [], item]);
  const links = [];
  await mapBounded([...bySha.values()], concurrency, async (same) => {
    const bytes = await readBlob(fetch, same[0]);
    for (const item of same) {
      if (item.size !== bytes.length)
        throw new UserError(`GitHub's tree gives ${JSON.stringify(item.path)} the wrong size`);
      const abs = path.join(at, item.path);
      if (item.kind === "symlink") links.push({ abs, text: linkText(item, bytes) });
      else await writeBlob(abs, bytes, item.kind === "executable" ? 493 : 420);
    }
  });
  for (const link of links) await symlink(link.text, link.abs);
}
__name(writeBlobs, "writeBlobs");
async function writeBlob(abs, bytes, mode) {
  await writeFile(abs, bytes, { flag: "wx", mode });
  await chmod(abs, mode);
}
__name(writeBlob, "writeBlob");
function linkText(item, bytes) {
  const shown = JSON.stringify(item.path);
  const problem = bytes.length === 0 ? "has an empty target" : bytes.includes(0) ? "has a target with a NUL byte" : linkTextProblem(bytes.toString("utf8"));
  if (problem !== void 0) throw new UserError(`the symlink ${shown} ${problem}`);
  return bytes;
}
__name(linkText, "linkText");

// src/action/review/deriveFromCommit.ts
async function deriveFromCommit(job, request) {
  const root = join(job.runner.runnerTemp, "dog", "decide-derive");
  await rm2(root, { recursive: true, force: true });
  await mkdir2(root, { recursive: true });
  const store = await LocalStore.open(join(root, "store"));
  const derived = /* @__PURE__ */ new Map();
  try {
    for (const [index, key] of request.keys.entries()) {
      const item = request.graph.workItemByKey.get(key);
      if (item)
        derived.set(key, await deriveOne(job, request, item, join(root, `t${index}`), store));
    }
  } finally {
    await rm2(root, { recursive: true, force: true });
  }
  return derived;
}
__name(deriveFromCommit, "deriveFromCommit");
async function deriveOne(job, request, item, dest, store) {
  const prefix = workspacePrefix(job);
  const repoPath = prefix === "" ? item.target : `${prefix}/${item.target}`;
  const repo = { owner: job.runner.owner, repo: job.runner.repo };
  const laid = await materializeTarget(job.services.git, repo, request.commit, repoPath, dest);
  const workspace = prefix === "" ? laid.root : join(laid.root, prefix);
  const deps = await hostEngineDeps(
    { ...request.context, workspace },
    { store, root: store.root },
    silentProgress,
    providerEnv(job),
    { verifies: false }
  );
  const captured = await deps.captures.captureAll([item.target], request.graph.excludes);
  const result = captured.get(item.target);
  if (!result) throw new Error(`capture of ${item.target} returned nothing`);
  return { capture: toCaptureOutcome(result), identity: await deps.verifiers.identityOf(item) };
}
__name(deriveOne, "deriveOne");

// src/action/review/bindToCommit.ts
async function bindingProblem(job, check) {
  const keys = boundKeys(check.change);
  if (keys.length === 0) return void 0;
  let problem;
  for (const commit of commitsToRead(check)) {
    const derived = await deriveFromCommit(job, { ...check, commit, keys });
    problem = unboundProblem(check.report, check.graph, derived);
    if (problem === void 0) return void 0;
  }
  return problem;
}
__name(bindingProblem, "bindingProblem");
function commitsToRead({ report, pull }) {
  const checkedOut = report.trigger?.sha;
  const merge = pull.mergeSha !== void 0 && checkedOut === pull.mergeSha ? [pull.mergeSha] : [];
  return [pull.headSha, ...merge.filter((sha) => sha !== pull.headSha)];
}
__name(commitsToRead, "commitsToRead");

// src/action/comment/latestReport.ts
import { mkdir as mkdir3, readFile, rm as rm3 } from "node:fs/promises";
import { basename, join as join2 } from "node:path";

// src/action/comment/reportWriter.ts
var LABEL_WORD = /(?<![A-Za-z0-9-])(w[1-9][0-9]{0,5}-[1-9][0-9]{0,5})(?![A-Za-z0-9-])/g;
async function reportWriterProblem(runJobs, runId, artifacts) {
  let jobs;
  try {
    jobs = await runJobs.list(runId);
  } catch (error) {
    return `DoG could not list the jobs of its workflow run ${runId} (${error instanceof Error ? error.message : String(error)}); the decide job needs actions: read to tell that the report was uploaded by one of DoG's jobs`;
  }
  return closedRunProblem(runId, artifacts, jobs);
}
__name(reportWriterProblem, "reportWriterProblem");
function closedRunProblem(runId, artifacts, jobs) {
  const distributed = artifacts.some((a) => parseArtifactName(a.name)?.kind === "plan");
  const active = jobs.filter((j) => j.conclusion !== "skipped");
  const labels = labelsOf(artifacts, active);
  const unlabelled = active.filter((j) => !labels.some((label) => namedFor(j, label)));
  const allowed = distributed ? 2 : 1;
  const shape = distributed ? "the plan, the aggregate and one verify job per matrix label" : "the one job that runs DoG";
  const open = /* @__PURE__ */ __name((what) => `workflow run ${runId} ran jobs besides DoG's own (${shape}): ${what}. Any job of a run can upload an artifact named like DoG's report, so decide takes a report only from a run of DoG's pipeline workflow that runs nothing else; give DoG a workflow of its own (other jobs may stay if they are skipped)`, "open");
  if (unlabelled.length > allowed)
    return open(
      `${unlabelled.length} jobs not named for a matrix label, where DoG has ${allowed}: ${listed(unlabelled)}`
    );
  for (const label of labels) {
    const holders = active.filter((j) => namedFor(j, label));
    if (holders.length > 1)
      return open(`${holders.length} jobs are named for ${label}: ${listed(holders)}`);
  }
  return void 0;
}
__name(closedRunProblem, "closedRunProblem");
function labelsOf(artifacts, jobs) {
  const labels = /* @__PURE__ */ new Set();
  for (const artifact of artifacts) {
    const parsed = parseArtifactName(artifact.name);
    if ((parsed?.kind === "records" || parsed?.kind === "taken") && parsed.job !== "plan")
      labels.add(parsed.job);
  }
  for (const job of jobs)
    for (const match of job.name.matchAll(LABEL_WORD))
      if (match[1] && isJobLabel(match[1])) labels.add(match[1]);
  return [...labels];
}
__name(labelsOf, "labelsOf");

// src/action/comment/latestReport.ts
var RUNS_LOOKED_AT = 10;
var REPORT_NAME = /^dog-report(-[A-Za-z0-9._-]+)?$/;
async function latestReport(job, headSha) {
  const workflow = job.inputs.decide.pipelineWorkflow;
  const runs = await job.services.review.workflowRuns(basename(workflow), headSha, "pull_request");
  const ours = runs.filter((run) => isPipelineRun(run, workflow, headSha));
  for (const run of ours.slice(0, RUNS_LOOKED_AT)) {
    const found = await reportOf(job, run);
    if (found) return found;
  }
  return void 0;
}
__name(latestReport, "latestReport");
function isPipelineRun(run, workflow, headSha) {
  return run.path.replace(/@.*$/, "") === workflow && run.headSha === headSha;
}
__name(isPipelineRun, "isPipelineRun");
async function reportOf(job, run) {
  const artifacts = await job.services.artifacts.list(run.id);
  const reports = artifacts.filter((a) => a.name === REPORT_ARTIFACT || REPORT_NAME.test(a.name)).sort((a, b) => b.id - a.id);
  const newest = reports[0];
  if (newest === void 0) return void 0;
  const problem = await reportWriterProblem(job.services.runJobs, run.id, artifacts);
  if (problem) return { refused: problem };
  const dir = join2(job.runner.runnerTemp, "dog", "decide-report", String(newest.id));
  await rm3(dir, { recursive: true, force: true });
  await mkdir3(dir, { recursive: true });
  await job.services.artifacts.download(newest, dir, run.id);
  const value = JSON.parse(await readFile(join2(dir, "report.json"), "utf8"));
  const valid = validateAgainst("report", value);
  if (!valid.ok)
    throw new UserError(
      `the report in ${newest.name} of workflow run ${run.id} does not match its schema: ${valid.problems.map((p) => `${p.pointer || "/"} ${p.message}`).join("; ")}`
    );
  if (!valid.value.runId.startsWith(`gh-${run.id}-`))
    throw new UserError(
      `the report in ${newest.name} of workflow run ${run.id} names run ${valid.value.runId}: it was not written by that run`
    );
  return { report: valid.value, workflowRun: run.id, artifact: newest.name };
}
__name(reportOf, "reportOf");

// src/action/comment/publishDecision.ts
async function publishDecision(job, report, graph, found, pullRequest) {
  await job.services.log.appendSummary(renderJobSummary(report, graph));
  const output = buildCheckRunOutput(report, graph);
  const checkRunUrl = await postCheckRun(job, {
    conclusion: checkRunConclusion(report.rootState),
    completedAt: report.finishedAt ?? (/* @__PURE__ */ new Date()).toISOString(),
    externalId: report.runId,
    output: {
      title: output.title,
      summary: output.summary,
      ...output.text === void 0 ? {} : { text: output.text }
    },
    annotations: output.annotations
  });
  await publishComment(job, report, graph, {
    pullRequest,
    ...checkRunUrl === void 0 ? {} : { checkRunUrl },
    reportRun: String(found.workflowRun),
    artifact: found.artifact
  });
  job.services.log.setOutput("root-state", report.rootState);
}
__name(publishDecision, "publishDecision");

// src/action/comment/reply.ts
var LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
async function replyRefusal(job, pullRequest, login, why) {
  const who = LOGIN.test(login) ? `@${login}` : "This command";
  const body = `${who}: DoG did not carry out this command \u2014 ${escapeText(why).slice(0, 2e3)}`;
  job.services.log.warning(`DoG refused the command: ${why}`);
  try {
    await job.services.review.createComment(pullRequest, body);
  } catch (error) {
    job.services.log.warning(
      `DoG could not reply on the pull request (HTTP ${statusOf(error) ?? "no status"}): the token needs pull-requests: write`
    );
  }
}
__name(replyRefusal, "replyRefusal");

// src/action/comment/request.ts
import { readFile as readFile2 } from "node:fs/promises";
async function readRequest(job) {
  const { eventName } = job.runner;
  if (eventName === "issue_comment") return fromComment(job);
  if (eventName === "workflow_dispatch") return fromDispatch(job);
  throw new UserError(
    `command decide runs on issue_comment or workflow_dispatch, not ${eventName}: see examples/workflows/dog-decide.yml`
  );
}
__name(readRequest, "readRequest");
async function fromComment(job) {
  const payload = await readPayload(job);
  if (payload.action !== "created") return "the comment was not just created";
  const number = payload.issue?.number;
  if (typeof number !== "number" || !payload.issue?.pull_request)
    return "the comment is not on a pull request";
  const { id, body, user } = payload.comment ?? {};
  if (typeof id !== "number" || typeof body !== "string" || typeof user?.login !== "string")
    throw new UserError(
      "the issue_comment payload lacks comment.id, comment.body or comment.user.login"
    );
  return {
    pullRequest: number,
    text: body,
    login: user.login,
    commentId: id,
    via: "issue_comment"
  };
}
__name(fromComment, "fromComment");
async function fromDispatch(job) {
  const { pullRequest, commentId, decision, goal, reason } = job.inputs.decide;
  if (pullRequest === void 0)
    throw new UserError("input pull-request is required for command decide on workflow_dispatch");
  if (commentId !== void 0) return fromHandedOn(job, pullRequest, commentId);
  const login = job.env.GITHUB_TRIGGERING_ACTOR || job.env.GITHUB_ACTOR || "";
  const text = ["/dog", decision, goal, reason].filter((part) => part !== "").join(" ");
  return { pullRequest, text, login, via: "workflow_dispatch" };
}
__name(fromDispatch, "fromDispatch");
async function fromHandedOn(job, pullRequest, commentId) {
  const login = job.env.GITHUB_TRIGGERING_ACTOR || job.env.GITHUB_ACTOR || "";
  let comment;
  try {
    comment = await job.services.review.getComment(commentId);
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
    return {
      pullRequest,
      login,
      refused: `comment ${commentId} was deleted before its command was recorded; post the command again`
    };
  }
  const problem = handedOnProblem(comment, pullRequest);
  if (problem !== void 0)
    return { pullRequest, login: comment.login || login, refused: problem };
  const checkedHead = job.inputs.headSha;
  return {
    pullRequest,
    text: comment.body,
    login: comment.login,
    commentId,
    ...checkedHead === void 0 ? {} : { checkedHead },
    via: "workflow_dispatch"
  };
}
__name(fromHandedOn, "fromHandedOn");
function handedOnProblem(comment, pullRequest) {
  if (comment.issue !== pullRequest)
    return `comment ${comment.id} belongs to ${comment.issue === void 0 ? "no pull request GitHub names" : `#${comment.issue}`}, not to pull request #${pullRequest}`;
  if (comment.updatedAt !== void 0 && comment.updatedAt !== comment.createdAt)
    return `comment ${comment.id} was edited after it was posted, so its command is not the one that was checked; post the command again as a new comment`;
  return void 0;
}
__name(handedOnProblem, "handedOnProblem");
async function readPayload(job) {
  const path2 = job.env.GITHUB_EVENT_PATH;
  if (!path2) return {};
  return JSON.parse(await readFile2(path2, "utf8"));
}
__name(readPayload, "readPayload");

// src/action/commands/decide.ts
import { join as join3 } from "node:path";
var DECIDERS = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
async function commandDecide(job) {
  const request = await readRequest(job);
  if (typeof request === "string") {
    job.services.log.info(`DoG: nothing to decide: ${request}`);
    return ExitCode.success;
  }
  const refuse = /* @__PURE__ */ __name(async (why) => {
    await replyRefusal(job, request.pullRequest, request.login, why);
    return ExitCode.success;
  }, "refuse");
  if ("refused" in request) return refuse(request.refused);
  const parsed = parseCommand(request.text);
  if (parsed.kind === "none") {
    job.services.log.info("DoG: the comment is not a /dog command");
    return ExitCode.success;
  }
  if (parsed.kind === "malformed") return refuse(`malformed command: ${parsed.why}`);
  const checked = await checkCommand(job, request, parsed.command);
  if (typeof checked === "string") return refuse(checked);
  if (!job.services.cache.writeAccess.writable) return handOn(job, request, checked.headSha);
  await save(job, checked);
  if (parsed.command.kind === "retry") return requestRerun(job, checked.found);
  const decided = resettleWith(job, checked, mergeDecisions(checked.earlier, checked.change));
  const onHead = { ...job, inputs: { ...job.inputs, headSha: checked.headSha } };
  await publishDecision(onHead, decided, checked.graph, checked.found, request.pullRequest);
  return ExitCode.success;
}
__name(commandDecide, "commandDecide");
async function checkCommand(job, request, command) {
  const role = await job.services.review.permissionOf(request.login);
  if (!DECIDERS.has(role))
    return `no permission: deciding needs write, maintain or admin access to the repository, and this account has ${role}`;
  const pull = await job.services.review.pullRequest(request.pullRequest);
  const { headSha } = pull;
  if (request.checkedHead !== void 0 && request.checkedHead !== headSha)
    return `the pull request's head moved from ${request.checkedHead.slice(0, 12)} to ${headSha.slice(0, 12)} after the command was posted; look at the new head's DoG report and post the command again`;
  const found = await latestReport(job, headSha);
  if (!found)
    return `no report of DoG's workflow (${job.inputs.decide.pipelineWorkflow}) for the pull request's head commit ${headSha.slice(0, 12)}; wait for its run to finish (if DoG runs from another workflow file, set the decide step's pipeline-workflow input)`;
  if ("refused" in found) return found.refused;
  const { context, graph } = await prepareHost(job, await readTrusted(job, trustedTree(job)));
  if (graph.digest !== found.report.graph.digest)
    return "the graph on the default branch changed since that run; push again (or re-run its DoG workflow) and decide on the new report";
  const place = decisionsPlace(job, graph);
  const earlier = await loadDecisions(place);
  const base = { headSha, found, graph, place, earlier, change: {} };
  const checked = { ...base, allowPartialRoot: context.config.allowPartialRoot };
  const report = resettleWith(job, checked, earlier);
  const at = (/* @__PURE__ */ new Date()).toISOString();
  const reportRun = found.report.runId;
  const change = changeOf({ command, report, reportRun, graph, login: request.login, at });
  if (typeof change === "string") return change;
  const unbound = await bindingProblem(job, { report: found.report, graph, context, change, pull });
  return unbound ?? { ...checked, change };
}
__name(checkCommand, "checkCommand");
function decisionsPlace(job, graph) {
  return {
    cache: job.services.cache,
    trust: jobCacheTrust(job),
    graphId: graph.id,
    scratch: join3(job.runner.runnerTemp, "dog", "decisions"),
    warn: /* @__PURE__ */ __name((message) => job.services.log.warning(message), "warn")
  };
}
__name(decisionsPlace, "decisionsPlace");
function resettleWith(job, checked, decisions) {
  return resettle({
    report: checked.found.report,
    graph: checked.graph,
    decisions: decisions.decisions,
    runId: runIdOf(job),
    finishedAt: (/* @__PURE__ */ new Date()).toISOString(),
    allowPartialRoot: checked.allowPartialRoot
  });
}
__name(resettleWith, "resettleWith");
async function save(job, checked) {
  const saved = await saveDecisions(
    checked.place,
    { run: job.runner.runId, attempt: job.runner.runAttempt, now: /* @__PURE__ */ new Date() },
    checked.earlier,
    checked.change
  );
  if (saved.result.outcome === "refused")
    throw new UserError(
      `the decision could not be saved to the Actions cache (${saved.key}): ${saved.result.reason}`
    );
  job.services.log.info(`DoG: decision saved as ${saved.key}`);
}
__name(save, "save");
async function requestRerun(job, found) {
  await job.services.review.rerun(found.workflowRun);
  job.services.log.info(
    `DoG: asked GitHub to re-run workflow run ${found.workflowRun}; its plan verifies the named goals again`
  );
  return ExitCode.success;
}
__name(requestRerun, "requestRerun");
export {
  commandDecide
};
