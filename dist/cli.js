#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  RETRY_FAILED,
  RETRY_NEEDS_HUMAN,
  decisionRecord,
  parseLogin,
  retryKeys,
  silentProgress
} from "./chunk-ADU7NFFL.js";
import {
  runGraph
} from "./chunk-O2KP5564.js";
import {
  verifyShard
} from "./chunk-ETFXKZNO.js";
import {
  planSession
} from "./chunk-I6G37FBS.js";
import "./chunk-QRRQDQDQ.js";
import {
  aggregateSession
} from "./chunk-JG56UOV5.js";
import {
  VERSION,
  buildSarif,
  encodeSarif,
  exitCodeFor,
  renderHtmlReport,
  stateRank
} from "./chunk-EBQ6T5NQ.js";
import {
  TerminalProgress,
  decidedTotalsText,
  decisionLine,
  defaultDirection,
  nextStepOf,
  oneLine,
  reasonOf,
  renderGraph,
  rootNote,
  voteSplit
} from "./chunk-MW5LQ63J.js";
import "./chunk-SSNHGUWL.js";
import "./chunk-EKLPAXGM.js";
import {
  redactReport
} from "./chunk-IJ7NSDBA.js";
import {
  runBudgetLine
} from "./chunk-OB6IMDL2.js";
import {
  BubblewrapSandbox,
  CHAIN_SCHEME,
  COMPANION_CONFIG_PATH,
  DENIED_SYSCALLS,
  EVICT_TO_FRACTION,
  HostCache,
  LayeredStore,
  LocalStore,
  TieredRecordStore,
  acquireLock,
  canonicalJson,
  captureTarget,
  chainOrder,
  checkGraph,
  checkSandbox,
  companionConfigPath,
  digestHex,
  findBwrap,
  hostConfigDigest,
  hostContext,
  hostEngineDeps,
  hostSeccompArch,
  isBuiltinScript,
  isDigest,
  isErrnoCode,
  isProcessAlive,
  isRunId,
  loadCompanionSettings,
  loadGraph,
  nodeDigestOf,
  parseBwrapVersion,
  parseCompanionSettings,
  parsePlanDocument,
  readGraphDocument,
  readJson,
  recordDigestOf,
  removeMaterialized,
  require_dist,
  resolveGraphPath,
  rootDigestOf,
  runLimited,
  seccompProgram,
  statEntry,
  syntaxDepth,
  toDigest,
  totalBytes,
  validateAgainst,
  workKey,
  writeFileAtomic
} from "./chunk-TR7VHC6V.js";
import {
  CommandNeutraliser
} from "./chunk-R23ZG7MU.js";
import {
  ConfigError,
  DocumentError,
  ExitCode,
  GraphError,
  InternalError,
  MissingGraphError,
  StoreError,
  UserError,
  formatProblem,
  hostRedactor,
  parseInteger
} from "./chunk-XFO2KDJT.js";
import "./chunk-3BXAZ2JA.js";
import {
  __name,
  __toESM
} from "./chunk-BMKY64RE.js";

// src/cli/args.ts
import { parseArgs } from "node:util";

// src/cli/quoteInput.ts
var SHOWN_CHARS = 80;
function quoteInput(text) {
  const cut = text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}\u2026` : text;
  const escaped = JSON.stringify(cut);
  return text.length > SHOWN_CHARS ? `${escaped} (${text.length} characters)` : escaped;
}
__name(quoteInput, "quoteInput");

// src/cli/decideArgs.ts
var GOAL_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/;
var DECIDE_USAGE = "dog decide approve|reject GOAL --reason TEXT [--by NAME] [--run RUN]";
function decideArgs(decision, extra, values) {
  if (decision !== "approve" && decision !== "reject")
    throw new UserError(
      `dog decide: expected approve or reject${decision === void 0 ? "" : `, got ${quoteInput(decision)}`}; usage: ${DECIDE_USAGE}`
    );
  const [goal, ...more] = extra;
  if (goal === void 0)
    throw new UserError(`dog decide ${decision}: name the goal; usage: ${DECIDE_USAGE}`);
  if (more.length > 0)
    throw new UserError(
      `dog decide: unexpected argument ${quoteInput(more[0] ?? "")}; put the reason in --reason "..."`
    );
  checkGoalKey(goal, "dog decide");
  if (values.reason === void 0)
    throw new UserError(
      `dog decide ${decision}: a decision needs --reason TEXT (why, in one line)`
    );
  return {
    command: "decide",
    fresh: false,
    json: values.json ?? false,
    ...values.run === void 0 ? {} : { run: values.run },
    ...values.workspace === void 0 ? {} : { workspace: values.workspace },
    ...values.store === void 0 ? {} : { store: values.store },
    ...values.config === void 0 ? {} : { config: values.config },
    decide: {
      decision,
      goal,
      reason: values.reason,
      ...values.by === void 0 ? {} : { by: values.by }
    }
  };
}
__name(decideArgs, "decideArgs");
function parseRetry(values, fresh) {
  if (fresh) throw new UserError("give --fresh (verify everything) or --retry, not both");
  const requests = values.flatMap((value) => value.split(",")).map((part) => part.trim());
  for (const request of requests) {
    if (request === RETRY_FAILED || request === RETRY_NEEDS_HUMAN) continue;
    if (request === "") throw new UserError("--retry: an empty goal in the list; use GOAL[,GOAL\u2026]");
    checkGoalKey(request, "--retry");
  }
  return [...new Set(requests)];
}
__name(parseRetry, "parseRetry");
function checkGoalKey(goal, where) {
  if (!GOAL_KEY.test(goal))
    throw new UserError(
      `${where}: ${quoteInput(goal)} is not a goal id (letters, digits, . _ - up to 128, optionally #assert)`
    );
}
__name(checkGoalKey, "checkGoalKey");

// src/cli/phaseArgs.ts
var PHASES = /* @__PURE__ */ new Set(["plan", "verify", "aggregate"]);
function phaseArgsOf(command, values) {
  if (!PHASES.has(command)) return {};
  const { exchange, shards, shard } = values;
  if (exchange === void 0 || exchange.trim() === "")
    throw new UserError(
      `dog ${command} needs --exchange DIR: the directory the plan, verify and aggregate phases share`
    );
  if (command === "verify" && (shard === void 0 || shard.trim() === ""))
    throw new UserError(
      "dog verify needs --shard K: a job label from `dog plan --json` (such as w1-2) or a 1-based job number"
    );
  return {
    phase: {
      exchange,
      ...shards === void 0 ? {} : { shards: parseInteger("--shards", shards, 1, 256) },
      ...values["in-plan"] === void 0 ? {} : { inPlan: parseInPlan(values["in-plan"]) },
      ...shard === void 0 ? {} : { shard: shard.trim() }
    }
  };
}
__name(phaseArgsOf, "phaseArgsOf");
function parseInPlan(value) {
  if (value === "programmatic" || value === "none") return value;
  throw new UserError(`--in-plan: expected programmatic or none, got ${quoteInput(value)}`);
}
__name(parseInPlan, "parseInPlan");
var PHASE_USAGE = `  dog plan --exchange DIR [--shards N] [--in-plan programmatic|none] [--graph G]
           [--workspace W] [--store S] [--config C] [--concurrency N] [--fresh] [--json]
                                      capture, inherit, verify what the plan can, write the
                                      plan and the verify jobs (JSON with --json) to DIR
  dog verify --exchange DIR --shard K [--store S] [--concurrency N] [--json]
                                      one verify job: K is a job label (w1-2) or number
  dog aggregate --exchange DIR [--workspace W] [--store S] [--report FILE] [--html FILE] [--sarif FILE] [--json]
                                      settle, report and keep the records (exits as run)
`;

// src/cli/args.ts
var COMPANION_ACTIONS = ["doctor", "install", "settings"];
var COMMANDS = [
  "run",
  "validate",
  "status",
  "init",
  "gc",
  "graph",
  "companion",
  "plan",
  "verify",
  "aggregate",
  "decide",
  "verify-report",
  "help",
  "version"
];
var OPTIONS = {
  graph: { type: "string" },
  workspace: { type: "string" },
  store: { type: "string" },
  config: { type: "string" },
  concurrency: { type: "string" },
  report: { type: "string" },
  html: { type: "string" },
  sarif: { type: "string" },
  fresh: { type: "boolean" },
  json: { type: "boolean" },
  format: { type: "string" },
  run: { type: "string" },
  direction: { type: "string" },
  "dry-run": { type: "boolean" },
  list: { type: "boolean" },
  force: { type: "boolean" },
  "keep-runs": { type: "string" },
  "max-bytes": { type: "string" },
  exchange: { type: "string" },
  shards: { type: "string" },
  shard: { type: "string" },
  "in-plan": { type: "string" },
  retry: { type: "string", multiple: true },
  reason: { type: "string" },
  by: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" }
};
var ALLOWED = {
  run: [
    "graph",
    "workspace",
    "store",
    "config",
    "concurrency",
    "report",
    "html",
    "sarif",
    "fresh",
    "json",
    "retry"
  ],
  validate: ["workspace", "config", "json"],
  status: ["workspace", "store", "config", "json", "list"],
  init: ["workspace", "force"],
  gc: ["workspace", "store", "config", "json", "keep-runs", "max-bytes"],
  graph: ["workspace", "config", "format", "run", "store", "direction"],
  companion: ["json", "dry-run"],
  plan: [
    "exchange",
    "shards",
    "in-plan",
    "graph",
    "workspace",
    "store",
    "config",
    "concurrency",
    "fresh",
    "json"
  ],
  verify: ["exchange", "shard", "workspace", "store", "concurrency", "json"],
  aggregate: ["exchange", "workspace", "store", "report", "html", "sarif", "json"],
  decide: ["workspace", "store", "config", "json", "run", "reason", "by"],
  "verify-report": ["store", "workspace", "graph", "config", "json"],
  help: [],
  version: []
};
function parseCliArgs(argv2) {
  let parsed2;
  try {
    parsed2 = parseArgs({ args: [...argv2], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UserError(
      `${error instanceof Error ? error.message : String(error)}
Run "dog help" for usage.`
    );
  }
  const { values, positionals } = parsed2;
  if (values.version) return { command: "version", fresh: false, json: false };
  const [name, positional, ...extra] = positionals;
  if (values.help || name === void 0) return { command: "help", fresh: false, json: false };
  if (!COMMANDS.includes(name)) {
    throw new UserError(`unknown command "${name}"; expected one of ${COMMANDS.join(", ")}`);
  }
  const command = name;
  const given = Object.keys(values).filter((key) => key !== "help" && key !== "version");
  const misplaced = given.filter((key) => !ALLOWED[command].includes(key));
  if (misplaced.length > 0) {
    throw new UserError(
      `dog ${command} does not take ${misplaced.map((k) => `--${k}`).join(", ")}; run "dog help"`
    );
  }
  if (command === "companion") return companionArgs(positional, extra, values);
  if (command === "decide") return decideArgs(positional, extra, values);
  const takesPositional = command === "validate" || command === "status" || command === "graph" || command === "verify-report";
  if (command === "status" && values.list && positional !== void 0)
    throw new UserError("dog status: give a run or --list, not both");
  if (extra.length > 0 || positional !== void 0 && !takesPositional) {
    throw new UserError(`dog ${command}: unexpected argument "${extra[0] ?? positional}"`);
  }
  return {
    command,
    ...positional === void 0 ? {} : { positional },
    ...values.graph === void 0 ? {} : { graph: values.graph },
    ...values.workspace === void 0 ? {} : { workspace: values.workspace },
    ...values.store === void 0 ? {} : { store: values.store },
    ...values.config === void 0 ? {} : { config: values.config },
    ...values.concurrency === void 0 ? {} : { concurrency: parseInteger("--concurrency", values.concurrency, 1, 256) },
    ...values.report === void 0 ? {} : { report: values.report },
    ...values.html === void 0 ? {} : { html: values.html },
    ...values.sarif === void 0 ? {} : { sarif: values.sarif },
    fresh: values.fresh ?? false,
    json: values.json ?? false,
    ...values.format === void 0 ? {} : { format: parseFormat(values.format) },
    ...values.run === void 0 ? {} : { run: values.run },
    ...values.direction === void 0 ? {} : { direction: parseDirection(values.direction) },
    ...values.list ? { list: true } : {},
    ...values.force ? { force: true } : {},
    ...values["keep-runs"] === void 0 ? {} : { keepRuns: parseInteger("--keep-runs", values["keep-runs"], 1, 1e6) },
    ...values["max-bytes"] === void 0 ? {} : { maxBytes: parseByteSize("--max-bytes", values["max-bytes"]) },
    ...phaseArgsOf(command, values),
    ...values.retry === void 0 ? {} : { retry: parseRetry(values.retry, values.fresh) }
  };
}
__name(parseCliArgs, "parseCliArgs");
function companionArgs(action, extra, values) {
  if (action === void 0 || !COMPANION_ACTIONS.includes(action)) {
    throw new UserError(
      `dog companion: expected one of ${COMPANION_ACTIONS.join(", ")}${action === void 0 ? "" : `, got "${action}"`}`
    );
  }
  if (extra.length > 0) throw new UserError(`dog companion: unexpected argument "${extra[0]}"`);
  if (values["dry-run"] && action !== "install")
    throw new UserError("dog companion: --dry-run goes with install");
  if (values.json && action === "install")
    throw new UserError("dog companion install does not take --json");
  return {
    command: "companion",
    companion: action,
    fresh: false,
    json: values.json ?? false,
    dryRun: values["dry-run"] ?? false
  };
}
__name(companionArgs, "companionArgs");
var BYTE_UNITS = {
  "": 1,
  K: 2 ** 10,
  M: 2 ** 20,
  G: 2 ** 30,
  T: 2 ** 40
};
function parseByteSize(name, value) {
  const match = /^(\d{1,15})\s*([KMGT]?)(?:i?B)?$/i.exec(value.trim());
  const bytes = match ? Number(match[1]) * (BYTE_UNITS[(match[2] ?? "").toUpperCase()] ?? 1) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new UserError(
      `${name}: expected a size such as 500M, 2G or 1073741824 (bytes), got "${value.slice(0, 64)}"`
    );
  }
  return bytes;
}
__name(parseByteSize, "parseByteSize");
function parseDirection(value) {
  if (value === "LR" || value === "TB") return value;
  throw new UserError(`--direction: expected LR or TB, got ${quoteInput(value)}`);
}
__name(parseDirection, "parseDirection");
function parseFormat(value) {
  if (value === "mermaid" || value === "dot" || value === "json") return value;
  throw new UserError(`--format: expected mermaid, dot or json, got "${value}"`);
}
__name(parseFormat, "parseFormat");
var USAGE = `dog \u2014 verify a graph of goals, re-verifying only what changed

Usage:
  dog run [--graph G] [--workspace W] [--store S] [--config C] [--concurrency N]
          [--report FILE] [--html FILE] [--sarif FILE] [--fresh] [--json]
          [--retry GOAL|failed|needs-human]...  verify those goals again once
  dog decide approve|reject GOAL --reason TEXT [--by NAME] [--run RUN|latest] [--json]
                                      record a person's decision on a goal that waits for one
  dog init [--workspace W] [--force]  starter .dog/graph.yaml and .dog/config.yaml here
  dog validate [GRAPH] [--json] [--config C]
  dog status [RUN|latest] [--store S] [--json]
  dog status --list [--json]          the runs in the store, newest first
  dog gc [--keep-runs N] [--max-bytes B] [--json]
                                      drop older runs and what only they reference
  dog graph [GRAPH] --format mermaid|dot|json [--run RUN|latest] [--store S] [--direction LR|TB]
                                      --run colours each goal by that run's state
  dog verify-report REPORT [--store S] [--workspace W] [--json]
                                      check a report's digest chain; with a store its records,
                                      with a workspace its graph and captures
  dog companion doctor [--json]       what this host enforces around each verification
  dog companion install [--dry-run]   set up a Debian/Ubuntu self-hosted runner host (root)
  dog companion settings [--json]     the machine settings in force and where they come from
${PHASE_USAGE}  dog help | dog --version

Defaults: graph .dog/graph.yaml (then .dog/graph.json) in the workspace; workspace the
nearest directory holding .dog/ from the current one up to the repository's top (else the
current directory); store <workspace>/.dog/store (kept under store.maxBytes, 1 GiB unless
configured); config <workspace>/.dog/config.yaml.

Exit codes (run, aggregate): 0 success or allowed partial success \xB7 1 failure \xB7 2 invalid graph,
config or usage \xB7 3 needs a person (needs_human, infeasible, needs_replan) \xB7 130 cancelled.
Exit codes (companion doctor): 0 ready \xB7 1 isolation cannot be provided here \xB7 2 invalid
settings or usage. verify-report: 0 the report verifies \xB7 1 it does not (tampered, or not
the records or bytes given) \xB7 2 unreadable report, invalid store or usage. plan and verify: 0 written (whatever the verdicts) \xB7 2 invalid input,
usage or unknown shard. Other commands: 0 done \xB7 2 invalid input or usage.
`;

// src/cli/commands/aggregate.ts
import { resolve as resolve5 } from "node:path";

// src/storage/exchange/directoryExchange.ts
import { copyFile as copyFile2, mkdir, readdir, rename, rm as rm2 } from "node:fs/promises";
import { join } from "node:path";

// src/storage/exchange/directoryFiles.ts
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, lstat, open, rm } from "node:fs/promises";
function isMissing(error) {
  const code2 = error.code;
  return code2 === "ENOENT" || code2 === "ENOTDIR";
}
__name(isMissing, "isMissing");
async function readRegularFile(path, maxBytes) {
  let info;
  try {
    info = await lstat(path);
  } catch (error) {
    if (isMissing(error)) return { kind: "missing" };
    throw error;
  }
  if (!info.isFile()) return { kind: "refused", reason: "not a regular file" };
  if (info.size > maxBytes)
    return { kind: "refused", reason: `${info.size} bytes, over the ${maxBytes}-byte bound` };
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes + 1, 0);
    if (bytesRead > maxBytes) return { kind: "refused", reason: `over the ${maxBytes}-byte bound` };
    return { kind: "ok", text: buffer.subarray(0, bytesRead).toString("utf8") };
  } finally {
    await handle.close();
  }
}
__name(readRegularFile, "readRegularFile");
async function ingestCapture(path, digest, sink, where) {
  let info;
  try {
    info = await lstat(path);
  } catch (error) {
    if (isMissing(error))
      throw new UserError(`capture ${digest} is missing from ${where}; the plan phase writes it`);
    throw error;
  }
  if (!info.isFile())
    throw new UserError(`capture ${digest} in ${where} is not a regular file; it is not used`);
  const temp = sink.tempPath();
  await copyFile(path, temp);
  const actual = await hashFile(temp);
  if (actual !== digest) {
    await rm(temp, { force: true });
    throw new UserError(
      `capture bytes in ${where} hash to ${actual}, not to ${digest} as planned; the capture was altered and is not verified`
    );
  }
  await sink.commitBlob(temp, digest);
}
__name(ingestCapture, "ingestCapture");
async function hashFile(path) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return toDigest(hash.digest("hex"));
}
__name(hashFile, "hashFile");

// src/storage/exchange/directoryExchange.ts
var PLAN_FILE = "plan.json";
var MAX_PLAN_BYTES = 256 * 2 ** 20;
var MAX_RECORDS_BYTES = 64 * 2 ** 20;
var BUNDLE = /^[a-z0-9][a-z0-9-]{0,63}$/;
var JOB = /^(plan|w[1-9]\d{0,3}-[1-9]\d{0,2})$/;
var TEMP_PREFIX = ".tmp-";
var DirectoryExchange = class {
  constructor(dir) {
    this.dir = dir;
    this.description = `exchange directory ${dir}`;
  }
  dir;
  static {
    __name(this, "DirectoryExchange");
  }
  description;
  /** A directory holds as many bundles as a plan has jobs. */
  maxBundles = 1e6;
  /** `dog plan` starts only in an empty (or absent) directory: one directory, one run. */
  async assertEmpty() {
    let entries;
    try {
      entries = await readdir(this.dir);
    } catch (error) {
      if (error.code === "ENOENT") return;
      throw new UserError(`cannot read ${this.description}: ${error.message}`);
    }
    if (entries.length === 0) return;
    const what = entries.includes(PLAN_FILE) ? "already holds a plan" : "is not empty";
    throw new UserError(
      `${this.description} ${what} (${entries.slice(0, 5).join(", ")}); give each run a directory of its own, or remove its contents first`
    );
  }
  async putPlan(document) {
    await writeFileAtomic(join(this.dir, PLAN_FILE), `${JSON.stringify(document)}
`);
  }
  async getPlan() {
    const path = join(this.dir, PLAN_FILE);
    const read = await readRegularFile(path, MAX_PLAN_BYTES);
    if (read.kind === "missing")
      throw new UserError(
        `${this.description} holds no plan (${PLAN_FILE}): run \`dog plan --exchange ${this.dir}\` first`
      );
    if (read.kind === "refused") throw new UserError(`${path} is not used: ${read.reason}`);
    return parsePlanDocument(read.text, path);
  }
  async putCaptures(bundles, blobs) {
    for (const [bundle, digests] of bundles) {
      const dir = this.bundleDir(bundle);
      await mkdir(dir, { recursive: true });
      for (const digest of digests) {
        const blob = await blobs.blobPath(digest);
        if (!blob) throw new Error(`capture ${digest} is missing from the store`);
        const temp = join(dir, `${TEMP_PREFIX}${digestHex(digest)}`);
        await copyFile2(blob, temp);
        await rename(temp, join(dir, digestHex(digest))).catch(async (error) => {
          await rm2(temp, { force: true });
          throw error;
        });
      }
    }
  }
  async getCaptures(bundle, digests, sink) {
    const dir = this.bundleDir(bundle);
    for (const digest of new Set(digests)) {
      if (await sink.blobPath(digest)) continue;
      const where = `bundle ${bundle} of ${this.description}`;
      await ingestCapture(join(dir, digestHex(digest)), digest, sink, where);
    }
  }
  async putRecords(job, records) {
    if (!JOB.test(job)) throw new Error(`"${job}" is not a job label`);
    const body = { schemaVersion: "1", job, records: Object.fromEntries(records) };
    await writeFileAtomic(join(this.dir, "records", `${job}.json`), `${JSON.stringify(body)}
`);
  }
  async getRecords(query) {
    const known = new Set(query.knownJobs);
    const names = query.jobs ? query.jobs.map((job) => `${job}.json`) : await this.recordFileNames();
    const deliveries = [];
    for (const name of names) {
      const job = name.endsWith(".json") ? name.slice(0, -".json".length) : void 0;
      const delivery = await this.readRecords(name, job && known.has(job) ? job : void 0);
      if (delivery) deliveries.push(delivery);
    }
    return deliveries;
  }
  bundleDir(bundle) {
    if (!BUNDLE.test(bundle)) throw new UserError(`"${bundle.slice(0, 64)}" is not a bundle name`);
    return join(this.dir, "captures", bundle);
  }
  /** Every file in records/ but a write in progress: anything there claims to be records. */
  async recordFileNames() {
    try {
      const names = await readdir(join(this.dir, "records"));
      return names.filter((name) => !name.startsWith(TEMP_PREFIX)).sort();
    } catch (error) {
      if (error.code === "ENOENT") return [];
      throw error;
    }
  }
  /** One records file as delivered; undefined when the job wrote none. */
  async readRecords(name, job) {
    const source = `records/${name}`;
    const refused = /* @__PURE__ */ __name((reason, integrity = true) => ({
      source,
      job,
      failure: { reason, integrity }
    }), "refused");
    let read;
    try {
      read = await readRegularFile(join(this.dir, "records", name), MAX_RECORDS_BYTES);
    } catch (error) {
      return refused(`cannot be read: ${error.message}`, false);
    }
    if (read.kind === "missing") return void 0;
    if (read.kind === "refused") return refused(read.reason);
    return parseRecords(read.text, source, job);
  }
};
function parseRecords(text, source, job) {
  let body;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { source, job, failure: { reason: `not JSON: ${String(error)}`, integrity: true } };
  }
  const { schemaVersion, job: named, records } = body ?? {};
  if (schemaVersion !== "1" || typeof records !== "object" || records === null || Array.isArray(records))
    return {
      source,
      job,
      failure: {
        reason: 'not a DoG records file (schemaVersion "1" with a records object)',
        integrity: true
      }
    };
  if (job !== void 0 && named !== job)
    return {
      source,
      job,
      failure: { reason: `the file names job ${String(named)}, not ${job}`, integrity: true }
    };
  return { source, job, records };
}
__name(parseRecords, "parseRecords");

// src/cli/context.ts
import { resolve as resolve2 } from "node:path";

// src/cli/workspace.ts
import { stat } from "node:fs/promises";
import { dirname, join as join2, resolve } from "node:path";
async function chooseWorkspace(cwd, given) {
  if (given !== void 0) return { dir: resolve(cwd, given), from: "flag" };
  const start = resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if ((await statOf(join2(dir, ".dog")))?.isDirectory())
      return { dir, from: dir === start ? "cwd" : "ancestor" };
    if (dirname(dir) === dir || await statOf(join2(dir, ".git")) !== void 0) break;
  }
  return { dir: start, from: "cwd" };
}
__name(chooseWorkspace, "chooseWorkspace");
async function resolveWorkspace(io, given) {
  const choice = await chooseWorkspace(io.cwd, given);
  if (choice.from === "ancestor")
    io.stderr.write(`dog: workspace ${choice.dir} (the nearest .dog/ above ${resolve(io.cwd)})
`);
  return choice.dir;
}
__name(resolveWorkspace, "resolveWorkspace");
async function statOf(path) {
  try {
    return await stat(path);
  } catch {
    return void 0;
  }
}
__name(statOf, "statOf");

// src/cli/context.ts
async function commandContext(args, io) {
  const workspace = await resolveWorkspace(io, args.workspace);
  return hostContext({
    workspace,
    configPath: args.config === void 0 ? resolve2(workspace, ".dog/config.yaml") : resolve2(io.cwd, args.config),
    configRequired: args.config !== void 0,
    env: io.env,
    adjust: /* @__PURE__ */ __name((config) => args.concurrency === void 0 ? config : { ...config, concurrency: args.concurrency }, "adjust")
  });
}
__name(commandContext, "commandContext");
function storeDirOf(args, io, workspace) {
  return args.store === void 0 ? resolve2(workspace, ".dog/store") : resolve2(io.cwd, args.store);
}
__name(storeDirOf, "storeDirOf");

// src/cli/phaseHost.ts
import { mkdir as mkdir3, mkdtemp } from "node:fs/promises";
import { join as join4 } from "node:path";

// src/cli/provenance.ts
import { execFile } from "node:child_process";
var COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
var GIT_TIMEOUT_MS = 5e3;
async function localProvenance(workspace, config, env) {
  const head = await git(workspace, ["rev-parse", "--verify", "-q", "HEAD^{commit}"]);
  const commit = head !== void 0 && COMMIT.test(head) ? head : null;
  const branch = await git(workspace, ["symbolic-ref", "-q", "HEAD"]);
  return {
    // The graph, configuration and scripts are read from the same working tree as the targets.
    anchors: { configDigest: hostConfigDigest(config), trustedCommit: commit, headCommit: commit },
    origin: githubOrigin(env) ?? {
      kind: "local",
      event: "local",
      ...branch ? { ref: branch.slice(0, 512) } : {},
      ...commit ? { sha: commit } : {}
    }
  };
}
__name(localProvenance, "localProvenance");
function githubOrigin(env) {
  const runId = env.GITHUB_RUN_ID;
  const repository = env.GITHUB_REPOSITORY;
  if (!runId || !repository) return void 0;
  const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? "1");
  return {
    kind: "github",
    repository: repository.slice(0, 256),
    runId: runId.slice(0, 64),
    attempt: Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1,
    job: (env.GITHUB_JOB ?? "unknown").slice(0, 256),
    event: (env.GITHUB_EVENT_NAME ?? "unknown").slice(0, 64),
    ...env.GITHUB_REF ? { ref: env.GITHUB_REF.slice(0, 512) } : {},
    ...env.GITHUB_SHA ? { sha: env.GITHUB_SHA.slice(0, 64) } : {},
    ...env.GITHUB_WORKFLOW_REF ? { workflow: env.GITHUB_WORKFLOW_REF.slice(0, 1024) } : {}
  };
}
__name(githubOrigin, "githubOrigin");
function git(cwd, args) {
  return new Promise((resolve12) => {
    execFile("git", [...args], { cwd, timeout: GIT_TIMEOUT_MS }, (error, stdout) => {
      resolve12(error ? void 0 : stdout.trim() || void 0);
    });
  });
}
__name(git, "git");

// src/cli/trustedFiles.ts
import { mkdir as mkdir2, readFile, writeFile } from "node:fs/promises";
import { basename, dirname as dirname2, join as join3, posix, relative, sep } from "node:path";
var SCRIPTS_DIR = "scripts";
async function workspaceTrustedFiles(context, graphPath, configPath) {
  const config = await readFile(configPath, "utf8").catch((error) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  const { libraryDir } = context.library;
  const scripts = [];
  for (const name of context.library.list().filter((n) => !isBuiltinScript(n)))
    if (libraryDir)
      scripts.push({ name, content: (await readFile(join3(libraryDir, name))).toString("base64") });
  return {
    source: `workspace ${context.workspace}`,
    graphPath: shownPath(context.workspace, graphPath),
    graph: await readFile(graphPath, "utf8"),
    configPath: shownPath(context.workspace, configPath),
    config,
    scripts
  };
}
__name(workspaceTrustedFiles, "workspaceTrustedFiles");
function shownPath(workspace, path) {
  const inside3 = relative(workspace, path);
  const outside = inside3 === "" || inside3.startsWith("..") || inside3.startsWith(sep);
  return outside ? basename(path) : inside3.split(sep).join("/");
}
__name(shownPath, "shownPath");
async function layOutTrustedFiles(files, root) {
  const graphPath = join3(root, "trusted", inside(files.graphPath, "/trusted/graphPath"));
  const configPath = join3(root, "trusted", inside(files.configPath, "/trusted/configPath"));
  const scriptsDir = join3(root, SCRIPTS_DIR);
  await put(graphPath, files.graph, 420);
  if (files.config !== null) await put(configPath, files.config, 420);
  await mkdir2(scriptsDir, { recursive: true });
  for (const script of files.scripts)
    await put(join3(scriptsDir, script.name), Buffer.from(script.content, "base64"), 493);
  return { graphPath, configPath, scriptsDir };
}
__name(layOutTrustedFiles, "layOutTrustedFiles");
function inside(path, pointer) {
  const clean = posix.normalize(path.replace(/\\/g, "/"));
  if (clean.startsWith("/") || clean === ".." || clean.startsWith("../") || clean.includes("\0"))
    throw new DocumentError("plan", [{ pointer, message: `"${path}" is not a relative path` }]);
  return clean;
}
__name(inside, "inside");
async function put(path, content, mode) {
  await mkdir2(dirname2(path), { recursive: true });
  await writeFile(path, content, { mode });
}
__name(put, "put");

// src/cli/phaseHost.ts
async function openCliPhase(document, args, io, host) {
  await mkdir3(join4(host.storeDir, "tmp"), { recursive: true });
  const root = await mkdtemp(join4(host.storeDir, "tmp", `phase-${document.runId}-`));
  const laid = await layOutTrustedFiles(document.trusted, root);
  const context = await hostContext({
    workspace: host.workspace,
    configPath: laid.configPath,
    configRequired: document.trusted.config !== null,
    env: io.env,
    libraryDir: laid.scriptsDir,
    adjust: /* @__PURE__ */ __name((config) => args.concurrency === void 0 ? config : { ...config, concurrency: args.concurrency }, "adjust")
  });
  const graph = await loadGraph(laid.graphPath, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host
  });
  const deps = await hostEngineDeps(
    context,
    { store: host.store, root: host.storeDir },
    host.progress,
    io.env,
    { verifies: host.verifies }
  );
  const work = join4(root, "work");
  const options = {
    runId: document.runId,
    concurrency: context.config.concurrency,
    fresh: false,
    allowPartialRoot: context.config.allowPartialRoot,
    revalidateThreshold: context.config.revalidateThreshold,
    timeouts: context.config.timeouts,
    maxEvidenceBytes: context.config.limits.maxEvidenceBytes,
    trigger: document.trigger,
    signal: io.signal,
    ...await localProvenance(context.workspace, context.config, io.env)
  };
  return {
    graph,
    deps: {
      ...deps,
      workDirs: {
        create: /* @__PURE__ */ __name(async () => mkdtemp(`${work}-`), "create"),
        remove: /* @__PURE__ */ __name(() => Promise.resolve(), "remove")
      }
    },
    options,
    // Materialized captures are read-only: a user who is not root cannot delete them as they are.
    cleanup: /* @__PURE__ */ __name(() => removeMaterialized(root), "cleanup")
  };
}
__name(openCliPhase, "openCliPhase");

// src/cli/commands/run.ts
import { writeFile as writeFile3 } from "node:fs/promises";
import { resolve as resolve4 } from "node:path";

// src/reporting/colour.ts
var CODES = {
  success: 32,
  partial_success: 33,
  partial: 33,
  failure: 31,
  blocked: 90,
  needs_human: 35,
  infeasible: 35,
  needs_replan: 35,
  cancelled: 90
};
function colourEnabled(env, isTTY) {
  if ((env.NO_COLOR ?? "") !== "") return false;
  const force = env.FORCE_COLOR;
  if (force !== void 0) return force !== "0" && force.toLowerCase() !== "false";
  return isTTY === true;
}
__name(colourEnabled, "colourEnabled");
var noPaint = /* @__PURE__ */ __name((text) => text, "noPaint");
var ansiPaint = /* @__PURE__ */ __name((text, state) => {
  const code2 = CODES[state];
  return code2 === void 0 ? text : `\x1B[${code2}m${text}\x1B[0m`;
}, "ansiPaint");

// src/reporting/terminalSummary.ts
var ROOT_WORDS = {
  success: "SUCCESS",
  partial_success: "PARTIAL SUCCESS",
  failure: "FAILURE",
  infeasible: "INFEASIBLE (a verifier cannot run on this host)",
  needs_replan: "NEEDS REPLAN (a verifier contract or the graph must change)",
  needs_human: "NEEDS A PERSON",
  cancelled: "CANCELLED"
};
var STATE_WIDTH = 11;
var HOW_WIDTH = 16;
function ordered(report) {
  return Object.entries(report.nodes).map((entry, index) => ({ entry, index })).sort((a, b) => stateRank(a.entry[1].state) - stateRank(b.entry[1].state) || a.index - b.index).map(({ entry }) => entry);
}
__name(ordered, "ordered");
function stateCell(state, paint) {
  return `${paint(state, state)}${" ".repeat(Math.max(1, STATE_WIDTH - state.length + 1))}`;
}
__name(stateCell, "stateCell");
function nextStepLine(s, indent, composite) {
  if (composite && !s.error) return [];
  const step = reasonOf(s) === void 0 ? void 0 : nextStepOf(s);
  return step === void 0 ? [] : [`${indent}\u2192 ${step}`];
}
__name(nextStepLine, "nextStepLine");
function goalLines(id, node, width, paint) {
  const how = node.decidedBy ? "decided" : node.inherited ? "inherited" : node.rerunReason ?? "";
  const reason = reasonOf(node) ?? "";
  const indent = `  ${"".padEnd(width)}  `;
  const lines = [
    `  ${id.padEnd(width)}  ${stateCell(node.state, paint)}${how.padEnd(HOW_WIDTH)}${reason}`.trimEnd(),
    ...nextStepLine(node, `${indent}  `, node.kind === "composite")
  ];
  if (node.votes) lines.push(`${indent}votes: ${voteSplit(node.votes)}`);
  if (node.assert) {
    const why = reasonOf(node.assert);
    lines.push(
      `${indent}assert: ${paint(node.assert.state, node.assert.state)}${why ? `  ${why}` : ""}`
    );
    lines.push(...nextStepLine(node.assert, `${indent}  `, false));
  }
  return lines;
}
__name(goalLines, "goalLines");
function formatSummary(report, options = {}) {
  const paint = options.paint ?? noPaint;
  const word = paint(ROOT_WORDS[report.rootState], report.rootState);
  const lines = [`${report.graph.id}: ${word}  (run ${report.runId})`];
  const note = rootNote(report);
  if (note) lines.push(`  ${note}`);
  const width = Math.max(4, ...Object.keys(report.nodes).map((id) => id.length));
  for (const [id, node] of ordered(report)) lines.push(...goalLines(id, node, width, paint));
  const t = report.totals;
  lines.push(
    `verified ${t.verified}, inherited ${t.inherited}${decidedTotalsText(t)}, blocked ${t.blocked}, ${(t.wallMs / 1e3).toFixed(1)}s${t.tokens ? `, ${t.tokens} tokens, $${t.costUsd.toFixed(4)}` : ""}`
  );
  const budget = runBudgetLine(t);
  if (budget) lines.push(budget);
  if (report.isolation) lines.push(report.isolation.note ?? `isolation: ${report.isolation.kind}`);
  for (const warning of report.warnings) lines.push(`warning: ${warning.message}`);
  if (options.reportPath !== void 0) lines.push(`report: ${options.reportPath}`);
  return `${lines.join("\n")}
`;
}
__name(formatSummary, "formatSummary");

// src/storage/host/hostLayered.ts
async function withHostStore(local, settings2) {
  if (!settings2) return { store: local };
  let host;
  try {
    host = await HostCache.open({ root: settings2.path, maxBytes: settings2.maxBytes });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      store: local,
      warning: `the host-local store ${settings2.path} is not used: ${message}`
    };
  }
  const tiered = new TieredRecordStore(host, local);
  const store = new LayeredStore(local, tiered, {
    lookupsSaveLocally: true,
    warnings: /* @__PURE__ */ __name(() => [...tiered.drainWarnings(), ...host.drainWarnings()], "warnings")
  });
  return { store };
}
__name(withHostStore, "withHostStore");

// src/storage/gc/inventory.ts
import { createReadStream as createReadStream2 } from "node:fs";
import { readFile as readFile2 } from "node:fs/promises";
import { basename as basename2, join as join7 } from "node:path";
import { createInterface } from "node:readline";

// src/storage/gc/files.ts
import { readdir as readdir2 } from "node:fs/promises";
import { join as join5 } from "node:path";
var IO_CONCURRENCY = 32;
async function listDir(dir) {
  try {
    return await readdir2(dir, { withFileTypes: true });
  } catch (error) {
    if (isErrnoCode(error, "ENOENT") || isErrnoCode(error, "ENOTDIR")) return [];
    throw error;
  }
}
__name(listDir, "listDir");
async function filesIn(dir, listed) {
  const entries = listed ?? await listDir(dir);
  const names = entries.filter((e) => e.isFile()).map((e) => join5(dir, e.name));
  const stats = await runLimited(
    names.map((file) => () => statEntry(file)),
    IO_CONCURRENCY
  );
  return stats.filter((e) => e !== void 0);
}
__name(filesIn, "filesIn");
async function treeBytes(dir) {
  const entries = await listDir(dir);
  const files = await filesIn(dir, entries);
  const subdirs = entries.filter((e) => e.isDirectory()).map((e) => join5(dir, e.name));
  const nested = await Promise.all(subdirs.map((sub) => treeBytes(sub)));
  return totalBytes(files) + nested.reduce((sum, bytes) => sum + bytes, 0);
}
__name(treeBytes, "treeBytes");

// src/storage/gc/usage.ts
import { writeFile as writeFile2 } from "node:fs/promises";
import { join as join6 } from "node:path";
var WALK_EVERY_RUNS = 50;
function usageFile(layout) {
  return join6(layout.root, "usage.json");
}
__name(usageFile, "usageFile");
async function sizeAfterRun(layout, added) {
  const stored = await readUsage(layout);
  const usage = stored && stored.runsSinceWalk < WALK_EVERY_RUNS ? { bytes: stored.bytes + added, runsSinceWalk: stored.runsSinceWalk + 1 } : { bytes: await walkedBytes(layout), runsSinceWalk: 0 };
  await writeUsage(layout, usage);
  return usage.bytes;
}
__name(sizeAfterRun, "sizeAfterRun");
function recordWalk(layout, bytes) {
  return writeUsage(layout, { bytes, runsSinceWalk: 0 });
}
__name(recordWalk, "recordWalk");
async function walkedBytes(layout) {
  const [all, tmp, own] = await Promise.all([
    treeBytes(layout.root),
    treeBytes(layout.tmpDir),
    Promise.all([layout.lockFile, usageFile(layout)].map((file) => statEntry(file)))
  ]);
  return all - tmp - own.reduce((sum, entry) => sum + (entry?.bytes ?? 0), 0);
}
__name(walkedBytes, "walkedBytes");
async function readUsage(layout) {
  const read = await readJson(usageFile(layout)).catch(() => ({ kind: "missing" }));
  if (read.kind !== "ok") return void 0;
  const value = read.value;
  const valid = [value?.bytes, value?.runsSinceWalk].every(
    (n) => typeof n === "number" && Number.isFinite(n) && n >= 0
  );
  return valid ? value : void 0;
}
__name(readUsage, "readUsage");
async function writeUsage(layout, usage) {
  await writeFile2(usageFile(layout), JSON.stringify(usage));
}
__name(writeUsage, "writeUsage");

// src/storage/gc/inventory.ts
async function takeInventory(store, layout) {
  const metas = await store.listRuns();
  const runs = await Promise.all(metas.map((meta) => runRefs(store, layout, meta)));
  const started = new Map(metas.map((m) => [m.runId, Date.parse(m.startedAt) || 0]));
  runs.sort(
    (a, b) => Number(b.live) - Number(a.live) || (started.get(b.runId) ?? 0) - (started.get(a.runId) ?? 0) || b.runId.localeCompare(a.runId)
  );
  const [logBytesByRun, gmRecords, goalRecords, captures, graphs, totalBytes2] = await Promise.all([
    logBytes(layout.logFile),
    readRecords(layout.gmDir),
    readRecords(layout.goalDir),
    blobFiles(layout),
    namedFiles(layout.graphsDir),
    walkedBytes(layout)
  ]);
  return { runs, gmRecords, goalRecords, captures, graphs, logBytesByRun, totalBytes: totalBytes2 };
}
__name(takeInventory, "takeInventory");
async function runRefs(store, layout, meta) {
  const refs = {
    runId: meta.runId,
    live: meta.status === "running" && isProcessAlive(meta.pid),
    dirBytes: await treeBytes(join7(layout.runsDir, meta.runId)),
    gm: /* @__PURE__ */ new Set(),
    keys: /* @__PURE__ */ new Set(),
    captures: /* @__PURE__ */ new Set(),
    graphs: /* @__PURE__ */ new Set()
  };
  addDigest(refs.graphs, meta.graphDigest);
  let report;
  try {
    report = await store.readReport(meta.runId);
  } catch {
  }
  if (report) {
    addDigest(refs.graphs, report.graph.digest);
    for (const [id, node] of Object.entries(report.nodes)) {
      addSettlement(refs, workKey(id, "leaf"), node);
      if (node.assert) addSettlement(refs, workKey(id, "assert"), node.assert);
    }
  }
  return refs;
}
__name(runRefs, "runRefs");
function addSettlement(refs, key, settlement) {
  refs.keys.add(key);
  addDigest(refs.gm, settlement.gmDigest);
  addDigest(refs.captures, settlement.captureDigest);
}
__name(addSettlement, "addSettlement");
function addDigest(into, digest) {
  if (typeof digest === "string" && isDigest(digest)) into.add(digestHex(digest));
}
__name(addDigest, "addDigest");
async function readRecords(dir) {
  const records = /* @__PURE__ */ new Map();
  for (const file of await filesIn(dir)) {
    if (!file.path.endsWith(".json")) continue;
    const fields = parseRecordFields(await readQuietly(file.path));
    records.set(basename2(file.path, ".json"), { path: file.path, bytes: file.bytes, ...fields });
  }
  return records;
}
__name(readRecords, "readRecords");
function parseRecordFields(text) {
  try {
    const value = JSON.parse(text ?? "");
    const captureHex = typeof value.captureDigest === "string" && isDigest(value.captureDigest) ? digestHex(value.captureDigest) : void 0;
    return {
      ...typeof value.runId === "string" ? { runId: value.runId } : {},
      ...captureHex ? { captureHex } : {}
    };
  } catch {
    return {};
  }
}
__name(parseRecordFields, "parseRecordFields");
async function readQuietly(path) {
  try {
    return await readFile2(path, "utf8");
  } catch (error) {
    if (isErrnoCode(error, "ENOENT")) return void 0;
    throw error;
  }
}
__name(readQuietly, "readQuietly");
async function blobFiles(layout) {
  const blobs = /* @__PURE__ */ new Map();
  for (const shard of await listDir(layout.blobDir)) {
    if (!shard.isDirectory()) continue;
    for (const file of await filesIn(join7(layout.blobDir, shard.name)))
      blobs.set(basename2(file.path), file);
  }
  return blobs;
}
__name(blobFiles, "blobFiles");
async function namedFiles(dir) {
  const files = await filesIn(dir);
  return new Map(files.map((file) => [basename2(file.path, ".json"), file]));
}
__name(namedFiles, "namedFiles");
async function logBytes(logFile) {
  const byRun = /* @__PURE__ */ new Map();
  await forEachLogLine(logFile, (line, runId) => {
    if (runId !== void 0)
      byRun.set(runId, (byRun.get(runId) ?? 0) + Buffer.byteLength(line) + 1);
  });
  return byRun;
}
__name(logBytes, "logBytes");
async function forEachLogLine(logFile, visit) {
  const stream = createReadStream2(logFile, { encoding: "utf8" });
  const opened = new Promise((resolve12, reject) => {
    stream.once("open", () => resolve12(true));
    stream.once(
      "error",
      (error) => isErrnoCode(error, "ENOENT") ? resolve12(false) : reject(error)
    );
  });
  if (!await opened) return;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    if (line === "") continue;
    await visit(line, parseRecordFields(line).runId);
  }
}
__name(forEachLogLine, "forEachLogLine");

// src/storage/gc/layout.ts
import { join as join8 } from "node:path";
var LocalLayout = class {
  constructor(root) {
    this.root = root;
    this.runsDir = join8(root, "runs");
    this.gmDir = join8(root, "records", "gm");
    this.goalDir = join8(root, "records", "goal");
    this.blobDir = join8(root, "captures", "sha256");
    this.graphsDir = join8(root, "graphs");
    this.logFile = join8(root, "log", "verifications.jsonl");
    this.tmpDir = join8(root, "tmp");
    this.lockFile = join8(root, "lock");
  }
  root;
  static {
    __name(this, "LocalLayout");
  }
  runsDir;
  gmDir;
  goalDir;
  blobDir;
  graphsDir;
  logFile;
  tmpDir;
  lockFile;
  /** `hex` is a digest's 64 hex digits. */
  blob(hex) {
    return join8(this.blobDir, hex.slice(0, 2), hex);
  }
};

// src/storage/gc/plan.ts
function planCollection(inventory, limits) {
  const { runs } = inventory;
  const mustKeep = Math.min(runs.length, Math.max(1, runs.filter((r) => r.live).length));
  const allowed = Math.max(mustKeep, Math.min(runs.length, limits.keepRuns ?? runs.length));
  const reaches = reachesUpTo(inventory, allowed);
  const chosen = reaches[allowed];
  const cap = limits.maxBytes;
  if (cap === void 0 || chosen.bytes <= cap) return { keep: chosen };
  const target = Math.floor(cap * EVICT_TO_FRACTION);
  for (let count = allowed; count > mustKeep; count -= 1) {
    const reach = reaches[count - 1];
    if (reach.bytes <= target) return { keep: reach };
  }
  const fewest = reaches[mustKeep];
  return {
    keep: fewest,
    ...fewest.bytes > cap ? { overCap: { bytes: fewest.bytes, maxBytes: cap } } : {}
  };
}
__name(planCollection, "planCollection");
function reachesUpTo(inventory, count) {
  const fixed = inventory.totalBytes - removableBytes(inventory);
  const reach = {
    runs: 0,
    gm: /* @__PURE__ */ new Set(),
    goal: /* @__PURE__ */ new Set(),
    captures: /* @__PURE__ */ new Set(),
    graphs: /* @__PURE__ */ new Set(),
    bytes: fixed
  };
  const out = [snapshot(reach)];
  const byRun = recordsByRun(inventory);
  for (const run of inventory.runs.slice(0, count)) {
    addRun(inventory, reach, run, byRun.get(run.runId) ?? { gm: [], goal: [] });
    out.push(snapshot(reach));
  }
  return out;
}
__name(reachesUpTo, "reachesUpTo");
function addRun(inventory, reach, run, own) {
  reach.runs += 1;
  reach.bytes += run.dirBytes + (inventory.logBytesByRun.get(run.runId) ?? 0);
  const add = /* @__PURE__ */ __name((set, name, bytes) => {
    if (bytes === void 0 || set.has(name)) return false;
    set.add(name);
    reach.bytes += bytes;
    return true;
  }, "add");
  const addRecord = /* @__PURE__ */ __name((kind, name) => {
    const record = (kind === "gm" ? inventory.gmRecords : inventory.goalRecords).get(name);
    if (record && add(reach[kind], name, record.bytes) && record.captureHex)
      add(reach.captures, record.captureHex, inventory.captures.get(record.captureHex)?.bytes);
  }, "addRecord");
  for (const hex of [...run.gm, ...own.gm]) addRecord("gm", hex);
  for (const key of [...run.keys, ...own.goal]) addRecord("goal", key);
  for (const hex of run.captures) add(reach.captures, hex, inventory.captures.get(hex)?.bytes);
  for (const hex of run.graphs) add(reach.graphs, hex, inventory.graphs.get(hex)?.bytes);
}
__name(addRun, "addRun");
function recordsByRun(inventory) {
  const byRun = /* @__PURE__ */ new Map();
  const note = /* @__PURE__ */ __name((kind, records) => {
    for (const [name, record] of records) {
      if (record.runId === void 0) continue;
      const own = byRun.get(record.runId) ?? { gm: [], goal: [] };
      own[kind].push(name);
      byRun.set(record.runId, own);
    }
  }, "note");
  note("gm", inventory.gmRecords);
  note("goal", inventory.goalRecords);
  return byRun;
}
__name(recordsByRun, "recordsByRun");
function removableBytes(inventory) {
  const sum = /* @__PURE__ */ __name((values) => {
    let total = 0;
    for (const value of values) total += typeof value === "number" ? value : value.bytes;
    return total;
  }, "sum");
  return sum(inventory.runs.map((run) => run.dirBytes)) + sum(inventory.logBytesByRun.values()) + sum(inventory.gmRecords.values()) + sum(inventory.goalRecords.values()) + sum(inventory.captures.values()) + sum(inventory.graphs.values());
}
__name(removableBytes, "removableBytes");
function snapshot(reach) {
  return {
    runs: reach.runs,
    gm: new Set(reach.gm),
    goal: new Set(reach.goal),
    captures: new Set(reach.captures),
    graphs: new Set(reach.graphs),
    bytes: reach.bytes
  };
}
__name(snapshot, "snapshot");

// src/storage/gc/sweep.ts
import { randomBytes } from "node:crypto";
import { open as open2, rename as rename2, rm as rm3 } from "node:fs/promises";
import { dirname as dirname3, join as join9 } from "node:path";
async function sweep(inventory, keep, layout) {
  const removedRuns = inventory.runs.slice(keep.runs).map((run) => run.runId);
  for (const runId of removedRuns) await removeRunDir(layout, runId);
  const keptRuns = new Set(inventory.runs.slice(0, keep.runs).map((run) => run.runId));
  const logLines = await rewriteLog(inventory, layout, keptRuns);
  const records = await removeUnkept(inventory.gmRecords, keep.gm) + await removeUnkept(inventory.goalRecords, keep.goal);
  const captures = await removeUnkept(inventory.captures, keep.captures);
  const graphs = await removeUnkept(inventory.graphs, keep.graphs);
  return {
    removedRuns,
    removed: { records, captures, graphs, logLines },
    freedBytes: Math.max(0, inventory.totalBytes - keep.bytes)
  };
}
__name(sweep, "sweep");
async function removeRunDir(layout, runId) {
  const aside = join9(layout.tmpDir, `gc-${process.pid}-${randomBytes(4).toString("hex")}-${runId}`);
  await rename2(join9(layout.runsDir, runId), aside);
  await rm3(aside, { recursive: true, force: true });
}
__name(removeRunDir, "removeRunDir");
async function removeUnkept(files, kept) {
  let removed = 0;
  for (const [name, file] of files) {
    if (kept.has(name)) continue;
    await rm3(file.path, { force: true });
    removed += 1;
  }
  return removed;
}
__name(removeUnkept, "removeUnkept");
async function rewriteLog(inventory, layout, keptRuns) {
  const dropped = [...inventory.logBytesByRun.keys()].some((runId) => !keptRuns.has(runId));
  if (!dropped) return 0;
  const temp = join9(
    dirname3(layout.logFile),
    `.tmp-${process.pid}-${randomBytes(6).toString("hex")}`
  );
  const handle = await open2(temp, "wx", 420);
  let removed = 0;
  try {
    await forEachLogLine(layout.logFile, async (line, runId) => {
      if (runId !== void 0 && keptRuns.has(runId)) await handle.write(`${line}
`);
      else removed += 1;
    });
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm3(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename2(temp, layout.logFile);
  return removed;
}
__name(rewriteLog, "rewriteLog");

// src/storage/gc/collect.ts
async function collectGarbage(store, limits) {
  await store.recover(isProcessAlive);
  const layout = new LocalLayout(store.root);
  const inventory = await takeInventory(store, layout);
  const plan = planCollection(inventory, limits);
  const swept = await sweep(inventory, plan.keep, layout);
  await recordWalk(layout, plan.keep.bytes);
  return {
    ...swept,
    keptRuns: inventory.runs.slice(0, plan.keep.runs).map((run) => run.runId),
    kept: {
      records: plan.keep.gm.size + plan.keep.goal.size,
      captures: plan.keep.captures.size,
      graphs: plan.keep.graphs.size,
      bytes: plan.keep.bytes
    },
    ...plan.overCap ? { overCap: plan.overCap } : {}
  };
}
__name(collectGarbage, "collectGarbage");
async function enforceStoreCap(store, maxBytes) {
  const layout = new LocalLayout(store.root);
  if (await sizeAfterRun(layout, store.bytesWritten) <= maxBytes) return void 0;
  return collectGarbage(store, { maxBytes });
}
__name(enforceStoreCap, "enforceStoreCap");

// src/cli/formatBytes.ts
var UNITS = ["B", "KiB", "MiB", "GiB", "TiB"];
function formatBytes(bytes) {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
__name(formatBytes, "formatBytes");

// src/cli/commands/gc.ts
import { join as join10 } from "node:path";
var LOCK_WAIT_MS = 1e4;
async function commandGc(args, io) {
  const context = await commandContext(args, io);
  const storeDir = storeDirOf(args, io, context.workspace);
  const store = await LocalStore.openExisting(storeDir);
  const lock = await acquireLock(join10(store.root, "lock"), "dog gc", { waitMs: LOCK_WAIT_MS });
  let outcome;
  try {
    outcome = await collectGarbage(store, {
      ...args.keepRuns === void 0 ? {} : { keepRuns: args.keepRuns },
      maxBytes: args.maxBytes ?? context.config.store.maxBytes
    });
  } finally {
    await lock.release();
  }
  if (args.json) io.stdout.write(`${JSON.stringify({ store: storeDir, ...outcome }, null, 2)}
`);
  else io.stdout.write(describeCollection(outcome));
  if (outcome.overCap) io.stderr.write(`dog: ${overCapWarning(outcome.overCap)}
`);
  return ExitCode.success;
}
__name(commandGc, "commandGc");
function describeCollection(outcome) {
  const { removed, kept } = outcome;
  const runs = outcome.removedRuns;
  return [
    `removed ${runs.length} run${runs.length === 1 ? "" : "s"}${runs.length ? ` (${runs.join(", ")})` : ""}, ${removed.records} records, ${removed.captures} captures, ${removed.graphs} graphs, ${removed.logLines} log lines: ${formatBytes(outcome.freedBytes)} freed`,
    `kept ${outcome.keptRuns.length} run${outcome.keptRuns.length === 1 ? "" : "s"}, ${kept.records} records, ${kept.captures} captures, ${kept.graphs} graphs: ${formatBytes(kept.bytes)}`,
    ""
  ].join("\n");
}
__name(describeCollection, "describeCollection");
function overCapWarning(overCap) {
  return `the newest run alone needs ${formatBytes(overCap.bytes)}, more than the store's cap of ${formatBytes(overCap.maxBytes)}; raise store.maxBytes in .dog/config.yaml`;
}
__name(overCapWarning, "overCapWarning");

// src/cli/runOptions.ts
import { randomBytes as randomBytes2 } from "node:crypto";
function localRunOptions(context, args, io) {
  const { config } = context;
  return {
    runId: newRunId(),
    concurrency: config.concurrency,
    fresh: args.fresh,
    allowPartialRoot: config.allowPartialRoot,
    revalidateThreshold: config.revalidateThreshold,
    timeouts: config.timeouts,
    maxEvidenceBytes: config.limits.maxEvidenceBytes,
    trigger: triggerFrom(io.env),
    signal: io.signal
  };
}
__name(localRunOptions, "localRunOptions");
function newRunId() {
  const stamp = (/* @__PURE__ */ new Date()).toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `${stamp}-${randomBytes2(3).toString("hex")}`;
}
__name(newRunId, "newRunId");
function triggerFrom(env) {
  const sha = env.GITHUB_SHA;
  const ref = env.GITHUB_REF;
  return {
    event: env.GITHUB_EVENT_NAME ?? "local",
    ...sha ? { sha: sha.slice(0, 64) } : {},
    ...ref ? { ref: ref.slice(0, 512) } : {}
  };
}
__name(triggerFrom, "triggerFrom");

// src/cli/sarifFile.ts
import { stat as stat2 } from "node:fs/promises";
import { dirname as dirname4, join as join11, relative as relative2, resolve as resolve3, sep as sep2 } from "node:path";
async function repositoryTop(dir) {
  for (let at = resolve3(dir); ; at = dirname4(at)) {
    if (await stat2(join11(at, ".git")).then(
      () => true,
      () => false
    ))
      return at;
    if (dirname4(at) === at) return void 0;
  }
}
__name(repositoryTop, "repositoryTop");
function inside2(top, path) {
  const rel = relative2(top, path);
  if (rel.startsWith("..") || resolve3(top, rel) !== resolve3(path)) return void 0;
  return rel.split(sep2).join("/");
}
__name(inside2, "inside");
async function writeSarifFile(file, report, graph, places) {
  const top = await repositoryTop(places.workspace) ?? places.workspace;
  const graphPath = places.graphPath === void 0 ? void 0 : inside2(top, places.graphPath);
  const log = buildSarif(report, graph, {
    toolVersion: VERSION,
    workspacePrefix: inside2(top, places.workspace) ?? "",
    ...graphPath === void 0 ? {} : { graphPath }
  });
  const encoded = encodeSarif(log);
  await writeFileAtomic(file, encoded.json);
  const notes = encoded.log.runs[0]?.invocations[0]?.toolExecutionNotifications ?? [];
  return notes.map((note) => note.message.text);
}
__name(writeSarifFile, "writeSarifFile");

// src/cli/commands/run.ts
var LOCK_WAIT_MS2 = 1e4;
async function commandRun(args, io) {
  const context = await commandContext(args, io);
  const graphPath = await resolveGraphPath(
    args.graph === void 0 ? void 0 : resolve4(io.cwd, args.graph),
    context.workspace
  );
  const graph = await loadGraph(graphPath, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host
  });
  const storeDir = storeDirOf(args, io, context.workspace);
  const store = await LocalStore.open(storeDir);
  const lock = await acquireLock(resolve4(storeDir, "lock"), "dog run", { waitMs: LOCK_WAIT_MS2 });
  try {
    const recovered = await store.recover(isProcessAlive);
    for (const runId of recovered)
      io.stderr.write(`dog: run ${runId} was interrupted; its finished records are kept
`);
    const retry = args.retry ? retryKeys(args.retry, graph, await store.readReport()) : void 0;
    const progress = new TerminalProgress(io.stderr);
    const layered = await withHostStore(store, context.companion.store);
    if (layered.warning) io.stderr.write(`dog: ${layered.warning}
`);
    const deps = await hostEngineDeps(
      context,
      { store: layered.store, root: storeDir },
      progress,
      io.env,
      { neverCapture: reportFiles(args, io) }
    );
    const report = await runGraph(graph, deps, {
      ...localRunOptions(context, args, io),
      ...await localProvenance(context.workspace, context.config, io.env),
      ...retry ? { retry } : {}
    });
    await writeOutputs(report, args, io, graph, store.reportPath(report.runId), {
      workspace: context.workspace,
      graphPath
    });
    await keepUnderCap(store, context.config.store.maxBytes, io);
    return exitCodeFor(report);
  } finally {
    await lock.release();
  }
}
__name(commandRun, "commandRun");
function reportFiles(args, io) {
  return [args.report, args.html, args.sarif].flatMap(
    (file) => file ? [resolve4(io.cwd, file)] : []
  );
}
__name(reportFiles, "reportFiles");
async function writeOutputs(report, args, io, graph, reportPath, places) {
  if (args.report)
    await writeFile3(resolve4(io.cwd, args.report), `${JSON.stringify(report, null, 2)}
`);
  if (args.html) {
    const links = { kind: "local", workspace: places.workspace };
    const html = renderHtmlReport(report, graph, { links });
    await writeFile3(resolve4(io.cwd, args.html), html);
  }
  if (args.sarif) {
    const notes = await writeSarifFile(resolve4(io.cwd, args.sarif), report, graph, places);
    for (const note of notes) io.stderr.write(`dog: SARIF: ${note}
`);
  }
  if (args.json) io.stdout.write(`${JSON.stringify(report, null, 2)}
`);
  const paint = colourEnabled(io.env, io.stderr.isTTY) ? ansiPaint : noPaint;
  io.stderr.write(formatSummary(report, { paint, reportPath }));
}
__name(writeOutputs, "writeOutputs");
async function keepUnderCap(store, maxBytes, io) {
  const outcome = await enforceStoreCap(store, maxBytes);
  if (!outcome || outcome.removedRuns.length === 0 && !outcome.overCap) return;
  io.stderr.write(
    `dog: the store was over its cap of ${formatBytes(maxBytes)}; ${describeCollection(outcome).split("\n")[0]}
`
  );
  if (outcome.overCap) io.stderr.write(`dog: ${overCapWarning(outcome.overCap)}
`);
}
__name(keepUnderCap, "keepUnderCap");

// src/cli/commands/aggregate.ts
var LOCK_WAIT_MS3 = 1e4;
async function commandAggregate(args, io) {
  const phase = args.phase;
  const exchange = new DirectoryExchange(resolve5(io.cwd, phase.exchange));
  const workspace = await resolveWorkspace(io, args.workspace);
  const storeDir = storeDirOf(args, io, workspace);
  const local = await LocalStore.open(storeDir);
  const lock = await acquireLock(resolve5(storeDir, "lock"), "dog aggregate", {
    waitMs: LOCK_WAIT_MS3
  });
  let cleanup = /* @__PURE__ */ __name(() => Promise.resolve(), "cleanup");
  try {
    let graph;
    const { report, document } = await aggregateSession(exchange, async (plan) => {
      const opened = await openCliPhase(plan, args, io, {
        workspace,
        store: local,
        storeDir,
        progress: silentProgress,
        verifies: false
      });
      cleanup = opened.cleanup;
      graph = opened.graph;
      return opened;
    });
    const compiled = graph;
    await keepRun(local, compiled, document.startedAt, report);
    await writeOutputs(report, args, io, compiled, local.reportPath(report.runId), { workspace });
    return exitCodeFor(report);
  } finally {
    await cleanup();
    await lock.release();
  }
}
__name(commandAggregate, "commandAggregate");
async function keepRun(store, graph, startedAt, report) {
  await store.saveGraph(graph.digest, graph.canonical);
  await store.beginRun({
    runId: report.runId,
    graphId: graph.id,
    graphDigest: graph.digest,
    startedAt,
    status: "running",
    pid: process.pid
  });
  await store.finishRun(report.runId, report);
}
__name(keepRun, "keepRun");

// src/companion/doctor.ts
import { createHash as createHash2 } from "node:crypto";
import { existsSync } from "node:fs";
import { release } from "node:os";
function seccompSummary() {
  const arch = hostSeccompArch();
  if (!arch) return void 0;
  const program = seccompProgram(arch);
  return {
    arch,
    instructions: program.length / 8,
    sha256: createHash2("sha256").update(program).digest("hex"),
    deniedSyscalls: DENIED_SYSCALLS.length
  };
}
__name(seccompSummary, "seccompSummary");
async function runDoctor(settings2, env) {
  const base = {
    settingsSource: settings2.source,
    isolation: settings2.isolation,
    kernel: release(),
    launcherUid: process.getuid?.() ?? -1
  };
  const seccomp = seccompSummary();
  const bwrapPath = findBwrap(env.PATH);
  const sandbox = new BubblewrapSandbox({
    settings: settings2.sandbox,
    ...bwrapPath ? { bwrapPath } : {}
  });
  const store = settings2.store ? await storeSummary(settings2.store) : void 0;
  try {
    const preflight = await checkSandbox(sandbox);
    const ready = preflight.ok || settings2.isolation === "none";
    return {
      ...base,
      ready,
      ...preflight.bwrapPath ? {
        bwrap: {
          path: preflight.bwrapPath,
          ...preflight.version ? { version: preflight.version } : {}
        }
      } : {},
      ...preflight.reason ? { reason: preflight.reason } : {},
      checks: preflight.checks,
      limits: preflight.enforced,
      ...seccomp ? { seccomp } : {},
      ...store ? { store } : {}
    };
  } finally {
    await sandbox.dispose();
  }
}
__name(runDoctor, "runDoctor");
async function storeSummary(settings2) {
  if (!existsSync(settings2.path))
    return { ...settings2, problem: "does not exist yet (created by the first run)" };
  try {
    const cache = await HostCache.open({ root: settings2.path, maxBytes: settings2.maxBytes });
    return { ...settings2, usage: await cache.usage() };
  } catch (error) {
    return { ...settings2, problem: error instanceof Error ? error.message : String(error) };
  }
}
__name(storeSummary, "storeSummary");

// src/companion/apparmor.ts
var APPARMOR_PROFILE_PATH = "/etc/apparmor.d/dog-bwrap";
var APPARMOR_RESTRICT_SYSCTL = "/proc/sys/kernel/apparmor_restrict_unprivileged_userns";
function apparmorProfile(bwrapPath) {
  return [
    '# Written by "dog companion install": lets bubblewrap create the user namespaces of the',
    "# DoG verification sandbox on hosts that restrict unprivileged user namespaces.",
    "abi <abi/4.0>,",
    "include <tunables/global>",
    "",
    `profile dog-bwrap ${bwrapPath} flags=(unconfined) {`,
    "  userns,",
    "",
    "  include if exists <local/dog-bwrap>",
    "}",
    ""
  ].join("\n");
}
__name(apparmorProfile, "apparmorProfile");

// src/companion/install.ts
var BWRAP = "/usr/bin/bwrap";
var WORK_ROOT = "/var/lib/dog/sandbox";
var STORE_ROOT = "/var/lib/dog/store";
var USERNS_SYSCTL_FILE = "/etc/sysctl.d/60-dog-userns.conf";
var DEFAULT_SETTINGS_TEXT = `# yaml-language-server: $schema=https://dog.dev/schemas/companion.schema.json
# DoG companion settings for this machine (written by "dog companion install").
# Every verification runs in a bubblewrap sandbox; "isolation: none" turns that off.
isolation: bubblewrap
sandbox:
  workRoot: ${WORK_ROOT}
  uidBase: 1500000        # slot N runs as uid/gid 1500000+N when the runner is root
  slots: 64
  limits:
    memoryBytes: 2147483648
    pids: 256
    cpuSeconds: 900
    fileSizeBytes: 268435456
    openFiles: 1024
    scratchBytes: 536870912
    tmpBytes: 67108864
store:
  path: ${STORE_ROOT}
  maxBytes: 10737418240
gateway:
  maxRequestBytes: 4194304
  requestsPerMinute: 120
`;
async function install(ops, options) {
  const distro = await distribution(ops);
  if (!distro.supported)
    return [
      {
        step: "distribution",
        status: "failed",
        detail: `${distro.name}: install knows Debian and Ubuntu only; docs/security.md lists the steps to take by hand`
      }
    ];
  const steps = [{ step: "distribution", status: "ok", detail: distro.name }];
  for (const step of [
    bubblewrapStep,
    utilLinuxStep,
    apparmorStep,
    usernsStep,
    settingsStep,
    directoriesStep
  ])
    steps.push(await step(ops, options));
  return steps;
}
__name(install, "install");
async function distribution(ops) {
  const text = await ops.readText("/etc/os-release") ?? "";
  const field = /* @__PURE__ */ __name((key) => new RegExp(`^${key}=("?)([^"\\n]*)\\1$`, "m").exec(text)?.[2] ?? "", "field");
  const ids = `${field("ID")} ${field("ID_LIKE")}`.split(/\s+/);
  const name = field("PRETTY_NAME") || field("ID") || "unknown distribution";
  return { name, supported: ids.includes("debian") || ids.includes("ubuntu") };
}
__name(distribution, "distribution");
async function change(ops, options, step, detail, argv2) {
  if (options.dryRun)
    return { step, status: "would_change", detail: `${detail}: would run ${argv2.join(" ")}` };
  const result = await ops.run(argv2);
  if (result.code !== 0)
    return {
      step,
      status: "failed",
      detail: `${argv2.join(" ")} exited with ${result.code}: ${result.stderr.trim().split("\n").slice(-2).join(" ")}`
    };
  return { step, status: "changed", detail: `${detail}: ran ${argv2.join(" ")}` };
}
__name(change, "change");
var bubblewrapStep = /* @__PURE__ */ __name(async (ops, options) => {
  const ran = await ops.run([BWRAP, "--version"]);
  const found = ran.code === 0 ? parseBwrapVersion(ran.stdout) : void 0;
  if (found) {
    if (found.recent)
      return { step: "bubblewrap", status: "ok", detail: `${BWRAP} ${found.version}` };
    return {
      step: "bubblewrap",
      status: "failed",
      detail: `bubblewrap ${found.version} is older than 0.8; install a newer package (backports) by hand`
    };
  }
  return change(ops, options, "bubblewrap", "bubblewrap is not installed", [
    "apt-get",
    "install",
    "-y",
    "bubblewrap"
  ]);
}, "bubblewrapStep");
var utilLinuxStep = /* @__PURE__ */ __name(async (ops, options) => {
  const missing = [];
  for (const tool of ["/usr/bin/prlimit", "/usr/bin/setpriv"])
    if (!await ops.exists(tool)) missing.push(tool);
  if (missing.length === 0)
    return { step: "util-linux", status: "ok", detail: "prlimit and setpriv present" };
  return change(ops, options, "util-linux", `missing ${missing.join(", ")}`, [
    "apt-get",
    "install",
    "-y",
    "util-linux"
  ]);
}, "utilLinuxStep");
var apparmorStep = /* @__PURE__ */ __name(async (ops, options) => {
  const restricted = (await ops.readText(APPARMOR_RESTRICT_SYSCTL))?.trim();
  if (restricted !== "1")
    return {
      step: "apparmor",
      status: "ok",
      detail: "unprivileged user namespaces are not restricted by AppArmor"
    };
  const wanted = apparmorProfile(BWRAP);
  if (await ops.readText(APPARMOR_PROFILE_PATH) === wanted)
    return {
      step: "apparmor",
      status: "ok",
      detail: `${APPARMOR_PROFILE_PATH} grants bubblewrap user namespaces`
    };
  if (options.dryRun)
    return {
      step: "apparmor",
      status: "would_change",
      detail: `would write ${APPARMOR_PROFILE_PATH} and load it with apparmor_parser -r`
    };
  await ops.writeText(APPARMOR_PROFILE_PATH, wanted, 420);
  const loaded = await change(ops, options, "apparmor", `wrote ${APPARMOR_PROFILE_PATH}`, [
    "apparmor_parser",
    "-r",
    APPARMOR_PROFILE_PATH
  ]);
  return loaded;
}, "apparmorStep");
var usernsStep = /* @__PURE__ */ __name(async (ops, options) => {
  const clone = (await ops.readText("/proc/sys/kernel/unprivileged_userns_clone"))?.trim();
  const max = (await ops.readText("/proc/sys/user/max_user_namespaces"))?.trim();
  if (clone !== "0" && max !== "0")
    return {
      step: "user namespaces",
      status: "ok",
      detail: `enabled (max_user_namespaces ${max ?? "?"})`
    };
  const lines = [
    clone === "0" ? "kernel.unprivileged_userns_clone = 1" : "",
    max === "0" ? "user.max_user_namespaces = 15000" : ""
  ].filter(Boolean);
  if (options.dryRun)
    return {
      step: "user namespaces",
      status: "would_change",
      detail: `would write ${USERNS_SYSCTL_FILE} (${lines.join("; ")}) and apply it`
    };
  await ops.writeText(
    USERNS_SYSCTL_FILE,
    `# Written by "dog companion install"
${lines.join("\n")}
`,
    420
  );
  return change(ops, options, "user namespaces", `wrote ${USERNS_SYSCTL_FILE}`, [
    "sysctl",
    "-p",
    USERNS_SYSCTL_FILE
  ]);
}, "usernsStep");
var settingsStep = /* @__PURE__ */ __name(async (ops, options) => {
  const existing = await ops.readText(COMPANION_CONFIG_PATH);
  if (existing !== void 0) {
    try {
      parseCompanionSettings(existing, COMPANION_CONFIG_PATH);
      return {
        step: "settings",
        status: "ok",
        detail: `${COMPANION_CONFIG_PATH} is valid (left as it is)`
      };
    } catch (error) {
      return {
        step: "settings",
        status: "failed",
        detail: `${COMPANION_CONFIG_PATH} is invalid: ${error instanceof Error ? error.message : String(error)}`
      };
    }
  }
  if (options.dryRun)
    return {
      step: "settings",
      status: "would_change",
      detail: `would write ${COMPANION_CONFIG_PATH} with the defaults`
    };
  await ops.makeDir("/etc/dog", 493);
  await ops.writeText(COMPANION_CONFIG_PATH, DEFAULT_SETTINGS_TEXT, 420);
  return {
    step: "settings",
    status: "changed",
    detail: `wrote ${COMPANION_CONFIG_PATH} with the defaults`
  };
}, "settingsStep");
var directoriesStep = /* @__PURE__ */ __name(async (ops, options) => {
  const missing = [];
  for (const dir of [WORK_ROOT, STORE_ROOT]) if (!await ops.exists(dir)) missing.push(dir);
  if (missing.length === 0)
    return { step: "directories", status: "ok", detail: `${WORK_ROOT} and ${STORE_ROOT} exist` };
  if (options.dryRun)
    return {
      step: "directories",
      status: "would_change",
      detail: `would create ${missing.join(", ")}`
    };
  for (const dir of missing) await ops.makeDir(dir, dir === WORK_ROOT ? 457 : 493);
  return { step: "directories", status: "changed", detail: `created ${missing.join(", ")}` };
}, "directoriesStep");

// src/companion/system.ts
import { spawn } from "node:child_process";
import { chmod, mkdir as mkdir4, readFile as readFile3, stat as stat3, writeFile as writeFile4 } from "node:fs/promises";
import { dirname as dirname5, join as join12 } from "node:path";
var HostSystem = class {
  constructor(prefix = "/") {
    this.prefix = prefix;
  }
  prefix;
  static {
    __name(this, "HostSystem");
  }
  at(path) {
    return join12(this.prefix, path);
  }
  async readText(path) {
    try {
      return await readFile3(this.at(path), "utf8");
    } catch {
      return void 0;
    }
  }
  async exists(path) {
    return stat3(this.at(path)).then(
      () => true,
      () => false
    );
  }
  async writeText(path, text, mode) {
    await mkdir4(dirname5(this.at(path)), { recursive: true, mode: 493 });
    await writeFile4(this.at(path), text, { mode });
    await chmod(this.at(path), mode);
  }
  async makeDir(path, mode) {
    await mkdir4(this.at(path), { recursive: true, mode });
    await chmod(this.at(path), mode);
  }
  run(argv2) {
    const [command, ...args] = argv2;
    if (command === void 0) return Promise.reject(new Error("empty argv"));
    return new Promise((resolve12) => {
      const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => stdout += chunk.toString());
      child.stderr.on("data", (chunk) => stderr += chunk.toString());
      child.once("error", (error) => resolve12({ code: 127, stdout, stderr: error.message }));
      child.once("close", (code2) => resolve12({ code: code2 ?? 1, stdout, stderr }));
    });
  }
};

// src/cli/commands/companion.ts
async function commandCompanion(args, io) {
  switch (args.companion) {
    case "doctor":
      return doctor(args, io);
    case "install":
      return installHost(args, io);
    default:
      return settings(args, io);
  }
}
__name(commandCompanion, "commandCompanion");
async function doctor(args, io) {
  const report = await runDoctor(await loadCompanionSettings(io.env), io.env);
  if (args.json) io.stdout.write(`${JSON.stringify(report, null, 2)}
`);
  else io.stderr.write(formatDoctor(report));
  return report.ready ? ExitCode.success : ExitCode.failure;
}
__name(doctor, "doctor");
var MARK = { true: "\u2713", false: "\u2717" };
function formatDoctor(report) {
  const lines = ["dog companion doctor"];
  lines.push(`  settings:  ${report.settingsSource ?? "defaults (no settings file)"}`);
  lines.push(`  kernel:    ${report.kernel}; launcher uid ${report.launcherUid}`);
  lines.push(
    `  bubblewrap: ${report.bwrap ? `${report.bwrap.path} ${report.bwrap.version ?? ""}` : "not found"}`
  );
  if (report.seccomp)
    lines.push(
      `  seccomp:   ${report.seccomp.arch}, ${report.seccomp.instructions} instructions, ${report.seccomp.deniedSyscalls} syscalls denied, sha256 ${report.seccomp.sha256.slice(0, 16)}\u2026`
    );
  if (report.checks.length > 0) lines.push("  isolation, seen from inside a sandbox:");
  for (const check of report.checks)
    lines.push(`    ${MARK[`${check.ok}`]} ${check.name}: ${check.detail}`);
  if (report.limits.length > 0) lines.push("  limits per verification:");
  for (const limit of report.limits)
    lines.push(`    ${MARK[`${limit.enforced}`]} ${limit.name}: ${limit.detail}`);
  if (report.store) lines.push(`  host store: ${storeLine(report.store)}`);
  if (report.reason) lines.push(`  problem:   ${report.reason}`);
  lines.push(verdictLine(report));
  return `${lines.join("\n")}
`;
}
__name(formatDoctor, "formatDoctor");
function storeLine(store) {
  const bound = `at most ${store.maxBytes} bytes`;
  if (store.problem) return `${store.path} (${bound}): ${store.problem}`;
  const usage = store.usage ? `${store.usage.entries} entries, ${store.usage.bytes} bytes; ` : "";
  return `${store.path} (${usage}${bound})`;
}
__name(storeLine, "storeLine");
function verdictLine(report) {
  if (report.ready && report.isolation === "none")
    return "ready WITHOUT isolation: the settings say isolation: none, and reports will say so";
  if (report.ready) return "ready: every verification runs in a sandbox with the properties above";
  return "NOT ready: verifications are refused here until the problem above is fixed (sudo dog companion install)";
}
__name(verdictLine, "verdictLine");
async function installHost(args, io) {
  const dryRun = args.dryRun ?? false;
  if (!dryRun && process.getuid?.() !== 0)
    throw new UserError(
      "dog companion install changes the machine and must run as root (or add --dry-run to see what it would do)"
    );
  const steps = await install(new HostSystem(), { dryRun });
  io.stderr.write(formatSteps(steps));
  io.stderr.write(NEXT_STEPS);
  if (steps.some((step) => step.status === "failed")) return ExitCode.failure;
  if (dryRun) return ExitCode.success;
  io.stderr.write("\n");
  return doctor({ ...args, json: false }, io);
}
__name(installHost, "installHost");
var NEXT_STEPS = `
Next: give this machine's runner the label "dog" (config.sh --labels dog, or in the runner's
settings on GitHub) and run DoG there with  runs-on: [self-hosted, linux, dog]  (see
examples/workflows/self-hosted.yml). On a self-hosted runner the action reads
/etc/dog/companion.yaml and refuses to verify without the sandbox.
`;
function formatSteps(steps) {
  const width = Math.max(...steps.map((step) => step.step.length));
  return `${steps.map((step) => `  ${step.status.padEnd(12)} ${step.step.padEnd(width)}  ${step.detail}`).join("\n")}
`;
}
__name(formatSteps, "formatSteps");
async function settings(args, io) {
  const loaded = await loadCompanionSettings(io.env);
  const { path } = companionConfigPath(io.env);
  if (args.json) {
    io.stdout.write(`${JSON.stringify(loaded, null, 2)}
`);
    return ExitCode.success;
  }
  io.stderr.write(`settings from ${loaded.source ?? `defaults (${path} does not exist)`}
`);
  io.stdout.write(`${JSON.stringify({ ...loaded, source: void 0 }, null, 2)}
`);
  return ExitCode.success;
}
__name(settings, "settings");

// src/cli/commands/decide.ts
import { userInfo } from "node:os";

// src/cli/commands/runList.ts
async function listRuns(store) {
  const metas = await store.listRuns();
  const listings = await Promise.all(
    metas.map(async (meta) => {
      const report = meta.status === "finished" ? await readQuietly2(store, meta.runId) : void 0;
      const rootState = report?.rootState ?? meta.rootState;
      return {
        runId: meta.runId,
        startedAt: meta.startedAt,
        ...meta.finishedAt === void 0 ? {} : { finishedAt: meta.finishedAt },
        status: meta.status,
        ...rootState === void 0 ? {} : { rootState },
        ...report ? {
          totals: {
            verified: report.totals.verified,
            inherited: report.totals.inherited,
            blocked: report.totals.blocked
          }
        } : {}
      };
    })
  );
  const started = /* @__PURE__ */ __name((run) => Date.parse(run.startedAt) || 0, "started");
  return listings.sort((a, b) => started(b) - started(a) || b.runId.localeCompare(a.runId));
}
__name(listRuns, "listRuns");
async function readQuietly2(store, runId) {
  try {
    return await store.readReport(runId);
  } catch {
    return void 0;
  }
}
__name(readQuietly2, "readQuietly");
function renderRunList(runs) {
  if (runs.length === 0) return "no runs yet\n";
  const rows = runs.map((run) => [
    run.runId,
    run.startedAt.replace("T", " ").replace(/\.\d+Z$/, "Z"),
    run.status === "finished" ? run.rootState ?? "?" : run.status,
    run.totals ? String(run.totals.verified) : "-",
    run.totals ? String(run.totals.inherited) : "-",
    run.totals ? String(run.totals.blocked) : "-"
  ]);
  const table = [["RUN", "STARTED", "STATE", "VERIFIED", "INHERITED", "BLOCKED"], ...rows];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  return table.map(
    (row) => row.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd()
  ).join("\n").concat("\n");
}
__name(renderRunList, "renderRunList");

// src/cli/commands/status.ts
var LATEST = "latest";
var SEE_RUNS = 'run "dog status --list" to see the runs in this store';
async function commandStatus(args, io) {
  const runId = args.positional === LATEST ? void 0 : args.positional;
  if (runId !== void 0 && !isRunId(runId))
    throw new UserError(
      `${quoteInput(runId)} is not a run id (run ids look like 20261201T202648Z-59bc86); ${SEE_RUNS}`
    );
  const context = await commandContext(args, io);
  const storeDir = storeDirOf(args, io, context.workspace);
  const store = await LocalStore.openExisting(storeDir);
  if (args.list) {
    const runs = await listRuns(store);
    io.stdout.write(
      args.json ? `${JSON.stringify({ store: storeDir, runs }, null, 2)}
` : renderRunList(runs)
    );
    return ExitCode.success;
  }
  const stored = await store.readReport(runId);
  if (!stored) throw new UserError(await missingReport(store, runId));
  const report = redactReport(hostRedactor(context.config, [io.env]), stored);
  if (args.json) io.stdout.write(`${JSON.stringify(report, null, 2)}
`);
  else {
    const paint = colourEnabled(io.env, io.stdout.isTTY) ? ansiPaint : noPaint;
    io.stdout.write(formatSummary(report, { paint, reportPath: store.reportPath(report.runId) }));
    for (const line of await decidedSince(store, report)) io.stdout.write(`${line}
`);
  }
  return ExitCode.success;
}
__name(commandStatus, "commandStatus");
async function decidedSince(store, report) {
  const lines = [];
  for (const [id, node] of Object.entries(report.nodes)) {
    const key = node.kind === "leaf" ? id : workKey(id, "assert");
    const settled = node.kind === "leaf" ? node : node.assert;
    if (!settled || settled.decidedBy) continue;
    const stored = await store.findDecision(key);
    const valid = validateAgainst("record", stored);
    const decided = valid.ok ? valid.value.decidedBy : void 0;
    if (!valid.ok || decided?.run !== report.runId) continue;
    lines.push(
      `decided since: ${key} ${oneLine(decisionLine(decided, valid.value.verdict))} (the next dog run applies it)`
    );
  }
  return lines;
}
__name(decidedSince, "decidedSince");
async function missingReport(store, runId) {
  if (runId === void 0) return `no run has finished in ${store.root} yet; ${SEE_RUNS}`;
  const meta = await store.readMeta(runId);
  if (!meta) return `no run "${runId}" in ${store.root}; ${SEE_RUNS}`;
  if (meta.status === "finished")
    return `the report of run "${runId}" in ${store.root} is missing or not JSON; the store is damaged`;
  const why = meta.status === "running" ? "is still running" : "was interrupted";
  return `run "${runId}" ${why} and has no report; ${SEE_RUNS}`;
}
__name(missingReport, "missingReport");

// src/cli/commands/decide.ts
async function commandDecide(args, io) {
  const decide = args.decide;
  if (!decide) throw new Error("dog decide without its arguments");
  const runId = args.run === void 0 || args.run === LATEST ? void 0 : args.run;
  if (runId !== void 0 && !isRunId(runId))
    throw new UserError(`--run: ${quoteInput(runId)} is not a run id (see "dog status --list")`);
  const login = parseLogin(decide.by ?? osLogin());
  const context = await commandContext(args, io);
  const store = await LocalStore.openExisting(storeDirOf(args, io, context.workspace));
  const report = await store.readReport(runId);
  if (!report) throw new UserError(await missingReport(store, runId));
  const record = decisionRecord({
    report,
    key: decide.goal,
    decision: decide.decision,
    login,
    reason: decide.reason,
    at: /* @__PURE__ */ new Date(),
    origin: (await localProvenance(context.workspace, context.config, io.env)).origin
  });
  const key = workKey(record.goalId, record.role);
  await store.saveDecision(key, record);
  if (args.json) io.stdout.write(`${JSON.stringify({ key, record }, null, 2)}
`);
  const said = record.decidedBy ? decisionLine(record.decidedBy, record.verdict) : "";
  io.stderr.write(
    `dog: ${key} ${said} (run ${report.runId})
dog: the next "dog run" settles ${key} from this decision while its bytes and verifier stay the same
`
  );
  return ExitCode.success;
}
__name(commandDecide, "commandDecide");
function osLogin() {
  let name;
  try {
    name = userInfo().username;
  } catch {
    throw new UserError("cannot tell who you are from the operating system; give --by NAME");
  }
  try {
    return parseLogin(name);
  } catch {
    throw new UserError(
      `your user name ${quoteInput(name)} is not a valid login (letters, digits, hyphens); give --by NAME`
    );
  }
}
__name(osLogin, "osLogin");

// src/cli/commands/graph.ts
import { resolve as resolve6 } from "node:path";
async function commandGraph(args, io) {
  if (!args.format) throw new UserError("dog graph needs --format mermaid, dot or json");
  if (args.format === "json" && (args.run !== void 0 || args.direction !== void 0))
    throw new UserError("dog graph: --run and --direction go with --format mermaid or dot");
  if (args.run !== void 0 && args.run !== LATEST && !isRunId(args.run))
    throw new UserError(
      `--run: ${quoteInput(args.run)} is not a run id (run ids look like 20261201T202648Z-59bc86) or "latest"`
    );
  const context = await commandContext(args, io);
  const given = args.positional === void 0 ? void 0 : resolve6(io.cwd, args.positional);
  const path = await resolveGraphPath(given, context.workspace);
  const graph = await loadGraph(path, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host
  });
  const states = args.run === void 0 ? void 0 : await runStates(storeDirOf(args, io, context.workspace), args.run, graph, io);
  const direction = args.direction ?? defaultDirection(graph);
  io.stdout.write(
    renderGraph(graph, args.format, { titles: true, direction, ...states ? { states } : {} })
  );
  return ExitCode.success;
}
__name(commandGraph, "commandGraph");
async function runStates(storeDir, run, graph, io) {
  const store = await LocalStore.openExisting(storeDir);
  const runId = run === LATEST ? void 0 : run;
  const report = await store.readReport(runId);
  if (!report) throw new UserError(await missingReport(store, runId));
  if (report.graph.digest !== graph.digest)
    io.stderr.write(
      `dog: run ${report.runId} verified another version of this graph; goals it did not have are left uncoloured
`
    );
  const states = /* @__PURE__ */ new Map();
  for (const id of graph.order) {
    const node = report.nodes[id];
    if (node) states.set(id, node.state);
  }
  return states;
}
__name(runStates, "runStates");

// src/cli/commands/init.ts
import { mkdir as mkdir5, readdir as readdir3, readFile as readFile4, stat as stat4, writeFile as writeFile5 } from "node:fs/promises";
import { basename as basename3, dirname as dirname7, join as join14, relative as relative3, resolve as resolve7, sep as sep3 } from "node:path";

// src/cli/packageRoot.ts
import { existsSync as existsSync2 } from "node:fs";
import { dirname as dirname6, join as join13 } from "node:path";
import { fileURLToPath } from "node:url";
var RELEASE_BASE = `https://raw.githubusercontent.com/dog-ci/dog/v${VERSION}`;
function ownPackageRoot() {
  let dir = dirname6(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth += 1) {
    if (existsSync2(join13(dir, "package.json")) && existsSync2(join13(dir, "schemas", "graph.schema.json")))
      return dir;
    dir = dirname6(dir);
  }
  return void 0;
}
__name(ownPackageRoot, "ownPackageRoot");

// src/cli/starter.ts
var READMES = ["README.md", "README", "README.markdown", "README.rst", "README.txt", "readme.md"];
function detectGoals(files) {
  const goals = [];
  const readme = READMES.find((name) => files.has(name));
  if (readme)
    goals.push({
      id: "readme",
      title: "The README says something",
      target: readme,
      script: "file.non_empty"
    });
  if (files.has("package.json"))
    goals.push({
      id: "package-json",
      title: "package.json is valid JSON",
      target: "package.json",
      script: "json.valid"
    });
  if (goals.length === 0)
    goals.push({
      id: "store-ignored",
      title: "Git ignores dog's local store",
      target: ".gitignore",
      script: "text.includes",
      params: "{text: '.dog/store/'}"
    });
  return goals;
}
__name(detectGoals, "detectGoals");
function starterGraph(goals, schema, repoName) {
  const refs = goals.map((goal) => `{op: ref, id: ${goal.id}}`).join(", ");
  const nodes = goals.map(
    (goal) => [
      `  ${goal.id}:`,
      "    kind: leaf",
      `    title: ${JSON.stringify(goal.title)}`,
      `    target: ${goal.target}`,
      `    verifier: {mode: programmatic, script: ${goal.script}${goal.params ? `, params: ${goal.params}` : ""}}`
    ].join("\n")
  );
  return `# yaml-language-server: $schema=${schema}
# The goals dog verifies for this repository. "dog validate" checks this file; "dog run"
# verifies it, re-verifying only goals whose target bytes changed since their last verdict.
schemaVersion: "1"
id: ${repoName}
title: ${JSON.stringify(`${repoName} holds`)}
root: root

nodes:
  root:
    kind: composite
    title: Every goal holds
    completion: {op: all, items: [${refs}]}

${nodes.join("\n\n")}

  # More goals: a leaf names a workspace-relative target and how to check it. Built-in scripts:
  # file.exists, file.non_empty, file.sha256, text.includes, json.valid, dir.non_empty; your
  # own go in .dog/scripts/. An agentic goal asks a model (configure one in config.yaml):
  # docs-friendly:
  #   kind: leaf
  #   title: The README explains how to install
  #   target: README.md
  #   verifier: {mode: agentic, instruction: "Does it say how to install? Fail if not."}

contains:
${goals.map((goal) => `  - {parent: root, child: ${goal.id}}`).join("\n")}
`;
}
__name(starterGraph, "starterGraph");
function starterConfig(schema) {
  return `# yaml-language-server: $schema=${schema}
# Host configuration of dog here and in CI; never read from a pull request's head. Every key is
# optional: uncomment to change a default (shown).
#
# concurrency: 4                # verifications at once (default: the number of CPUs)
# isolation: auto               # auto | bubblewrap | none (none must be explicit)
# revalidateThreshold: 0.3      # warn when more than 30% of inheritable goals re-run
# timeouts: {programmaticSeconds: 120, agenticSeconds: 600}
# store:
#   maxBytes: 1073741824        # .dog/store is kept under 1 GiB: oldest runs go first
#
# Agentic goals need a model, for example a local OpenAI-compatible server:
# providers:
#   local: {kind: openai, baseUrl: 'http://127.0.0.1:11434/v1'}
# models:
#   default: {provider: local, model: 'qwen2.5:7b'}
`;
}
__name(starterConfig, "starterConfig");

// src/cli/commands/init.ts
var GRAPH = ".dog/graph.yaml";
var CONFIG = ".dog/config.yaml";
var EXISTING = [GRAPH, ".dog/graph.json", CONFIG];
var STORE_IGNORE = ".dog/store/";
var WORKFLOW = "examples/workflows/single-job.yml";
async function commandInit(args, io) {
  const root = args.workspace === void 0 ? await repositoryTop2(io.cwd) : resolve7(io.cwd, args.workspace);
  if (!await isDirectory(root))
    throw new UserError(`${root} is not a directory; dog init writes into an existing repository`);
  const present = await presentFiles(root, EXISTING);
  if (present.length > 0 && !args.force)
    throw new UserError(
      `${present.join(" and ")} already exist${present.length === 1 ? "s" : ""} in ${root}; nothing was written (--force replaces ${GRAPH} and ${CONFIG})`
    );
  const goals = detectGoals(new Set(await readdir3(root)));
  const packageRoot = ownPackageRoot();
  const schemaOf = /* @__PURE__ */ __name((name) => schemaReference(root, packageRoot, name), "schemaOf");
  await writeStarter(
    root,
    GRAPH,
    starterGraph(goals, schemaOf("graph.schema.json"), graphId(root)),
    args.force
  );
  await writeStarter(root, CONFIG, starterConfig(schemaOf("config.schema.json")), args.force);
  const ignored = await ignoreStore(root);
  io.stdout.write(
    [
      `dog: initialised ${root}`,
      `  wrote ${GRAPH} (goals: ${goals.map((goal) => goal.id).join(", ")})`,
      `  wrote ${CONFIG} (every key commented: the defaults apply)`,
      ignored ? `  added ${STORE_IGNORE} to .gitignore` : `  .gitignore already ignores ${STORE_IGNORE}`,
      "",
      "Next steps:",
      '  dog run                 verify the goals here (then "dog status" shows the last run)',
      `  edit ${GRAPH}    add your goals; "dog validate" checks the file`,
      `  copy ${workflowSource(packageRoot)}`,
      "    to .github/workflows/dog.yml, and commit it with .dog/graph.yaml, .dog/config.yaml and .gitignore",
      ""
    ].join("\n")
  );
  return ExitCode.success;
}
__name(commandInit, "commandInit");
function schemaReference(root, packageRoot, name) {
  if (packageRoot !== void 0) {
    const fromDog = relative3(join14(root, ".dog"), join14(packageRoot, "schemas", name));
    const inside3 = !relative3(root, packageRoot).startsWith("..");
    if (inside3) return fromDog.split(sep3).join("/");
  }
  return `${RELEASE_BASE}/schemas/${name}`;
}
__name(schemaReference, "schemaReference");
function workflowSource(packageRoot) {
  return packageRoot === void 0 ? `${RELEASE_BASE}/${WORKFLOW}` : `${join14(packageRoot, WORKFLOW)} (also at ${RELEASE_BASE}/${WORKFLOW})`;
}
__name(workflowSource, "workflowSource");
async function repositoryTop2(cwd) {
  const start = resolve7(cwd);
  for (let dir = start; ; dir = dirname7(dir)) {
    if (await exists(join14(dir, ".git"))) return dir;
    if (dirname7(dir) === dir) return start;
  }
}
__name(repositoryTop2, "repositoryTop");
function graphId(root) {
  const id = basename3(root).replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "").slice(0, 128);
  return id === "" ? "repository" : id;
}
__name(graphId, "graphId");
async function writeStarter(root, file, text, force) {
  const path = join14(root, file);
  await mkdir5(dirname7(path), { recursive: true });
  try {
    await writeFile5(path, text, { flag: force ? "w" : "wx" });
  } catch (error) {
    if (error.code === "EEXIST")
      throw new UserError(`${file} appeared in ${root} meanwhile; it was left as it is`);
    throw error;
  }
}
__name(writeStarter, "writeStarter");
async function ignoreStore(root) {
  const path = join14(root, ".gitignore");
  const text = await readFile4(path, "utf8").catch((error) => {
    if (error.code === "ENOENT") return "";
    throw error;
  });
  const covering = /* @__PURE__ */ new Set([
    ".dog",
    ".dog/",
    ".dog/*",
    ".dog/store",
    ".dog/store/",
    ".dog/store/*"
  ]);
  const lines = text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, ""));
  if (lines.some((line) => covering.has(line))) return false;
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  await writeFile5(
    path,
    `${text}${separator}# dog's local store (records, captures, runs)
${STORE_IGNORE}
`
  );
  return true;
}
__name(ignoreStore, "ignoreStore");
async function presentFiles(root, files) {
  const found = await Promise.all(
    files.map(async (file) => await exists(join14(root, file)) ? file : void 0)
  );
  return found.filter((file) => file !== void 0);
}
__name(presentFiles, "presentFiles");
async function exists(path) {
  return await stat4(path).catch(() => void 0) !== void 0;
}
__name(exists, "exists");
async function isDirectory(path) {
  return (await stat4(path).catch(() => void 0))?.isDirectory() ?? false;
}
__name(isDirectory, "isDirectory");

// src/cli/commands/plan.ts
import { resolve as resolve8 } from "node:path";
var LOCK_WAIT_MS4 = 1e4;
var DEFAULT_SHARDS = 1;
async function commandPlan(args, io) {
  const phase = args.phase;
  const exchangeDir = resolve8(io.cwd, phase.exchange);
  const exchange = new DirectoryExchange(exchangeDir);
  await exchange.assertEmpty();
  const context = await commandContext(args, io);
  const graphPath = await resolveGraphPath(
    args.graph === void 0 ? void 0 : resolve8(io.cwd, args.graph),
    context.workspace
  );
  const configPath = args.config === void 0 ? resolve8(context.workspace, ".dog/config.yaml") : resolve8(io.cwd, args.config);
  const graph = await loadGraph(graphPath, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host
  });
  const trusted = await workspaceTrustedFiles(context, graphPath, configPath);
  const storeDir = storeDirOf(args, io, context.workspace);
  const store = await LocalStore.open(storeDir);
  const lock = await acquireLock(resolve8(storeDir, "lock"), "dog plan", { waitMs: LOCK_WAIT_MS4 });
  try {
    const layered = await withHostStore(store, context.companion.store);
    if (layered.warning) io.stderr.write(`dog: ${layered.warning}
`);
    const deps = await hostEngineDeps(
      context,
      { store: layered.store, root: storeDir },
      new TerminalProgress(io.stderr),
      io.env,
      { neverCapture: [exchangeDir] }
    );
    const { summary } = await planSession({
      graph,
      deps,
      options: {
        ...localRunOptions(context, args, io),
        ...await localProvenance(context.workspace, context.config, io.env)
      },
      exchange,
      trusted,
      dispatch: {
        programmaticInPlan: phase.inPlan !== "none",
        jobsPerWave: phase.shards ?? DEFAULT_SHARDS
      }
    });
    if (args.json)
      io.stdout.write(`${JSON.stringify({ exchange: exchangeDir, ...summary }, null, 2)}
`);
    io.stderr.write(describePlan(summary, exchangeDir));
    return ExitCode.success;
  } finally {
    await lock.release();
  }
}
__name(commandPlan, "commandPlan");
function describePlan(summary, exchangeDir) {
  const lines = [
    `dog: plan ${summary.runId} written to ${exchangeDir}: ${summary.verifiedInPlan} verified here, ${summary.inherited} inherited, ${summary.settled} settled without a verifier`
  ];
  if (summary.refusedByBudget.length > 0)
    lines.push(
      `dog: ${summary.refusedByBudget.length} verification(s) do not fit the run budget and settle budget_exhausted: ${summary.refusedByBudget.slice(0, 10).join(", ")}`
    );
  if (summary.budgetNote) lines.push(`dog: ${summary.budgetNote}`);
  if (summary.jobs.length === 0) lines.push("dog: no verify job needed; run dog aggregate next");
  for (let wave = 1; wave <= summary.waves; wave++) {
    const jobs = summary.jobs.filter((job) => job.wave === wave);
    lines.push(
      `dog: wave ${wave}: ${jobs.map((job) => `${job.job} (${job.keys.length})`).join(", ")}`
    );
  }
  if (summary.waves > 1)
    lines.push("dog: run the waves in order: every job of a wave after all jobs of the one before");
  return `${lines.join("\n")}
`;
}
__name(describePlan, "describePlan");

// src/cli/commands/validate.ts
import { resolve as resolve9 } from "node:path";

// src/cli/sourceLocation.ts
import { constants } from "node:fs";
import { open as open3 } from "node:fs/promises";

// src/core/graph/locate.ts
var import_yaml = __toESM(require_dist(), 1);
var MAX_DEPTH = 256;
function locateProblems(text, problems) {
  if (!problems.some((problem) => problem.line === void 0 && problem.pointer !== "")) {
    return [...problems];
  }
  const locate = pointerLocator(text);
  if (!locate) return [...problems];
  return problems.map((problem) => {
    if (problem.line !== void 0 || problem.pointer === "") return problem;
    const position = locate(problem.pointer);
    return position ? { ...problem, ...position } : problem;
  });
}
__name(locateProblems, "locateProblems");
function pointerLocator(text) {
  if (syntaxDepth(text, MAX_DEPTH) > MAX_DEPTH) return void 0;
  const lineCounter = new import_yaml.LineCounter();
  const document = (0, import_yaml.parseDocument)(text, { lineCounter, uniqueKeys: false });
  if (document.errors.length > 0) return void 0;
  return (pointer) => {
    const offset = offsetOf(document.contents, pointer);
    if (offset === void 0) return void 0;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
}
__name(pointerLocator, "pointerLocator");
function offsetOf(root, pointer) {
  let node = root;
  let offset;
  for (const raw of pointer.split("/").slice(1)) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const step = childOf(node, segment);
    if (!step) break;
    offset = step.offset;
    node = step.node;
  }
  return offset;
}
__name(offsetOf, "offsetOf");
function childOf(node, segment) {
  if ((0, import_yaml.isMap)(node)) {
    const pair = node.items.find(
      (item) => (0, import_yaml.isScalar)(item.key) && String(item.key.value) === segment
    );
    const start = pair?.key?.range?.[0];
    return pair && start !== void 0 ? { node: pair.value, offset: start } : void 0;
  }
  if ((0, import_yaml.isSeq)(node) && /^(0|[1-9]\d*)$/.test(segment)) {
    const item = node.items[Number(segment)];
    const start = item?.range?.[0];
    return start === void 0 ? void 0 : { node: item, offset: start };
  }
  return void 0;
}
__name(childOf, "childOf");

// src/cli/sourceLocation.ts
var MAX_LOCATED_BYTES = 16 * 1024 * 1024;
async function locatedProblems(error) {
  if (!error.problems.some((problem) => problem.line === void 0 && problem.pointer !== "")) {
    return [...error.problems];
  }
  const text = await readSmallFile(error.source);
  return text === void 0 ? [...error.problems] : locateProblems(text, error.problems);
}
__name(locatedProblems, "locatedProblems");
async function readSmallFile(path) {
  let handle;
  try {
    handle = await open3(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return void 0;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_LOCATED_BYTES) return void 0;
    const buffer = Buffer.alloc(info.size + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return bytesRead > info.size ? void 0 : buffer.toString("utf8", 0, bytesRead);
  } catch {
    return void 0;
  } finally {
    await handle.close();
  }
}
__name(readSmallFile, "readSmallFile");

// src/cli/failure.ts
async function describeFailure(error, phase) {
  if (!(error instanceof UserError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "internal", exitCode: ExitCode.internal, message, problems: [] };
  }
  const base = {
    kind: userErrorKind(error, phase),
    exitCode: error.exitCode,
    message: error.message
  };
  if (!(error instanceof DocumentError)) return { ...base, problems: [...error.problems] };
  const problems = (await locatedProblems(error)).map((problem) => ({
    ...problem,
    file: error.source
  }));
  return { ...base, file: error.source, problems };
}
__name(describeFailure, "describeFailure");
function userErrorKind(error, phase) {
  if (phase === "usage") return "usage";
  if (error instanceof MissingGraphError) return "missing_graph";
  if (error instanceof GraphError) return "invalid_graph";
  if (error instanceof ConfigError) return "invalid_config";
  if (error instanceof StoreError) return "invalid_store";
  return "invalid_input";
}
__name(userErrorKind, "userErrorKind");
function errorDocument(failure) {
  const { exitCode, ...error } = failure;
  return { ok: false, exitCode, error };
}
__name(errorDocument, "errorDocument");
function watchStdout(io) {
  let wrote = false;
  const stdout = {
    ...io.stdout,
    write: /* @__PURE__ */ __name((text) => {
      wrote ||= text.length > 0;
      io.stdout.write(text);
    }, "write")
  };
  return { io: { ...io, stdout }, wroteStdout: /* @__PURE__ */ __name(() => wrote, "wroteStdout") };
}
__name(watchStdout, "watchStdout");
async function reportFailure(error, io, options) {
  const failure = await describeFailure(error, options.phase);
  if (failure.kind === "internal") reportFault(error, io);
  else {
    io.stderr.write(`dog: ${failure.message}
`);
    for (const problem of failure.problems) io.stderr.write(`  ${formatProblem(problem)}
`);
  }
  if (options.json && !options.wroteStdout)
    io.stdout.write(`${JSON.stringify(errorDocument(failure), null, 2)}
`);
  return failure.exitCode;
}
__name(reportFailure, "reportFailure");
function reportFault(error, io) {
  const fault = error instanceof InternalError ? error : new InternalError(String(error), { cause: error });
  io.stderr.write(`dog: internal error: ${fault.message}
`);
  if (error instanceof Error && error.stack) io.stderr.write(`${error.stack}
`);
  io.stderr.write(
    "This is a bug in dog, not in your graph; please report it with the lines above.\n"
  );
}
__name(reportFault, "reportFault");
function asksForJson(argv2) {
  const end = argv2.indexOf("--");
  return (end === -1 ? argv2 : argv2.slice(0, end)).includes("--json");
}
__name(asksForJson, "asksForJson");

// src/cli/commands/validate.ts
async function commandValidate(args, io) {
  let graph = null;
  try {
    const context = await commandContext(args, io);
    const given = args.positional === void 0 ? void 0 : resolve9(io.cwd, args.positional);
    graph = await resolveGraphPath(given, context.workspace);
    return await validateGraph(graph, context, args, io);
  } catch (error) {
    if (!args.json || !(error instanceof UserError)) throw error;
    return writeFailure(io, await describeFailure(error, "command"), graph);
  }
}
__name(commandValidate, "commandValidate");
async function validateGraph(path, context, args, io) {
  let problems;
  try {
    const document = await readGraphDocument(path, context.config.limits.maxGraphBytes);
    if (await cancelled(io)) return cancel(io);
    problems = checkGraph(document, { source: path, limits: context.limits, host: context.host });
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    problems = [...error.problems];
  }
  if (await cancelled(io)) return cancel(io);
  if (problems.length > 0) throw new GraphError(path, problems);
  if (args.json) {
    const document = { valid: true, graph: path, problems: [], ok: true, exitCode: 0 };
    io.stdout.write(`${JSON.stringify(document, null, 2)}
`);
  } else io.stderr.write(`${path}: valid
`);
  return ExitCode.success;
}
__name(validateGraph, "validateGraph");
function writeFailure(io, failure, graph) {
  io.stderr.write(`dog: ${failure.message}
`);
  const document = { valid: false, graph, problems: failure.problems, ...errorDocument(failure) };
  io.stdout.write(`${JSON.stringify(document, null, 2)}
`);
  return failure.exitCode;
}
__name(writeFailure, "writeFailure");
async function cancelled(io) {
  await new Promise((resolveTurn) => setImmediate(resolveTurn));
  return io.signal.aborted;
}
__name(cancelled, "cancelled");
function cancel(io) {
  io.stderr.write("dog: validate cancelled\n");
  return ExitCode.cancelled;
}
__name(cancel, "cancel");

// src/cli/commands/verify.ts
import { resolve as resolve10 } from "node:path";
async function commandVerify(args, io) {
  const phase = args.phase;
  const exchange = new DirectoryExchange(resolve10(io.cwd, phase.exchange));
  const workspace = await resolveWorkspace(io, args.workspace);
  const storeDir = storeDirOf(args, io, workspace);
  const progress = new TerminalProgress(io.stderr);
  let cleanup = /* @__PURE__ */ __name(() => Promise.resolve(), "cleanup");
  try {
    const outcome = await verifyShard(exchange, phase.shard, async (document) => {
      const opened = await openCliPhase(document, args, io, {
        workspace,
        store: await LocalStore.open(storeDir),
        storeDir,
        progress,
        verifies: true
      });
      cleanup = opened.cleanup;
      return opened;
    });
    if (args.json) io.stdout.write(`${JSON.stringify(shardJson(outcome), null, 2)}
`);
    io.stderr.write(describeShard(outcome));
    return ExitCode.success;
  } finally {
    await cleanup();
  }
}
__name(commandVerify, "commandVerify");
function shardJson(outcome) {
  const notStarted = outcome.keys.filter((key) => !outcome.records.has(key));
  return {
    job: outcome.job,
    idle: outcome.idle,
    keys: outcome.keys,
    verified: [...outcome.records.keys()],
    notStarted,
    readFrom: outcome.readFrom,
    rejected: outcome.rejected.map(({ source, reason }) => ({ source, reason }))
  };
}
__name(shardJson, "shardJson");
function describeShard(outcome) {
  if (outcome.idle) return `dog: the plan assigned nothing to ${outcome.job}; nothing to do
`;
  const lines = outcome.rejected.map(
    ({ source, keys, reason }) => `dog: warning: refused ${source} (${reason})${keys.length > 0 ? `; ${keys.slice(0, 10).join(", ")} count as unsettled here` : ""}; aggregate fails the goals it concerns`
  );
  const skipped = outcome.keys.length - outcome.records.size;
  lines.push(
    `dog: job ${outcome.job} verified ${outcome.records.size} of ${outcome.keys.length}${skipped ? `; ${skipped} not started because what they depend on did not settle as required (or its records were not delivered yet: run the waves in order)` : ""}`
  );
  return `${lines.join("\n")}
`;
}
__name(describeShard, "describeShard");

// src/cli/commands/verifyReport.ts
import { readFile as readFile5 } from "node:fs/promises";
import { resolve as resolve11 } from "node:path";

// src/core/report/chainCheck.ts
function checkChain(report) {
  if (report.rootDigest === void 0 || report.provenance === void 0)
    return broken({
      message: "the report carries no digest chain (no rootDigest or provenance): it was written by a DoG without one, or they were removed"
    });
  const scheme = report.provenance.scheme;
  if (scheme !== CHAIN_SCHEME)
    return broken({
      message: `the report's chain scheme is ${JSON.stringify(scheme)}; this dog checks ${CHAIN_SCHEME}`
    });
  const order = chainOrder(report);
  const breaks = [
    ...order.flatMap((id) => nodeBreaks(report, id)),
    ...unreached(report, new Set(order))
  ];
  const root = report.graph.root === void 0 ? void 0 : report.nodes[report.graph.root];
  if (!root)
    breaks.push({
      message: `the root node ${JSON.stringify(report.graph.root)} is not in the report`
    });
  const rootNodeDigest = root?.digest !== void 0 && isDigest(root.digest) ? root.digest : null;
  if (rootDigestOf(report, rootNodeDigest) !== report.rootDigest)
    breaks.push({
      message: "the root digest is not the digest of the report's header, anchors and root node: the run's details (graph, commits, configuration, root state, totals, warnings) or the root node's digest changed"
    });
  return breaks.length === 0 ? { ok: true, rootDigest: report.rootDigest, nodes: order.length } : { ok: false, breaks };
}
__name(checkChain, "checkChain");
function broken(first) {
  return { ok: false, breaks: [first] };
}
__name(broken, "broken");
function nodeBreaks(report, id) {
  const node = report.nodes[id];
  if (!node) return [];
  const missing = (node.children ?? []).filter((child) => !report.nodes[child]);
  if (missing.length > 0)
    return [
      {
        node: id,
        message: `its children ${missing.map((c) => JSON.stringify(c)).join(", ")} are not in the report`
      }
    ];
  if (node.digest === void 0) return [{ node: id, message: "it carries no digest" }];
  const children = (node.children ?? []).map((child) => report.nodes[child]?.digest ?? null);
  if (nodeDigestOf(id, node, children) === node.digest) return [];
  return [
    {
      node: id,
      message: "its digest is not the digest of its entry: its state, verdict, evidence, capture or GM digest, decision, record digest or children changed"
    }
  ];
}
__name(nodeBreaks, "nodeBreaks");
function unreached(report, reached) {
  return Object.keys(report.nodes).filter((id) => !reached.has(id)).sort().map((id) => ({
    node: id,
    message: "the root does not reach it: it is not part of the chain"
  }));
}
__name(unreached, "unreached");

// src/core/report/reportRecords.ts
function settlementsOf(report) {
  return Object.entries(report.nodes).flatMap(([id, node]) => [
    ...node.kind === "leaf" ? [{ key: id, settlement: node }] : [],
    ...node.assert ? [{ key: workKey(id, "assert"), settlement: node.assert }] : []
  ]);
}
__name(settlementsOf, "settlementsOf");
function checkRecords(report, records) {
  const breaks = [];
  let checked = 0;
  for (const { key, settlement } of settlementsOf(report)) {
    if (settlement.recordDigest === void 0) continue;
    checked += 1;
    const record = records.get(settlement.recordDigest);
    const problem = record ? mismatchOf(settlement, record) : `its record ${settlement.recordDigest} is not in the store`;
    if (problem) breaks.push({ node: key, message: problem });
  }
  return { checked, breaks };
}
__name(checkRecords, "checkRecords");
function mismatchOf(settlement, record) {
  if (record.verdict !== settlement.verdict)
    return `the report says ${String(settlement.verdict)}, its record says ${record.verdict}`;
  if (record.captureDigest !== settlement.captureDigest)
    return `the report's capture digest is not its record's (${record.captureDigest})`;
  const evidence = /* @__PURE__ */ __name((value) => value === void 0 ? "" : canonicalJson(value), "evidence");
  if (evidence(record.evidence) !== evidence(settlement.evidence))
    return "the report's evidence is not its record's";
  return void 0;
}
__name(mismatchOf, "mismatchOf");

// src/engine/host/reportCaptures.ts
import { mkdtemp as mkdtemp2, rm as rm4 } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as join15 } from "node:path";
import { randomUUID } from "node:crypto";
async function checkCaptures(report, graph, context, neverCapture) {
  if (graph.digest !== report.graph.digest)
    return {
      checked: 0,
      breaks: [
        {
          message: `the workspace's graph has digest ${graph.digest}, the report's is ${report.graph.digest}: the report is about another graph`
        }
      ]
    };
  const scratch = await mkdtemp2(join15(tmpdir(), "dog-verify-report-"));
  try {
    const store = discardingStore(scratch);
    const breaks = [];
    let checked = 0;
    for (const { key, settlement } of settlementsOf(report)) {
      const item = graph.workItemByKey.get(key);
      if (!item) continue;
      checked += 1;
      const result = await captureTarget({
        workspaceRoot: context.workspace,
        target: item.target,
        store,
        limits: { maxCaptureBytes: context.config.limits.maxCaptureBytes },
        excludeAbsPaths: neverCapture,
        ...item.exclude ? { exclude: item.exclude } : {}
      });
      const problem = mismatchOf2(result, settlement.captureDigest);
      if (problem) breaks.push({ node: key, message: problem });
    }
    return { checked, breaks };
  } finally {
    await rm4(scratch, { recursive: true, force: true });
  }
}
__name(checkCaptures, "checkCaptures");
function mismatchOf2(result, reported) {
  const target = JSON.stringify(result.ok ? result.capture.target : result.target);
  if (!result.ok)
    return reported === void 0 ? void 0 : `its target ${target} cannot be captured now (${result.message}), the report holds ${reported}`;
  if (reported === void 0)
    return `its target ${target} captures to ${result.capture.digest}, the report holds no capture`;
  if (result.capture.digest !== reported)
    return `its target ${target} captures to ${result.capture.digest}, the report holds ${reported}`;
  return void 0;
}
__name(mismatchOf2, "mismatchOf");
function discardingStore(dir) {
  return {
    tempPath: /* @__PURE__ */ __name(() => join15(dir, `${randomUUID()}.part`), "tempPath"),
    commitBlob: /* @__PURE__ */ __name((tempPath) => rm4(tempPath, { force: true }), "commitBlob"),
    blobPath: /* @__PURE__ */ __name(() => Promise.resolve(void 0), "blobPath")
  };
}
__name(discardingStore, "discardingStore");

// src/storage/recordIndex.ts
import { join as join16 } from "node:path";
async function storedRecords(storeRoot) {
  const byDigest = /* @__PURE__ */ new Map();
  let unreadable = 0;
  for (const log of ["verifications.jsonl", "decisions.jsonl"])
    await forEachLogLine(join16(storeRoot, "log", log), (line) => {
      const valid = validateAgainst("record", parsed(line));
      if (valid.ok) byDigest.set(recordDigestOf(valid.value), valid.value);
      else unreadable += 1;
    });
  return { byDigest, unreadable };
}
__name(storedRecords, "storedRecords");
function parsed(line) {
  try {
    return JSON.parse(line);
  } catch {
    return void 0;
  }
}
__name(parsed, "parsed");

// src/cli/commands/verifyReport.ts
var MAX_REPORT_BYTES = 256 * 1024 * 1024;
async function commandVerifyReport(args, io) {
  if (args.positional === void 0)
    throw new UserError(
      "dog verify-report: give the report file, e.g. dog verify-report dog-report.json"
    );
  const path = resolve11(io.cwd, args.positional);
  const verification = await verify(path, await readReport(path), args, io);
  if (args.json) io.stdout.write(`${JSON.stringify(verification, null, 2)}
`);
  else io.stderr.write(describe(verification));
  return verification.ok ? ExitCode.success : ExitCode.failure;
}
__name(commandVerifyReport, "commandVerifyReport");
async function verify(path, value, args, io) {
  const valid = validateAgainst("report", value);
  if (!valid.ok)
    return {
      ok: false,
      report: path,
      breaks: valid.problems.map((p) => ({
        message: `not a valid DoG report: ${p.pointer || "/"} ${p.message}`
      }))
    };
  const report = valid.value;
  const chain = checkChain(report);
  if (!chain.ok) return { ok: false, report: path, breaks: chain.breaks };
  const records = args.store === void 0 ? void 0 : await recordsCheck(report, args, io);
  const captures = args.workspace === void 0 ? void 0 : await capturesCheck(report, args, io);
  const breaks = [...records?.breaks ?? [], ...captures?.breaks ?? []];
  return {
    ok: breaks.length === 0,
    report: path,
    rootDigest: chain.rootDigest,
    nodes: chain.nodes,
    ...records ? { records: records.checked } : {},
    ...captures ? { captures: captures.checked } : {},
    breaks
  };
}
__name(verify, "verify");
async function readReport(path) {
  let text;
  try {
    const bytes = await readFile5(path);
    if (bytes.byteLength > MAX_REPORT_BYTES)
      throw new UserError(
        `${quoteInput(path)} is larger than a report can be (${MAX_REPORT_BYTES} bytes)`
      );
    text = bytes.toString("utf8");
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code2 = error.code ?? String(error);
    throw new UserError(
      `cannot read the report ${quoteInput(path)} (${code2}); give the path of a dog-report.json`
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UserError(`${quoteInput(path)} is not JSON; give the path of a dog-report.json`);
  }
}
__name(readReport, "readReport");
async function recordsCheck(report, args, io) {
  const root = resolve11(io.cwd, args.store);
  await LocalStore.openExisting(root);
  const stored = await storedRecords(root);
  return checkRecords(report, stored.byDigest);
}
__name(recordsCheck, "recordsCheck");
async function capturesCheck(report, args, io) {
  const context = await commandContext(args, io);
  const graphPath = await resolveGraphPath(
    args.graph === void 0 ? void 0 : resolve11(io.cwd, args.graph),
    context.workspace
  );
  const graph = await loadGraph(graphPath, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host
  });
  const neverCapture = [
    resolve11(context.workspace, ".dog/store"),
    ...args.store ? [resolve11(io.cwd, args.store)] : []
  ];
  return checkCaptures(report, graph, context, neverCapture);
}
__name(capturesCheck, "capturesCheck");
function describe(v) {
  if (v.ok) {
    const also = [
      ...v.records === void 0 ? [] : [`${v.records} record(s) found in the store`],
      ...v.captures === void 0 ? [] : [`${v.captures} capture(s) match the workspace`]
    ];
    return `dog: the report's chain holds: ${v.nodes} node(s), root digest ${v.rootDigest}${also.length ? `; ${also.join(", ")}` : ""}
`;
  }
  const [first, ...rest] = v.breaks;
  const where = /* @__PURE__ */ __name((b) => b.node === void 0 ? "the report" : `node ${JSON.stringify(b.node)}`, "where");
  const lines = [
    `dog: the report does not verify: ${first ? `${where(first)}: ${first.message}` : ""}`
  ];
  for (const b of rest) lines.push(`  also ${where(b)}: ${b.message}`);
  return `${lines.join("\n")}
`;
}
__name(describe, "describe");

// src/cli/commandSafeIo.ts
function commandSafeIo(io) {
  return { ...io, stdout: commandSafe(io.stdout), stderr: commandSafe(io.stderr) };
}
__name(commandSafeIo, "commandSafeIo");
function commandSafe(output) {
  const neutraliser = new CommandNeutraliser();
  return { ...output, write: /* @__PURE__ */ __name((text) => output.write(neutraliser.write(text)), "write") };
}
__name(commandSafe, "commandSafe");

// src/cli/main.ts
var READ_ONLY_COMMANDS = /* @__PURE__ */ new Set([
  "help",
  "version",
  "validate",
  "graph",
  "status",
  "verify-report"
]);
function endsAtOnceOnInterrupt(argv2) {
  try {
    return READ_ONLY_COMMANDS.has(parseCliArgs(argv2).command);
  } catch {
    return true;
  }
}
__name(endsAtOnceOnInterrupt, "endsAtOnceOnInterrupt");
async function main(argv2, given) {
  const { io, wroteStdout } = watchStdout(commandSafeIo(given));
  let phase = "usage";
  try {
    const args = parseCliArgs(argv2);
    phase = "command";
    switch (args.command) {
      case "help":
        io.stdout.write(USAGE);
        return ExitCode.success;
      case "version":
        io.stdout.write(`dog ${VERSION}
`);
        return ExitCode.success;
      case "validate":
        return await commandValidate(args, io);
      case "graph":
        return await commandGraph(args, io);
      case "status":
        return await commandStatus(args, io);
      case "run":
        return await commandRun(args, io);
      case "companion":
        return await commandCompanion(args, io);
      case "init":
        return await commandInit(args, io);
      case "decide":
        return await commandDecide(args, io);
      case "gc":
        return await commandGc(args, io);
      case "plan":
        return await commandPlan(args, io);
      case "verify":
        return await commandVerify(args, io);
      case "aggregate":
        return await commandAggregate(args, io);
      case "verify-report":
        return await commandVerifyReport(args, io);
      default: {
        const unknown = args.command;
        throw new UserError(`unknown command "${String(unknown)}"; run "dog help"`);
      }
    }
  } catch (error) {
    const json = asksForJson(argv2);
    return reportFailure(error, io, { json, phase, wroteStdout: wroteStdout() });
  }
}
__name(main, "main");

// src/cli/bin.ts
var controller = new AbortController();
var interrupts = 0;
var onInterrupt = /* @__PURE__ */ __name(() => {
  interrupts += 1;
  if (interrupts > 1) process.exit(130);
  process.stderr.write("\ndog: cancelling \u2014 finishing the report (Ctrl-C again to quit at once)\n");
  controller.abort();
}, "onInterrupt");
var argv = process.argv.slice(2);
if (!endsAtOnceOnInterrupt(argv)) {
  process.on("SIGINT", onInterrupt);
  process.on("SIGTERM", onInterrupt);
}
var code = await main(argv, {
  stdout: { write: /* @__PURE__ */ __name((text) => void process.stdout.write(text), "write"), isTTY: process.stdout.isTTY },
  stderr: { write: /* @__PURE__ */ __name((text) => void process.stderr.write(text), "write"), isTTY: process.stderr.isTTY },
  env: process.env,
  cwd: process.cwd(),
  signal: controller.signal
});
process.exitCode = code;
