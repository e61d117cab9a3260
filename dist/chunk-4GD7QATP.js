#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  cacheReadAccess,
  notRestoredMessage,
  notSavedWarning,
  readableCacheScopes
} from "./chunk-6TYA4KEX.js";
import {
  BubblewrapSandbox,
  DEFAULT_GRAPH_PATHS,
  HostCache,
  LayeredStore,
  LocalStore,
  TieredRecordStore,
  acceptRecord,
  checkSandbox,
  copyHashing,
  digestHex,
  effectiveIsolation,
  findBwrap,
  hostConfigDigest,
  hostContext,
  hostEngineDeps,
  isErrnoCode,
  loadGraph,
  loadHostConfig,
  parsePlanDocument,
  pathExists,
  runLimited,
  runnerKindOf,
  settledTime,
  sha256Hex,
  toDigest,
  validateAgainst,
  workKey
} from "./chunk-TR7VHC6V.js";
import {
  singleLogLine
} from "./chunk-R23ZG7MU.js";
import {
  trustedBaseSha
} from "./chunk-44AILICO.js";
import {
  UserError
} from "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/storage/github/packSave.ts
var DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 6e4;
function describeFlush(result) {
  switch (result.outcome) {
    case "unchanged":
      return "DoG: no new records; the record pack was not saved again";
    case "untrusted-scope":
      return `DoG: the record pack was not saved: later runs do not take records from this run's cache scope (${result.scope}), which any workflow of the pull request can write; ${records(result.added)} stay in this run's report (input trust-pull-request-cache, docs/security.md)`;
    case "read-only":
      return `DoG: the record pack was not saved (read-only cache): ${records(result.added)} not kept`;
    case "saved": {
      const pruned = result.pruned > 0 ? `, ${result.pruned} pruned by least recent use` : "";
      const waited = result.waitedSeconds > 0 ? `, after waiting ${result.waitedSeconds} s for GitHub's cache rate limit` : "";
      return `DoG: record pack ${result.key} saved: ${records(result.records)} (${result.added} new${pruned})${waited}`;
    }
    case "exists":
      return `DoG: the record pack was not saved: ${result.key} was saved before in this run attempt; ${records(result.added)} not added`;
    case "refused":
    case "failed":
      return `DoG: ${notSavedMessage(result)}`;
  }
}
__name(describeFlush, "describeFlush");
function notSavedMessage(result) {
  const why = result.outcome === "refused" ? `GitHub's cache refused it (${result.reason}${result.retryAfterSeconds === void 0 ? "" : `; it asked to retry after ${result.retryAfterSeconds} s`}${result.waitedSeconds > 0 ? `, after DoG waited ${result.waitedSeconds} s` : ""})` : `saving failed (${result.reason})`;
  return `the record pack was not saved: ${why}; the next run verifies these ${records(result.added)} again`;
}
__name(notSavedMessage, "notSavedMessage");
function records(count) {
  return count === 1 ? "1 record" : `${count} records`;
}
__name(records, "records");
async function saveWithRetry(cache, path, key, options, retry) {
  let waitedMs = 0;
  for (; ; ) {
    const result = await cache.save(path, key, options);
    if (result.outcome !== "refused" || result.retryAfterSeconds === void 0)
      return { result, waitedMs };
    const waitMs = result.retryAfterSeconds * 1e3;
    if (waitedMs + waitMs > retry.maxWaitMs) return { result, waitedMs };
    await retry.sleep(waitMs);
    waitedMs += waitMs;
  }
}
__name(saveWithRetry, "saveWithRetry");

// src/storage/github/cacheTrust.ts
var WRITER_EVENTS = /* @__PURE__ */ new Set([
  "push",
  "schedule",
  "workflow_dispatch",
  "repository_dispatch",
  "merge_group"
]);
var PULL_REQUEST_EVENTS = /* @__PURE__ */ new Set(["pull_request", "pull_request_target"]);
function trustedRefsOf(context) {
  const defaultRef = context.defaultBranch === void 0 ? void 0 : `refs/heads/${context.defaultBranch}`;
  const ownTrusted = context.ref === defaultRef || context.ref.startsWith("refs/heads/") && WRITER_EVENTS.has(context.eventName) || context.ref.startsWith("refs/pull/") && PULL_REQUEST_EVENTS.has(context.eventName) && context.trustPullRequestScope;
  const base = context.baseRef && PULL_REQUEST_EVENTS.has(context.eventName) ? `refs/heads/${context.baseRef}` : void 0;
  const trusted = [];
  for (const ref of [ownTrusted ? context.ref : void 0, base, defaultRef])
    if (ref !== void 0 && !trusted.includes(ref)) trusted.push(ref);
  return { trusted, ownTrusted };
}
__name(trustedRefsOf, "trustedRefsOf");
function cacheTrustOf(context, listing) {
  const { trusted, ownTrusted } = trustedRefsOf(context);
  const readRefused = readRefusal(context);
  if (readRefused !== void 0)
    return {
      trusted: [],
      ownRef: context.ref,
      ownTrusted,
      restoresTrusted: false,
      listing,
      readRefused
    };
  const readable = context.readableScopes;
  return {
    trusted,
    ownRef: context.ref,
    ownTrusted,
    restoresTrusted: readable !== void 0 && readable.length > 0 && readable.every((scope) => trusted.includes(scope)),
    listing
  };
}
__name(cacheTrustOf, "cacheTrustOf");
function readRefusal(context) {
  const access2 = context.readAccess;
  if (access2 === void 0 || access2.readable) return void 0;
  let told = false;
  const tell = /* @__PURE__ */ __name(() => {
    if (told) return;
    told = true;
    context.say?.(notRestoredMessage(access2.mode));
  }, "tell");
  return { mode: access2.mode, tell };
}
__name(readRefusal, "readRefusal");

// src/action/cacheScopes.ts
var trustOfJob = /* @__PURE__ */ new WeakMap();
function jobCacheTrust(job) {
  const known = trustOfJob.get(job);
  if (known !== void 0) return known;
  const trust = trustOf(job);
  trustOfJob.set(job, trust);
  return trust;
}
__name(jobCacheTrust, "jobCacheTrust");
function trustOf(job) {
  const { runner } = job;
  return cacheTrustOf(
    {
      eventName: runner.eventName,
      ref: runner.ref ?? "",
      defaultBranch: runner.defaultBranch,
      baseRef: runner.pullRequest?.baseRef ?? (job.env.GITHUB_BASE_REF || void 0),
      trustPullRequestScope: job.inputs.trustPullRequestCache,
      readableScopes: readableCacheScopes(job.env),
      readAccess: cacheReadAccess(job.env),
      say: /* @__PURE__ */ __name((message) => job.services.log.warning(`DoG: ${message}`), "say")
    },
    job.services.cacheListing
  );
}
__name(trustOf, "trustOf");

// src/action/host.ts
import { mkdir as mkdir5, writeFile as writeFile3 } from "node:fs/promises";
import { homedir } from "node:os";
import { join as join6, relative, resolve, sep } from "node:path";

// src/storage/github/actionsStore.ts
var ActionsStore = class extends LayeredStore {
  constructor(local, records2, host, decisions) {
    const tiered = host ? new TieredRecordStore(host, records2) : void 0;
    super(local, tiered ?? records2, {
      warnings: /* @__PURE__ */ __name(() => [
        ...tiered?.drainWarnings() ?? [],
        ...host?.drainWarnings() ?? [],
        ...records2.drainWarnings()
      ], "warnings"),
      ...decisions ? { decisions } : {}
    });
    this.records = records2;
    this.host = host;
  }
  records;
  host;
  static {
    __name(this, "ActionsStore");
  }
};

// src/storage/github/packStore.ts
import { mkdir as mkdir3, mkdtemp as mkdtemp3, rm as rm4, writeFile } from "node:fs/promises";
import { join as join4 } from "node:path";

// src/storage/github/legacyRecords.ts
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
function legacyGmKey(gmDigest) {
  return `dog-v1-gm-${digestHex(gmDigest)}`;
}
__name(legacyGmKey, "legacyGmKey");
var LEGACY_CACHE_DIR = "~/.cache/dog/records";
async function findLegacyRecord(cache, gmDigest, homeDir) {
  const key = legacyGmKey(gmDigest);
  const file = join(homeDir, ".cache", "dog", "records", `${key}.json`);
  try {
    const matched = await cache.restore(`${LEGACY_CACHE_DIR}/${key}.json`, key, [], {
      retryFailedDownload: false
    });
    if (matched !== key) return { found: false };
    let value;
    try {
      value = JSON.parse(await readFile(file, "utf8"));
    } catch {
      return { found: true, refused: "it is not JSON" };
    }
    const accepted = acceptRecord(value, { gmDigest, inheritable: true });
    return accepted.ok ? { found: true, record: accepted.record } : { found: true, refused: accepted.reason };
  } finally {
    await rm(file, { force: true });
  }
}
__name(findLegacyRecord, "findLegacyRecord");

// src/storage/github/packRestore.ts
import { mkdir as mkdir2, mkdtemp as mkdtemp2, readFile as readFile3, rm as rm3, stat as stat2 } from "node:fs/promises";
import { join as join3 } from "node:path";

// src/storage/github/recordPack.ts
var RECORDS_PREFIX = "dog-v3-records-";
var LEGACY_RECORDS_PREFIX = "dog-v2-records-";
var DECISIONS_PREFIX = "dog-v3-decisions-";
var LEGACY_DECISIONS_PREFIX = "dog-v2-decisions-";
var DEFAULT_PACK_MAX_BYTES = 32 * 1024 * 1024;
var PACK_READ_MAX_BYTES = 2 * DEFAULT_PACK_MAX_BYTES;
function graphKeyOf(graphId) {
  return sha256Hex(graphId).slice(0, 16);
}
__name(graphKeyOf, "graphKeyOf");
function packKeyPrefix(graphKey) {
  return `${RECORDS_PREFIX}${graphKey}-`;
}
__name(packKeyPrefix, "packKeyPrefix");
function legacyPackKeyPrefix(graphKey) {
  return `${LEGACY_RECORDS_PREFIX}${graphKey}-`;
}
__name(legacyPackKeyPrefix, "legacyPackKeyPrefix");
function decisionsKeyPrefix(graphKey) {
  return `${DECISIONS_PREFIX}${graphKey}-`;
}
__name(decisionsKeyPrefix, "decisionsKeyPrefix");
function legacyDecisionsKeyPrefix(graphKey) {
  return `${LEGACY_DECISIONS_PREFIX}${graphKey}-`;
}
__name(legacyDecisionsKeyPrefix, "legacyDecisionsKeyPrefix");
function emptyContents() {
  return { byGm: /* @__PURE__ */ new Map(), newest: /* @__PURE__ */ new Map() };
}
__name(emptyContents, "emptyContents");
function readPack(text2, graphKey) {
  let value;
  try {
    value = JSON.parse(text2);
  } catch {
    return { ok: false, problem: "it is not JSON" };
  }
  const valid = validateAgainst("recordPack", value);
  if (!valid.ok) {
    const first = valid.problems[0];
    return {
      ok: false,
      problem: `it is not a valid record pack (${first?.pointer || "/"}: ${first?.message})`
    };
  }
  const pack = valid.value;
  if (pack.graphKey !== graphKey)
    return { ok: false, problem: `it is the pack of another graph (${pack.graphKey})` };
  const contents = emptyContents();
  const refused = /* @__PURE__ */ new Map();
  const refuse = /* @__PURE__ */ __name((reason) => refused.set(reason, (refused.get(reason) ?? 0) + 1), "refuse");
  for (const entry of pack.records) {
    const accepted = acceptRecord(entry.record, { inheritable: true });
    if (accepted.ok) putEntry(contents, { record: accepted.record, usedAt: entry.usedAt });
    else refuse(accepted.reason);
  }
  for (const [key, record] of Object.entries(pack.newest)) {
    const accepted = acceptRecord(record, {});
    if (!accepted.ok) refuse(accepted.reason);
    else if (workKey(accepted.record.goalId, accepted.record.role) !== key)
      refuse(`a newest record filed under another work key than its own`);
    else putNewest(contents, key, accepted.record);
  }
  return { ok: true, contents, refused };
}
__name(readPack, "readPack");
function putEntry(contents, entry) {
  const gm = entry.record.gmDigest;
  const held = contents.byGm.get(gm);
  if (held === void 0) {
    contents.byGm.set(gm, entry);
    return;
  }
  const record = settledTime(entry.record) > settledTime(held.record) ? entry.record : held.record;
  const usedAt = Date.parse(entry.usedAt) > Date.parse(held.usedAt) ? entry.usedAt : held.usedAt;
  contents.byGm.set(gm, { record, usedAt });
}
__name(putEntry, "putEntry");
function putNewest(contents, key, record) {
  const held = contents.newest.get(key);
  if (held === void 0 || settledTime(record) >= settledTime(held))
    contents.newest.set(key, record);
}
__name(putNewest, "putNewest");
function mergeInto(into, from) {
  for (const entry of from.byGm.values()) putEntry(into, entry);
  for (const [key, record] of from.newest) putNewest(into, key, record);
}
__name(mergeInto, "mergeInto");
function addRecord(contents, key, record, now) {
  if (record.verdict !== "inconclusive") putEntry(contents, { record, usedAt: now });
  putNewest(contents, key, record);
}
__name(addRecord, "addRecord");
function writePack(contents, meta, maxBytes) {
  const entries = [...contents.byGm.values()].sort(byRecentUse);
  const newest = [...contents.newest].sort(([, a], [, b]) => settledTime(b) - settledTime(a));
  const base = { schemaVersion: "1", ...meta };
  const shell = Buffer.byteLength(JSON.stringify({ ...base, records: [], newest: {} }));
  const newestSizes = newest.map(([key, record]) => bytesOf(key) + bytesOf(record));
  const recordBudget = maxBytes - shell - sum(newestSizes);
  const keptEntries = takeWhileFits(entries.map(bytesOf), recordBudget);
  const keptNewest = recordBudget < 0 ? takeWhileFits(newestSizes, maxBytes - shell) : newest.length;
  const document = {
    ...base,
    records: entries.slice(0, keptEntries),
    newest: Object.fromEntries(newest.slice(0, keptNewest))
  };
  return {
    text: JSON.stringify(document),
    records: keptEntries,
    pruned: entries.length - keptEntries,
    newestPruned: newest.length - keptNewest
  };
}
__name(writePack, "writePack");
function byRecentUse(a, b) {
  return Date.parse(b.usedAt) - Date.parse(a.usedAt) || settledTime(b.record) - settledTime(a.record) || (a.record.gmDigest < b.record.gmDigest ? -1 : 1);
}
__name(byRecentUse, "byRecentUse");
function bytesOf(value) {
  return Buffer.byteLength(JSON.stringify(value)) + 1;
}
__name(bytesOf, "bytesOf");
function takeWhileFits(sizes, budget) {
  let used = 0;
  for (const [index, size] of sizes.entries()) {
    if (used + size > budget) return index;
    used += size;
  }
  return sizes.length;
}
__name(takeWhileFits, "takeWhileFits");
function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}
__name(sum, "sum");

// src/storage/github/trustedEntries.ts
import { mkdir, mkdtemp, readFile as readFile2, rm as rm2, stat } from "node:fs/promises";
import { join as join2 } from "node:path";
var CONTENT_DIGEST = /-([0-9a-f]{64})$/;
function contentKey(prefix, label, text2) {
  return `${prefix}${label}-${sha256Hex(text2)}`;
}
__name(contentKey, "contentKey");
async function restoreVerified(place, key) {
  const digest = CONTENT_DIGEST.exec(key)?.[1];
  if (digest === void 0) return { ok: false, why: `${key} names no content digest` };
  await mkdir(place.dir, { recursive: true });
  const root = await mkdtemp(join2(place.dir, "entry-"));
  try {
    const options = { root, retryFailedDownload: false };
    const matched = await place.cache.restore(place.file, key, [], options);
    if (matched === void 0) return { ok: false, why: `${key} could not be restored` };
    if (matched !== key)
      return { ok: false, why: `the cache answered ${key} with another entry (${matched})` };
    const path = join2(root, place.file);
    const { size } = await stat(path);
    if (size > place.maxBytes)
      return { ok: false, why: `${key} holds ${size} bytes, over the ${place.maxBytes} read` };
    const bytes = await readFile2(path);
    if (sha256Hex(bytes) !== digest)
      return {
        ok: false,
        why: `the bytes restored for ${key} are not the ones its key names: an entry of another scope answered in its place`
      };
    return { ok: true, text: bytes.toString("utf8") };
  } finally {
    await rm2(root, { recursive: true, force: true });
  }
}
__name(restoreVerified, "restoreVerified");
async function listTrusted(trust, prefix, limit) {
  const entries = [];
  try {
    for (const ref of trust.trusted) {
      const listed2 = await trust.listing.list(prefix, ref, limit);
      entries.push(...listed2.filter((e) => e.ref === ref && e.key.startsWith(prefix)));
    }
  } catch (error) {
    return { ok: false, why: listingProblem(error) };
  }
  return { ok: true, entries };
}
__name(listTrusted, "listTrusted");
async function newestTrusted(trust, place, prefix, options) {
  const listed2 = await listTrusted(trust, prefix, options.tries);
  const files = [];
  const problems = [];
  if (!listed2.ok) return { files, listed: listed2, problems };
  for (const ref of trust.trusted) {
    for (const entry of listed2.entries.filter((e) => e.ref === ref)) {
      const restored = await restoreVerified(place, entry.key).catch(
        (error) => ({
          ok: false,
          why: `${entry.key} could not be restored (${error instanceof Error ? error.message : String(error)})`
        })
      );
      if (restored.ok) {
        files.push({ key: entry.key, ref, text: restored.text });
        break;
      }
      problems.push(restored.why);
    }
  }
  return { files, listed: listed2, problems };
}
__name(newestTrusted, "newestTrusted");
function listingProblem(error) {
  const status = error?.status;
  const message = error instanceof Error ? error.message : String(error);
  if (status === 403 || status === 404)
    return `GitHub's cache listing refused this job's token (HTTP ${status}): grant the job \`actions: read\` so DoG can tell which scope a cache entry is in; until then nothing is inherited from the cache`;
  return `GitHub's cache listing failed (${message}); nothing is inherited from the cache this run`;
}
__name(listingProblem, "listingProblem");
async function untrustedInOwnScope(trust, graphKey) {
  if (trust.ownTrusted) return 0;
  try {
    const listed2 = await trust.listing.list("dog-v", trust.ownRef, 100);
    return listed2.filter((e) => e.ref === trust.ownRef && e.key.includes(`-${graphKey}-`)).length;
  } catch {
    return void 0;
  }
}
__name(untrustedInOwnScope, "untrustedInOwnScope");

// src/storage/github/packRestore.ts
var PACK_FILE = "dog-record-pack.json";
var TRIES_PER_REF = 3;
async function restoreTrustedPacks(source) {
  if (source.trust.readRefused !== void 0) {
    source.trust.readRefused.tell();
    return { missing: false };
  }
  const place = {
    cache: source.cache,
    file: PACK_FILE,
    dir: source.dir,
    maxBytes: PACK_READ_MAX_BYTES
  };
  const newest = await newestTrusted(source.trust, place, packKeyPrefix(source.graphKey), {
    tries: TRIES_PER_REF
  });
  if (!newest.listed.ok) {
    source.warn(newest.listed.why);
    return { missing: false };
  }
  for (const problem of newest.problems) source.warn(`a record pack was not used: ${problem}`);
  let found;
  for (const file of newest.files) {
    const contents = readChecked(source, file.key, file.text);
    if (contents === void 0) continue;
    found ??= emptyContents();
    mergeInto(found, contents);
  }
  if (found) return { found, missing: false };
  if (newest.listed.entries.length > 0 || !source.trust.restoresTrusted) return { missing: false };
  return restoreLegacyPack(source);
}
__name(restoreTrustedPacks, "restoreTrustedPacks");
async function warnUntrusted(source) {
  if (source.trust.readRefused !== void 0) return;
  const count = await untrustedInOwnScope(source.trust, source.graphKey);
  if (!count) return;
  const entries = count === 1 ? "1 DoG cache entry" : `${count} DoG cache entries`;
  source.warn(
    `${entries} of this graph in this run's cache scope (${source.trust.ownRef}) ${count === 1 ? "is" : "are"} not from a trusted writer and ${count === 1 ? "was" : "were"} ignored: any workflow of the pull request can write that scope, so DoG cannot tell them from a forgery; their goals were verified again (docs/security.md)`
  );
}
__name(warnUntrusted, "warnUntrusted");
function readChecked(source, key, text2) {
  const reading = readPack(text2, source.graphKey);
  if (!reading.ok) {
    source.warn(`pack entry ${key} was not used: ${reading.problem}`);
    return void 0;
  }
  if (reading.refused.size > 0) source.warn(refusalMessage(key, reading.refused));
  return reading.contents;
}
__name(readChecked, "readChecked");
async function restoreLegacyPack(source) {
  const prefix = legacyPackKeyPrefix(source.graphKey);
  await mkdir2(source.dir, { recursive: true });
  const root = await mkdtemp2(join3(source.dir, "pack-"));
  try {
    const matched = await source.cache.restore(PACK_FILE, prefix, [], { root });
    if (matched === void 0) return { missing: true };
    const path = join3(root, PACK_FILE);
    if ((await stat2(path)).size > PACK_READ_MAX_BYTES) {
      source.warn(`pack entry ${matched} was not used: it is over ${PACK_READ_MAX_BYTES} bytes`);
      return { missing: false };
    }
    const contents = readChecked(source, matched, await readFile3(path, "utf8"));
    return contents ? { found: contents, missing: false } : { missing: false };
  } catch (error) {
    source.warn(`the record pack lookup ${prefix}\u2026 failed: ${messageOf(error)}`);
    return { missing: false };
  } finally {
    await rm3(root, { recursive: true, force: true });
  }
}
__name(restoreLegacyPack, "restoreLegacyPack");
function refusalMessage(key, refused) {
  const total = [...refused.values()].reduce((sum2, count) => sum2 + count, 0);
  const reasons = [...refused].map(([reason, count]) => `${count}: ${reason}`).join("; ");
  return `pack entry ${key}: ${total} record(s) refused and not used (${reasons})`;
}
__name(refusalMessage, "refusalMessage");
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
__name(messageOf, "messageOf");

// src/storage/github/packStore.ts
var LEGACY_MISSES_BEFORE_GIVING_UP = 16;
var PackRecordStore = class {
  constructor(options) {
    this.options = options;
  }
  options;
  static {
    __name(this, "PackRecordStore");
  }
  graphKey;
  /** What the run started from (plan side); undefined until opened with lookups. */
  contents;
  /** No pack existed for the graph: lookups fall back to the old layout. */
  legacyFallback = false;
  legacyMisses = 0;
  /** The old-layout lookup in flight while no record came from there yet (see probeLegacy). */
  legacyProbe = Promise.resolve();
  /** Records found in the old layout are in memory only until a flush saves them. */
  carriesLegacy = false;
  legacyGoals = /* @__PURE__ */ new Set();
  queued = /* @__PURE__ */ new Map();
  /** Inherited by this run: refreshed, and carried into the pack if it lacks them. */
  used = /* @__PURE__ */ new Map();
  warnings = [];
  notSavedReported = false;
  /**
   * Binds the store to a graph. With `lookups` (plan, run): restores the graph's newest pack,
   * the one cache call lookups need. Without (aggregate): the flush restores it.
   */
  async open(graphId, { lookups = true } = {}) {
    this.graphKey = graphKeyOf(graphId);
    if (!lookups) return;
    await warnUntrusted(this.source());
    const newest = await this.restoreNewest();
    this.contents = newest.found ?? emptyContents();
    this.legacyFallback = newest.missing;
  }
  async findByGm(gmDigest) {
    const contents = this.opened();
    const entry = contents.byGm.get(gmDigest);
    if (entry) {
      this.used.set(gmDigest, entry.record);
      return entry.record;
    }
    if (!this.legacyFallback) return void 0;
    return this.carriesLegacy ? this.findLegacy(contents, gmDigest) : this.probeLegacy(contents, gmDigest);
  }
  newestForKey(key) {
    return Promise.resolve(this.opened().newest.get(key));
  }
  /** Queued: the pack is written by `flush`, after the run settled. */
  saveRecord(key, record) {
    this.queued.set(key, record);
    return Promise.resolve();
  }
  /**
   * Records this run inherited (in another job: the plan's). Their last use becomes now, and
   * the pack keeps them even if the newest pack lacks them (e.g. they came from the old layout).
   */
  markUsed(records2) {
    for (const record of records2) {
      const accepted = acceptRecord(record, { gmDigest: record.gmDigest, inheritable: true });
      if (accepted.ok) this.used.set(record.gmDigest, accepted.record);
    }
  }
  /** Goal ids whose inherited record came from the old per-record layout. */
  legacyGoalIds() {
    return [...this.legacyGoals].sort();
  }
  /** For the report: refused pack entries, records from the old layout, a read-only cache. */
  drainWarnings() {
    const drained = this.warnings.splice(0);
    if (this.legacyGoals.size > 0) {
      const ids = this.legacyGoalIds();
      const shown = ids.slice(0, 20).join(", ") + (ids.length > 20 ? ", \u2026" : "");
      drained.push(
        `${ids.length} record(s) came from the old per-record cache layout (dog-v1-*) and are carried into this run's record pack: ${shown}`
      );
      this.legacyGoals.clear();
    }
    const notSaved = this.readOnlyMessage();
    if (notSaved !== void 0 && !this.notSavedReported) {
      this.notSavedReported = true;
      drained.push(notSaved);
    }
    return drained;
  }
  /** Merges this run's records into the newest pack and saves it once (see docs/store.md). */
  async flush() {
    const graphKey = this.bound();
    const added = this.queued.size;
    if (added === 0 && !this.carriesLegacy && [...this.used.keys()].every((gm) => this.contents?.byGm.has(gm)))
      return { outcome: "unchanged" };
    if (!this.options.trust.ownTrusted) {
      this.queued.clear();
      return { outcome: "untrusted-scope", added, scope: this.options.trust.ownRef };
    }
    const readOnly = this.readOnlyMessage();
    if (readOnly !== void 0) {
      this.options.warn(`DoG: ${readOnly}`);
      this.queued.clear();
      return { outcome: "read-only", added };
    }
    const reported = this.warnings.length;
    const newest = (await this.restoreNewest()).found;
    for (const message of this.warnings.splice(reported)) this.options.warn(`DoG: ${message}`);
    if (added === 0 && [...this.used.keys()].every((gm) => newest?.byGm.has(gm)))
      return { outcome: "unchanged" };
    const now = (this.options.now?.() ?? /* @__PURE__ */ new Date()).toISOString();
    const merged = emptyContents();
    if (this.contents) mergeInto(merged, this.contents);
    if (newest) mergeInto(merged, newest);
    for (const record of this.used.values()) putEntry(merged, { record, usedAt: now });
    for (const [workKey2, record] of this.queued) addRecord(merged, workKey2, record, now);
    const written = writePack(
      merged,
      { graphKey, runId: this.options.runId, savedAt: now },
      this.options.maxBytes ?? DEFAULT_PACK_MAX_BYTES
    );
    const key = contentKey(packKeyPrefix(graphKey), this.options.runId, written.text);
    const result = await this.save(key, written.text, added);
    if (result.outcome === "saved") {
      this.queued.clear();
      return { ...result, records: written.records, pruned: written.pruned };
    }
    if (result.outcome === "refused" || result.outcome === "failed")
      this.options.warn(`DoG: ${notSavedMessage(result)}`);
    return result;
  }
  async save(key, text2, added) {
    const root = await this.stagingRoot();
    try {
      await writeFile(join4(root, PACK_FILE), text2);
      const { result, waitedMs } = await saveWithRetry(
        this.options.cache,
        PACK_FILE,
        key,
        { root },
        {
          maxWaitMs: this.options.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
          sleep: this.options.sleep ?? sleep
        }
      );
      const waitedSeconds = Math.round(waitedMs / 1e3);
      if (result.outcome === "saved")
        return { outcome: "saved", key, records: 0, added, pruned: 0, waitedSeconds };
      if (result.outcome === "exists") return { outcome: "exists", key, added };
      return { ...result, key, added, waitedSeconds };
    } catch (error) {
      return { outcome: "failed", key, added, reason: messageOf(error) };
    } finally {
      await rm4(root, { recursive: true, force: true });
    }
  }
  /** The newest trusted packs, accepted record by record; `missing`: no pack anywhere. */
  restoreNewest() {
    return restoreTrustedPacks(this.source());
  }
  source() {
    return {
      cache: this.options.cache,
      trust: this.options.trust,
      dir: this.options.dir,
      graphKey: this.bound(),
      warn: /* @__PURE__ */ __name((message) => this.warn(message), "warn")
    };
  }
  /**
   * Until the old layout has answered with a record, its lookups go one at a time: each miss
   * is counted before the next lookup starts, so a plan's concurrent lookups cannot ask more
   * than LEGACY_MISSES_BEFORE_GIVING_UP times before the fallback ends.
   */
  probeLegacy(contents, gmDigest) {
    const probe = this.legacyProbe.then(
      () => this.legacyFallback ? this.findLegacy(contents, gmDigest) : void 0
    );
    this.legacyProbe = probe;
    return probe;
  }
  async findLegacy(contents, gmDigest) {
    try {
      const found = await findLegacyRecord(this.options.cache, gmDigest, this.options.homeDir);
      if (!found.found) {
        this.legacyMisses += 1;
        if (this.legacyGoals.size === 0 && this.legacyMisses >= LEGACY_MISSES_BEFORE_GIVING_UP)
          this.legacyFallback = false;
        return void 0;
      }
      if ("refused" in found) {
        this.warn(`old cache entry for ${gmDigest} was not used: ${found.refused}`);
        return void 0;
      }
      const { record } = found;
      putEntry(contents, { record, usedAt: record.settledAt });
      putNewest(contents, workKey(record.goalId, record.role), record);
      this.legacyGoals.add(record.goalId);
      this.carriesLegacy = true;
      this.used.set(gmDigest, record);
      return record;
    } catch (error) {
      this.warn(`old cache lookup for ${gmDigest} failed, verifying again: ${messageOf(error)}`);
      return void 0;
    }
  }
  readOnlyMessage() {
    const access2 = this.options.cache.writeAccess;
    if (access2.writable || this.queued.size === 0) return void 0;
    return notSavedWarning(this.queued.size, this.options.trigger, access2);
  }
  async stagingRoot() {
    await mkdir3(this.options.dir, { recursive: true });
    return mkdtemp3(join4(this.options.dir, "pack-"));
  }
  opened() {
    if (this.contents === void 0)
      throw new Error("the record pack store was not opened for lookups (open(graphId) first)");
    return this.contents;
  }
  bound() {
    if (this.graphKey === void 0)
      throw new Error("the record pack store is not bound to a graph (open(graphId) first)");
    return this.graphKey;
  }
  warn(message) {
    if (this.warnings.length < 100 && !this.warnings.includes(message)) this.warnings.push(message);
  }
};
function sleep(ms) {
  return new Promise((resolve2) => setTimeout(resolve2, ms));
}
__name(sleep, "sleep");

// src/action/contentsTree.ts
var ContentsApiTree = class {
  constructor(client, repo, ref, prefix = "") {
    this.client = client;
    this.repo = repo;
    this.ref = ref;
    this.prefix = prefix;
    this.description = `base commit ${ref.slice(0, 12)} (read through the contents API)`;
  }
  client;
  repo;
  ref;
  prefix;
  static {
    __name(this, "ContentsApiTree");
  }
  description;
  async read(path) {
    const data = await this.get(path);
    if (data === void 0 || Array.isArray(data)) return void 0;
    const entry = data;
    if (entry.type !== "file") return void 0;
    if (entry.encoding !== "base64" || typeof entry.content !== "string")
      throw new UserError(
        `${path} at ${this.ref.slice(0, 12)} is too large for the contents API (over 1 MB)`
      );
    return Buffer.from(entry.content, "base64");
  }
  async listFiles(dir) {
    const data = await this.get(dir);
    if (!Array.isArray(data)) return void 0;
    return data.filter((e) => e.type === "file" && typeof e.name === "string").map((e) => e.name);
  }
  async get(path) {
    try {
      const full = this.prefix ? `${this.prefix}/${path}` : path;
      const response = await this.client.getContent({ ...this.repo, path: full, ref: this.ref });
      return response.data;
    } catch (error) {
      const status = error.status;
      if (status === 404) return void 0;
      const detail = error instanceof Error ? error.message : String(error);
      throw new UserError(
        `cannot read ${path} at ${this.ref.slice(0, 12)} through the contents API (${typeof status === "number" ? `HTTP ${status}` : "no status"}): ${detail}; the job needs permissions: contents: read`
      );
    }
  }
};

// src/action/trusted.ts
import { mkdir as mkdir4, readFile as readFile4, readdir, rm as rm5, writeFile as writeFile2 } from "node:fs/promises";
import { dirname, join as join5, posix } from "node:path";
var DEFAULT_CONFIG_PATH = ".dog/config.yaml";
var DEFAULT_SCRIPTS_DIR = ".dog/scripts";
var MAX_SCRIPTS = 1024;
var MAX_TRUSTED_FILE_BYTES = 4 * 1024 * 1024;
var SCRIPT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
var NoGraphError = class extends UserError {
  constructor(message, graphPath) {
    super(message);
    this.graphPath = graphPath;
    this.name = "NoGraphError";
  }
  graphPath;
  static {
    __name(this, "NoGraphError");
  }
};
async function findGraphPath(tree, given) {
  if (given === void 0) return findGraph(tree);
  const path = normalize(given);
  if (!await tree.read(path))
    throw new NoGraphError(`the graph ${path} does not exist in ${tree.description}`, path);
  return path;
}
__name(findGraphPath, "findGraphPath");
async function readTrustedFiles(tree, paths, scriptsDirOf2) {
  const graphPath = await findGraphPath(tree, paths.graph);
  const graph = await tree.read(graphPath);
  if (!graph)
    throw new NoGraphError(
      `the graph ${graphPath} does not exist in ${tree.description}`,
      graphPath
    );
  const configPath = paths.config === void 0 ? DEFAULT_CONFIG_PATH : normalize(paths.config);
  const configBytes = await tree.read(configPath);
  if (!configBytes && paths.config !== void 0)
    throw new UserError(`the configuration ${configPath} does not exist in ${tree.description}`);
  const config = configBytes ? text(configBytes, configPath) : null;
  const scriptsDir = normalize(await scriptsDirOf2(config, configPath));
  return {
    source: tree.description,
    graphPath,
    graph: text(graph, graphPath),
    configPath,
    config,
    scripts: await readScripts(tree, scriptsDir)
  };
}
__name(readTrustedFiles, "readTrustedFiles");
async function findGraph(tree) {
  for (const candidate of DEFAULT_GRAPH_PATHS) if (await tree.read(candidate)) return candidate;
  throw new NoGraphError(
    `no graph in ${tree.description}: looked for ${DEFAULT_GRAPH_PATHS.join(", ")}; commit one at ${DEFAULT_GRAPH_PATHS[0]} (or set the graph input to where it is)`,
    void 0
  );
}
__name(findGraph, "findGraph");
async function readScripts(tree, dir) {
  const names = await tree.listFiles(dir) ?? [];
  const scripts = [];
  for (const name of names.filter((n) => SCRIPT_NAME.test(n)).sort()) {
    if (scripts.length === MAX_SCRIPTS)
      throw new UserError(`${dir} holds more than ${MAX_SCRIPTS} scripts`);
    const bytes = await tree.read(posix.join(dir, name));
    if (bytes) scripts.push({ name, content: bytes.toString("base64") });
  }
  return scripts;
}
__name(readScripts, "readScripts");
function text(bytes, path) {
  if (bytes.length > MAX_TRUSTED_FILE_BYTES)
    throw new UserError(`${path} is larger than ${MAX_TRUSTED_FILE_BYTES} bytes`);
  return bytes.toString("utf8");
}
__name(text, "text");
function normalize(path) {
  const clean = posix.normalize(path.replace(/\\/g, "/")).replace(/^\.\/+/, "");
  if (clean.startsWith("/") || clean === ".." || clean.startsWith("../") || clean.includes("\0"))
    throw new UserError(`"${path}" must be a path inside the repository`);
  return clean;
}
__name(normalize, "normalize");
async function layOutTrusted(files, root, scriptsDir) {
  await rm5(root, { recursive: true, force: true });
  const graphPath = join5(root, files.graphPath);
  await writeIn(graphPath, files.graph, 420);
  const configPath = join5(root, files.configPath);
  if (files.config !== null) await writeIn(configPath, files.config, 420);
  const scriptsPath = join5(root, normalize(scriptsDir));
  await mkdir4(scriptsPath, { recursive: true });
  for (const script of files.scripts)
    await writeIn(join5(scriptsPath, script.name), Buffer.from(script.content, "base64"), 493);
  return { root, graphPath, configPath, scriptsDir: scriptsPath };
}
__name(layOutTrusted, "layOutTrusted");
async function writeIn(path, content, mode) {
  await mkdir4(dirname(path), { recursive: true });
  await writeFile2(path, content, { mode });
}
__name(writeIn, "writeIn");
var WorkspaceTree = class {
  constructor(root, description = "the checked-out workspace") {
    this.root = root;
    this.description = description;
  }
  root;
  description;
  static {
    __name(this, "WorkspaceTree");
  }
  async read(path) {
    try {
      return await readFile4(join5(this.root, normalize(path)));
    } catch {
      return void 0;
    }
  }
  async listFiles(dir) {
    try {
      const entries = await readdir(join5(this.root, normalize(dir)), { withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => e.name);
    } catch {
      return void 0;
    }
  }
};
async function changedInWorkspace(files, workspace, scriptsDir) {
  const changed = [];
  const same = /* @__PURE__ */ __name(async (path, content) => {
    const local = await workspace.read(path);
    return local === void 0 ? content === null : content !== null && local.equals(content);
  }, "same");
  if (!await same(files.graphPath, Buffer.from(files.graph))) changed.push(files.graphPath);
  const config = files.config === null ? null : Buffer.from(files.config);
  if (!await same(files.configPath, config)) changed.push(files.configPath);
  const trustedNames = new Set(files.scripts.map((s) => s.name));
  for (const script of files.scripts) {
    const path = posix.join(normalize(scriptsDir), script.name);
    if (!await same(path, Buffer.from(script.content, "base64"))) changed.push(path);
  }
  for (const name of await workspace.listFiles(scriptsDir) ?? [])
    if (!trustedNames.has(name)) changed.push(posix.join(normalize(scriptsDir), name));
  return changed;
}
__name(changedInWorkspace, "changedInWorkspace");

// src/action/host.ts
function targetsRoot(job) {
  const root = resolve(job.runner.workspace, job.inputs.workspace);
  const inside = relative(job.runner.workspace, root);
  if (inside.startsWith("..") || inside.startsWith(sep))
    throw new UserError(
      `input workspace must stay inside GITHUB_WORKSPACE, got "${job.inputs.workspace}"`
    );
  return root;
}
__name(targetsRoot, "targetsRoot");
function workspacePrefix(job) {
  return relative(job.runner.workspace, targetsRoot(job)).split(sep).join("/");
}
__name(workspacePrefix, "workspacePrefix");
function readsBaseCommit(job) {
  return job.inputs.trustedSource !== "workspace" && trustedBaseSha(job.runner) !== void 0;
}
__name(readsBaseCommit, "readsBaseCommit");
function trustedTree(job) {
  const baseSha = trustedBaseSha(job.runner);
  if (!readsBaseCommit(job) || baseSha === void 0) return new WorkspaceTree(targetsRoot(job));
  const { owner, repo } = job.runner;
  return new ContentsApiTree(job.services.contents, { owner, repo }, baseSha, workspacePrefix(job));
}
__name(trustedTree, "trustedTree");
async function readTrusted(job, tree) {
  const files = await readTrustedFiles(
    tree,
    { graph: job.inputs.graph, config: job.inputs.config },
    (text2, path) => scriptsDirOf(job, text2, path)
  );
  const change = job.runner.mergeGroup ? "merge group" : "pull request";
  for (const path of await pathsChangedByCheckout(job, files))
    job.services.log.notice(
      `This ${change} changes ${path}. DoG verifies with the base commit's version; the change takes effect after merge.`,
      join6(job.inputs.workspace, path)
    );
  return files;
}
__name(readTrusted, "readTrusted");
async function pathsChangedByCheckout(job, files) {
  if (!readsBaseCommit(job)) return [];
  const scriptsDir = await scriptsDirOf(job, files.config, files.configPath);
  return changedInWorkspace(files, new WorkspaceTree(targetsRoot(job)), scriptsDir);
}
__name(pathsChangedByCheckout, "pathsChangedByCheckout");
async function scriptsDirOf(job, text2, path) {
  if (text2 === null) return DEFAULT_SCRIPTS_DIR;
  const scratch = join6(job.runner.runnerTemp, "dog", "trusted-config");
  await mkdir5(scratch, { recursive: true });
  const file = join6(scratch, path.endsWith(".json") ? "config.json" : "config.yaml");
  await writeFile3(file, text2);
  try {
    return (await loadHostConfig(file, { required: true, env: {} })).scriptsDir;
  } catch (error) {
    if (error instanceof UserError)
      throw new UserError(
        `${path} (${trustedBaseSha(job.runner) ? "base commit" : "workspace"}): ${error.message}`,
        error.problems
      );
    throw error;
  }
}
__name(scriptsDirOf, "scriptsDirOf");
async function prepareHost(job, files) {
  const scriptsDir = await scriptsDirOf(job, files.config, files.configPath);
  const laid = await layOutTrusted(
    files,
    join6(job.runner.runnerTemp, "dog", "trusted"),
    scriptsDir
  );
  const context = await hostContext({
    workspace: targetsRoot(job),
    configPath: laid.configPath,
    configRequired: files.config !== null,
    env: job.env,
    libraryDir: laid.scriptsDir,
    adjust: /* @__PURE__ */ __name((config) => applyInputs(config, job), "adjust")
  });
  const graph = await loadGraph(laid.graphPath, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host
  });
  return { context, graph };
}
__name(prepareHost, "prepareHost");
function providerEnv(job) {
  return job.inputs.token ? { ...job.env, GITHUB_TOKEN: job.inputs.token } : job.env;
}
__name(providerEnv, "providerEnv");
var COPILOT_ALIAS = "copilot";
var COPILOT_DEFAULT_MODEL = "gpt-5-mini";
function applyInputs(config, job) {
  const { inputs } = job;
  const next = { ...config };
  if (inputs.concurrency !== void 0) next.concurrency = inputs.concurrency;
  if (inputs.allowPartialRoot !== void 0) next.allowPartialRoot = inputs.allowPartialRoot;
  if (Object.keys(config.providers).length === 0 && !Object.hasOwn(config.models, "default")) {
    const apiUrl = job.env.COPILOT_API_URL?.trim();
    next.providers = {
      [COPILOT_ALIAS]: { kind: "copilot", tokenEnv: "GITHUB_TOKEN", ...apiUrl ? { apiUrl } : {} }
    };
    next.models = {
      ...config.models,
      default: { provider: COPILOT_ALIAS, model: inputs.model ?? COPILOT_DEFAULT_MODEL }
    };
  }
  return next;
}
__name(applyInputs, "applyInputs");
async function openActionsStore(job, companion, decisions) {
  const root = join6(job.runner.runnerTemp, "dog", "store");
  const local = await LocalStore.open(root);
  const records2 = new PackRecordStore({
    cache: job.services.cache,
    trust: jobCacheTrust(job),
    dir: join6(job.runner.runnerTemp, "dog", "record-pack"),
    homeDir: homedir(),
    runId: `gh-${job.runner.runId}-${job.runner.runAttempt}`,
    trigger: job.runner.eventName,
    warn: /* @__PURE__ */ __name((message) => job.services.log.warning(message), "warn")
  });
  const host = companion.store ? await openHostCache(job, companion.store) : void 0;
  return { store: new ActionsStore(local, records2, host, decisions), root };
}
__name(openActionsStore, "openActionsStore");
async function openHostCache(job, settings) {
  try {
    return await HostCache.open({ root: settings.path, maxBytes: settings.maxBytes });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    job.services.log.warning(
      `DoG: the host-local store ${settings.path} is not used: ${message}. Run "dog companion doctor" on this machine.`
    );
    return void 0;
  }
}
__name(openHostCache, "openHostCache");

// src/storage/github/decisionsDocument.ts
var MAX_DECISIONS = 2e3;
var MAX_RETRIES = 2e3;
var MAX_INCLUDED = 200;
var CLOCK_SKEW_MS = 5 * 6e4;
var DIGEST = /^sha256:[0-9a-f]{64}$/;
var KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(#assert)?$/;
var LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
var ENTRY_KEY = /^dog-v[0-9]+-decisions-[0-9a-f]{16}-[A-Za-z0-9._-]{1,300}$/;
function emptyDecisions() {
  return { decisions: [], retries: [], entries: [] };
}
__name(emptyDecisions, "emptyDecisions");
function mergeDecisions(earlier, added) {
  const decisions = /* @__PURE__ */ new Map();
  for (const record of [...added.decisions ?? [], ...earlier.decisions]) {
    const id = `${workKey(record.goalId, record.role)} ${record.gmDigest}`;
    if (!decisions.has(id)) decisions.set(id, record);
  }
  const retries = /* @__PURE__ */ new Map();
  for (const retry of [...added.retries ?? [], ...earlier.retries]) {
    const id = `${retry.key} ${retry.captureDigest} ${retry.gmDigest ?? ""}`;
    if (!retries.has(id)) retries.set(id, retry);
  }
  const entries = [.../* @__PURE__ */ new Set([...added.entries ?? [], ...earlier.entries ?? []])];
  return {
    decisions: [...decisions.values()].slice(0, MAX_DECISIONS),
    retries: [...retries.values()].slice(0, MAX_RETRIES),
    entries: entries.slice(0, MAX_INCLUDED)
  };
}
__name(mergeDecisions, "mergeDecisions");
function writeDecisions(graphKey, savedAt, merged) {
  const document = {
    schemaVersion: "1",
    kind: "dog-decisions",
    graphKey,
    savedAt: savedAt.toISOString(),
    decisions: merged.decisions,
    retries: merged.retries,
    includes: merged.entries ?? []
  };
  return `${JSON.stringify(document)}
`;
}
__name(writeDecisions, "writeDecisions");
function readDecisions(text2, graphKey, warn, now = /* @__PURE__ */ new Date()) {
  let value;
  try {
    value = JSON.parse(text2);
  } catch {
    warn("it is not JSON");
    return emptyDecisions();
  }
  const doc = value;
  if (doc?.schemaVersion !== "1" || doc.kind !== "dog-decisions" || doc.graphKey !== graphKey) {
    warn("it is not a decisions entry of this graph");
    return emptyDecisions();
  }
  const decisions = listOf(doc.decisions).flatMap((item) => {
    const accepted = acceptDecision(item);
    if (!accepted.ok) warn(accepted.reason);
    return accepted.ok ? [accepted.record] : [];
  });
  const latest = now.getTime() + CLOCK_SKEW_MS;
  const retries = listOf(doc.retries).filter((item) => {
    if (!isRetryRequest(item)) return false;
    if (Date.parse(item.at) <= latest) return true;
    warn(`a retry request of ${item.key} dated in the future (${item.at}) was refused`);
    return false;
  });
  const entries = listOf(doc.includes).filter(
    (key) => typeof key === "string" && ENTRY_KEY.test(key)
  );
  return { decisions, retries, entries };
}
__name(readDecisions, "readDecisions");
function listOf(value) {
  return Array.isArray(value) ? value : [];
}
__name(listOf, "listOf");
function acceptDecision(value) {
  const claimed = value;
  if (typeof claimed?.goalId !== "string" || claimed.role !== "leaf" && claimed.role !== "assert" || typeof claimed.gmDigest !== "string" || typeof claimed.captureDigest !== "string")
    return { ok: false, reason: "a decision without goal or digests was refused" };
  return acceptRecord(value, {
    decision: true,
    goal: { goalId: claimed.goalId, role: claimed.role },
    gmDigest: claimed.gmDigest,
    captureDigest: claimed.captureDigest
  });
}
__name(acceptDecision, "acceptDecision");
function isRetryRequest(value) {
  const r = value;
  return typeof r?.key === "string" && KEY.test(r.key) && typeof r.captureDigest === "string" && DIGEST.test(r.captureDigest) && (r.gmDigest === void 0 || typeof r.gmDigest === "string" && DIGEST.test(r.gmDigest)) && typeof r.requestedBy === "string" && LOGIN.test(r.requestedBy) && typeof r.at === "string" && !Number.isNaN(Date.parse(r.at)) && typeof r.run === "string" && r.run.length <= 200;
}
__name(isRetryRequest, "isRetryRequest");

// src/storage/github/decisionPack.ts
import { mkdir as mkdir6, mkdtemp as mkdtemp4, readFile as readFile5, rm as rm6, stat as stat3, writeFile as writeFile4 } from "node:fs/promises";
import { join as join7 } from "node:path";
var PACK_FILE2 = "decisions.json";
var MAX_ENTRY_BYTES = 16 * 1024 * 1024;
var LISTED = 20;
var MAX_RESTORES = 5;
async function loadDecisions(place) {
  if (place.trust.readRefused !== void 0) {
    place.trust.readRefused.tell();
    return emptyDecisions();
  }
  const graphKey = graphKeyOf(place.graphId);
  const listed2 = await listTrusted(place.trust, decisionsKeyPrefix(graphKey), LISTED);
  if (!listed2.ok) {
    place.warn(`decisions were not read: ${listed2.why}`);
    return emptyDecisions();
  }
  if (listed2.entries.length === 0)
    return place.trust.restoresTrusted ? loadLegacy(place, graphKey) : emptyDecisions();
  const restore = {
    cache: place.cache,
    file: PACK_FILE2,
    dir: place.scratch,
    maxBytes: MAX_ENTRY_BYTES
  };
  let merged = emptyDecisions();
  let restores = 0;
  for (const entry of newestFirst(listed2.entries)) {
    if (merged.entries?.includes(entry.key) || restores === MAX_RESTORES) continue;
    restores += 1;
    const restored = await restoreVerified(restore, entry.key).catch((error) => ({
      ok: false,
      why: String(error)
    }));
    if (!restored.ok) {
      place.warn(`decisions entry ${entry.key} was not used: ${restored.why}`);
      continue;
    }
    const read = readEntry(place, graphKey, entry.key, restored.text);
    merged = mergeDecisions({ ...read, entries: [entry.key, ...read.entries ?? []] }, merged);
  }
  return merged;
}
__name(loadDecisions, "loadDecisions");
async function saveDecisions(place, entry, earlier, added) {
  const graphKey = graphKeyOf(place.graphId);
  const text2 = writeDecisions(graphKey, entry.now, mergeDecisions(earlier, added));
  const key = contentKey(decisionsKeyPrefix(graphKey), `${entry.run}-${entry.attempt}`, text2);
  const root = await staging(place.scratch);
  try {
    await writeFile4(join7(root, PACK_FILE2), text2);
    return { key, result: await place.cache.save(PACK_FILE2, key, { root }) };
  } finally {
    await rm6(root, { recursive: true, force: true });
  }
}
__name(saveDecisions, "saveDecisions");
function readEntry(place, graphKey, key, text2) {
  const now = place.now?.() ?? /* @__PURE__ */ new Date();
  return readDecisions(
    text2,
    graphKey,
    (why) => place.warn(`decisions entry ${key} was not used in full: ${why}`),
    now
  );
}
__name(readEntry, "readEntry");
function newestFirst(entries) {
  return [...entries].sort(
    (a, b) => (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0)
  );
}
__name(newestFirst, "newestFirst");
async function loadLegacy(place, graphKey) {
  const prefix = legacyDecisionsKeyPrefix(graphKey);
  const root = await staging(place.scratch);
  try {
    const matched = await place.cache.restore(PACK_FILE2, prefix, [], {
      root,
      retryFailedDownload: false
    });
    if (matched === void 0) return emptyDecisions();
    const path = join7(root, PACK_FILE2);
    if ((await stat3(path)).size > MAX_ENTRY_BYTES) {
      place.warn(`decisions entry ${matched} was not used: it is over ${MAX_ENTRY_BYTES} bytes`);
      return emptyDecisions();
    }
    return readEntry(place, graphKey, matched, await readFile5(path, "utf8"));
  } catch (error) {
    place.warn(`the decisions lookup ${prefix}\u2026 failed: ${String(error)}`);
    return emptyDecisions();
  } finally {
    await rm6(root, { recursive: true, force: true });
  }
}
__name(loadLegacy, "loadLegacy");
async function staging(scratch) {
  await mkdir6(scratch, { recursive: true });
  return mkdtemp4(join7(scratch, "decisions-"));
}
__name(staging, "staging");

// src/action/exchange/recordsArtifacts.ts
import { mkdir as mkdir7, readFile as readFile6, readdir as readdir2, rm as rm7, writeFile as writeFile5 } from "node:fs/promises";
import { join as join8 } from "node:path";

// src/action/exchange/artifactNames.ts
var PLAN_PREFIX = "dog-plan-";
var RECORDS_PREFIX2 = "dog-records-";
var CAPTURES_PREFIX = "dog-captures-";
var TAKEN_PREFIX = "dog-taken-";
var ATTEMPT = "[1-9][0-9]{0,5}";
var JOB = `plan|w${ATTEMPT}-${ATTEMPT}`;
var BUNDLE = "[A-Za-z0-9][A-Za-z0-9._-]{0,99}";
var PLAN_NAME = new RegExp(`^dog-plan-a(${ATTEMPT})$`);
var RECORDS_NAME = new RegExp(`^dog-records-(${JOB})-a(${ATTEMPT})$`);
var TAKEN_NAME = new RegExp(`^dog-taken-(${JOB})-a(${ATTEMPT})$`);
var CAPTURES_NAME = new RegExp(`^dog-captures-(${BUNDLE})-a(${ATTEMPT})$`);
var JOB_LABEL = new RegExp(`^(?:${JOB})$`);
var BUNDLE_NAME = new RegExp(`^${BUNDLE}$`);
var ATTEMPT_TEXT = new RegExp(`^${ATTEMPT}$`);
function parseArtifactName(name) {
  const plan = PLAN_NAME.exec(name);
  if (plan) return { kind: "plan", attempt: Number(plan[1]) };
  const records2 = RECORDS_NAME.exec(name);
  if (records2) return { kind: "records", job: records2[1], attempt: Number(records2[2]) };
  const taken = TAKEN_NAME.exec(name);
  if (taken) return { kind: "taken", job: taken[1], attempt: Number(taken[2]) };
  const captures = CAPTURES_NAME.exec(name);
  if (captures)
    return { kind: "captures", bundle: captures[1], attempt: Number(captures[2]) };
  return void 0;
}
__name(parseArtifactName, "parseArtifactName");
function isJobLabel(job) {
  return JOB_LABEL.test(job);
}
__name(isJobLabel, "isJobLabel");
function isBundleName(bundle) {
  return BUNDLE_NAME.test(bundle);
}
__name(isBundleName, "isBundleName");
function planArtifactName(attempt) {
  return `${PLAN_PREFIX}a${checkedAttempt(attempt)}`;
}
__name(planArtifactName, "planArtifactName");
function recordsArtifactName(job, attempt) {
  if (!isJobLabel(job)) throw new Error(`"${job}" is not a job label of a plan (plan, w1-3)`);
  return `${RECORDS_PREFIX2}${job}-a${checkedAttempt(attempt)}`;
}
__name(recordsArtifactName, "recordsArtifactName");
function takenArtifactName(job, attempt) {
  return `${TAKEN_PREFIX}${recordsArtifactName(job, attempt).slice(RECORDS_PREFIX2.length)}`;
}
__name(takenArtifactName, "takenArtifactName");
function capturesArtifactName(bundle, attempt) {
  if (!isBundleName(bundle))
    throw new Error(`"${bundle}" is not a capture bundle name (letters, digits, . _ -)`);
  return `${CAPTURES_PREFIX}${bundle}-a${checkedAttempt(attempt)}`;
}
__name(capturesArtifactName, "capturesArtifactName");
function runAttemptOf(value) {
  const text2 = value ?? "1";
  if (!ATTEMPT_TEXT.test(text2))
    throw new UserError(
      `GITHUB_RUN_ATTEMPT must be a positive integer, got "${text2.slice(0, 20)}": run this action as a step of a GitHub Actions job (the runner sets it)`
    );
  return Number(text2);
}
__name(runAttemptOf, "runAttemptOf");
function checkedAttempt(attempt) {
  if (!Number.isSafeInteger(attempt) || attempt < 1 || !ATTEMPT_TEXT.test(String(attempt)))
    throw new Error(`run attempt ${attempt} is not a positive integer`);
  return attempt;
}
__name(checkedAttempt, "checkedAttempt");
function newestAttempts(items, keyOf, range) {
  const newest = /* @__PURE__ */ new Map();
  for (const item of items) {
    if (item.attempt < range.from || item.attempt > range.to) continue;
    const key = keyOf(item);
    const held = newest.get(key);
    if (!held || held.attempt < item.attempt) newest.set(key, item);
  }
  return newest;
}
__name(newestAttempts, "newestAttempts");

// src/action/exchange/recordsArtifacts.ts
var RECORDS_FILE = "records.json";
var TAKEN_FILE = "taken.json";
var RecordsNameTaken = class extends Error {
  constructor(artifactName, markerUploaded) {
    super(
      `the artifact ${artifactName} was uploaded by another job before this job could; this job's records were not delivered, and aggregate fails the goals of this job (record_integrity)${markerUploaded ? "" : ` \u2014 the marker ${takenNameOf(artifactName)} was taken too`}. Something else in this workflow run holds a token of the run: check what else ran in it, then re-run the workflow`
    );
    this.artifactName = artifactName;
    this.markerUploaded = markerUploaded;
    this.name = "RecordsNameTaken";
  }
  artifactName;
  markerUploaded;
  static {
    __name(this, "RecordsNameTaken");
  }
};
async function uploadRecordsArtifact(artifacts, upload) {
  const folder = join8(upload.dir, upload.name);
  await rm7(folder, { recursive: true, force: true });
  await mkdir7(folder, { recursive: true });
  const path = join8(folder, RECORDS_FILE);
  const body = { schemaVersion: "1", job: upload.job, records: Object.fromEntries(upload.records) };
  await writeFile5(path, `${JSON.stringify(body)}
`);
  const options = upload.retentionDays ? { retentionDays: upload.retentionDays } : {};
  try {
    await artifacts.uploadFiles(upload.name, [path], folder, options);
  } catch (error) {
    const listed2 = await artifacts.list().catch(() => []);
    if (!listed2.some((a) => a.name === upload.name)) throw error;
    const marker = takenNameOf(upload.name);
    const markerPath = join8(folder, TAKEN_FILE);
    await rm7(path, { force: true });
    await writeFile5(
      markerPath,
      `${JSON.stringify({ schemaVersion: "1", job: upload.job, taken: upload.name })}
`
    );
    const uploaded = await artifacts.uploadFiles(marker, [markerPath], folder, options).then(
      () => true,
      () => false
    );
    throw new RecordsNameTaken(upload.name, uploaded);
  }
}
__name(uploadRecordsArtifact, "uploadRecordsArtifact");
function takenNameOf(recordsName) {
  const parsed = parseArtifactName(recordsName);
  if (parsed?.kind !== "records") throw new Error(`${recordsName} is not a records artifact name`);
  return takenArtifactName(parsed.job, parsed.attempt);
}
__name(takenNameOf, "takenNameOf");
async function readRecordsArtifact(artifacts, artifact, job, dir) {
  const source = artifact.name;
  const failure = /* @__PURE__ */ __name((reason, integrity) => ({
    source,
    job,
    failure: { reason, integrity }
  }), "failure");
  try {
    await rm7(dir, { recursive: true, force: true });
    await artifacts.download(artifact, dir);
    const entries = await readdir2(dir);
    if (entries.length !== 1 || entries[0] !== RECORDS_FILE)
      return failure(
        `expected only ${RECORDS_FILE}, found ${entries.slice(0, 5).join(", ")}`,
        true
      );
    const records2 = recordsOf(JSON.parse(await readFile6(join8(dir, RECORDS_FILE), "utf8")));
    await rm7(dir, { recursive: true, force: true });
    if (!records2)
      return failure('not a DoG records file (schemaVersion "1" with a records object)', true);
    return { source, job, records: records2 };
  } catch (error) {
    const integrity = error instanceof UserError || error instanceof SyntaxError;
    return failure(error instanceof Error ? error.message : String(error), integrity);
  }
}
__name(readRecordsArtifact, "readRecordsArtifact");
function recordsOf(body) {
  if (typeof body !== "object" || body === null) return void 0;
  const { schemaVersion, records: records2 } = body;
  if (schemaVersion !== "1" || typeof records2 !== "object" || records2 === null) return void 0;
  return Array.isArray(records2) ? void 0 : records2;
}
__name(recordsOf, "recordsOf");

// src/action/phase.ts
import { join as join15 } from "node:path";

// src/storage/github/decisionStore.ts
var PackDecisionStore = class {
  static {
    __name(this, "PackDecisionStore");
  }
  newest = /* @__PURE__ */ new Map();
  /** `loaded.decisions` newest first, as the entry keeps them. */
  constructor(loaded) {
    for (const record of loaded.decisions) {
      const key = workKey(record.goalId, record.role);
      if (!this.newest.has(key)) this.newest.set(key, record);
    }
  }
  findDecision(key) {
    return Promise.resolve(this.newest.get(key));
  }
  saveDecision(key) {
    return Promise.reject(
      new Error(`decisions are recorded by the decide command, not by a run (${key})`)
    );
  }
};

// src/action/exchange/actionsExchange.ts
import { mkdir as mkdir9, readFile as readFile7, rm as rm10, writeFile as writeFile6 } from "node:fs/promises";
import { join as join12 } from "node:path";

// src/storage/host/hostBlobs.ts
import { link, rm as rm8 } from "node:fs/promises";
var COPY_MODE = 292;
async function blobFromHost(cache, digest, destPath) {
  const source = await cache.blobPath(digest, { verify: true });
  if (!source) return false;
  await rm8(destPath, { force: true });
  try {
    await link(source, destPath);
    return true;
  } catch (error) {
    if (isErrnoCode(error, "ENOENT") && !await pathExists(source)) return false;
    if (!isErrnoCode(error, "EXDEV", "EPERM", "ENOTSUP", "EOPNOTSUPP", "EMLINK")) throw error;
  }
  return copyVerified(source, digest, destPath);
}
__name(blobFromHost, "blobFromHost");
async function copyVerified(source, digest, destPath) {
  try {
    const copied = await copyHashing(source, destPath, COPY_MODE);
    if (copied.digest === digest) return true;
  } catch (error) {
    if (!isErrnoCode(error, "ENOENT") || await pathExists(source)) throw error;
  }
  await rm8(destPath, { force: true });
  return false;
}
__name(copyVerified, "copyVerified");

// src/action/exchange/captureBundles.ts
import { copyFile, link as link2, lstat, mkdir as mkdir8, rm as rm9 } from "node:fs/promises";
import { join as join10 } from "node:path";

// src/action/exchange/verifiedFiles.ts
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir as readdir3, rename } from "node:fs/promises";
import { join as join9 } from "node:path";
async function commitVerified(target, path, digest) {
  const actual = await hashFile(path);
  if (actual !== digest)
    throw new UserError(
      `capture bytes hash to ${actual}, not to ${digest} as planned; the capture was altered and is not verified`
    );
  const temp = target.tempPath();
  await rename(path, temp);
  await target.commitBlob(temp, digest);
}
__name(commitVerified, "commitVerified");
async function hashFile(path) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return toDigest(hash.digest("hex"));
}
__name(hashFile, "hashFile");
async function onlyFile(dir, artifactName) {
  const files = await readdir3(dir, { withFileTypes: true });
  if (files.length !== 1 || !files[0]?.isFile())
    throw new UserError(`artifact ${artifactName} does not hold exactly one file`);
  return join9(dir, files[0].name);
}
__name(onlyFile, "onlyFile");

// src/action/exchange/captureBundles.ts
var UPLOAD_CONCURRENCY = 8;
async function uploadBundles(bundles, upload) {
  await runLimited(
    [...bundles].map(
      ([name, digests]) => () => uploadBundle(name, digests, upload)
    ),
    UPLOAD_CONCURRENCY
  );
}
__name(uploadBundles, "uploadBundles");
async function uploadBundle(name, digests, { artifacts, blobs, stagingDir, retentionDays }) {
  const folder = join10(stagingDir, name);
  await rm9(folder, { recursive: true, force: true });
  await mkdir8(folder, { recursive: true });
  const files = [];
  for (const digest of new Set(digests)) {
    const blob = await blobs.blobPath(digest);
    if (!blob) throw new Error(`capture ${digest} of bundle ${name} is missing from the store`);
    const staged = join10(folder, digestHex(digest));
    await stage(blob, staged);
    files.push(staged);
  }
  await artifacts.uploadFiles(name, files, folder, retentionDays ? { retentionDays } : {});
  await rm9(folder, { recursive: true, force: true });
}
__name(uploadBundle, "uploadBundle");
async function stage(blob, staged) {
  try {
    await link2(blob, staged);
  } catch (error) {
    if (!isErrnoCode(error, "EXDEV", "EPERM", "ENOTSUP", "EOPNOTSUPP", "EMLINK")) throw error;
    await copyFile(blob, staged);
  }
}
__name(stage, "stage");
async function takeFromBundle(artifacts, artifact, digests, sink, dir) {
  await downloadBundle(artifacts, artifact, dir);
  for (const digest of digests) {
    const path = await bundledFile(dir, digest);
    if (!path)
      throw new UserError(
        `artifact ${artifact.name} does not hold capture ${digest}; the plan step uploads it \u2014 re-run the workflow from the plan job`
      );
    await commitVerified(sink, path, digest);
  }
  await rm9(dir, { recursive: true, force: true });
}
__name(takeFromBundle, "takeFromBundle");
async function downloadBundle(artifacts, artifact, dir, fromRun) {
  await rm9(dir, { recursive: true, force: true });
  await artifacts.download(artifact, dir, fromRun);
}
__name(downloadBundle, "downloadBundle");
async function bundledFile(dir, digest) {
  const path = join10(dir, digestHex(digest));
  const entry = await lstat(path).catch((error) => {
    if (isErrnoCode(error, "ENOENT")) return void 0;
    throw error;
  });
  return entry?.isFile() ? path : void 0;
}
__name(bundledFile, "bundledFile");

// src/action/exchange/closedRun.ts
var MAX_NAMED = 5;
var UNLABELLED_JOBS = 2;
function untiedLabels(labels, jobs) {
  const active = jobs.filter((j) => j.conclusion !== "skipped");
  const named = new Map(labels.map((label) => [label, active.filter((j) => namedFor(j, label))]));
  const labelled = new Set([...named.values()].flat());
  const others = active.filter((j) => !labelled.has(j));
  const untied = /* @__PURE__ */ new Map();
  const extra = others.length > UNLABELLED_JOBS ? `this run has ${others.length} jobs not named for a job of the plan, where only the plan and the aggregate job may be: ${listed(others)}` : void 0;
  for (const [label, holders] of named) {
    if (holders.length > 1)
      untied.set(
        label,
        `${holders.length} jobs of this run are named for ${label}: ${listed(holders)}`
      );
    else if (extra) untied.set(label, extra);
    else if (holders.length === 0) untied.set(label, `no job of this run is named for ${label}`);
  }
  return untied;
}
__name(untiedLabels, "untiedLabels");
function namedFor(job, label) {
  return new RegExp(`(?<![A-Za-z0-9-])${label}(?![A-Za-z0-9-])`).test(job.name);
}
__name(namedFor, "namedFor");
function listed(jobs) {
  const names = jobs.slice(0, MAX_NAMED).map((j) => `"${j.name.slice(0, 100)}" (job ${j.id})`);
  return `${names.join(", ")}${jobs.length > MAX_NAMED ? ` and ${jobs.length - MAX_NAMED} more` : ""}`;
}
__name(listed, "listed");

// src/action/exchange/recordDeliveries.ts
import { join as join11 } from "node:path";

// src/action/exchange/uploaderChecks.ts
function uploaderConflicts(named) {
  const conflicts = /* @__PURE__ */ new Map();
  const known = named.filter((n) => n.artifact.jobBackendId !== void 0);
  const plans = known.filter((n) => n.parsed.kind === "plan");
  const planJobs = new Set(plans.map((n) => n.artifact.jobBackendId));
  const records2 = known.filter((n) => n.parsed.kind === "records");
  for (const item of records2) {
    const reason = mixedAttempts(item, known) ?? misplaced(item, plans, planJobs);
    const second = records2.find(
      (other) => other !== item && other.artifact.jobBackendId === item.artifact.jobBackendId
    );
    if (reason) conflicts.set(item.artifact.name, reason);
    else if (second)
      conflicts.set(
        item.artifact.name,
        `the job that uploaded it also uploaded ${second.artifact.name}; each job uploads one records artifact`
      );
  }
  return conflicts;
}
__name(uploaderConflicts, "uploaderConflicts");
function mixedAttempts(item, named) {
  const job = item.artifact.jobBackendId;
  if (job === void 0) return void 0;
  const other = named.find(
    (n) => n.artifact.jobBackendId === job && n.parsed.attempt !== item.parsed.attempt
  );
  return other ? `the job that uploaded it also uploaded ${other.artifact.name}; a job uploads only names of its own run attempt` : void 0;
}
__name(mixedAttempts, "mixedAttempts");
function misplaced(item, plans, planJobs) {
  const { parsed, artifact } = item;
  if (parsed.kind !== "records") return void 0;
  if (parsed.job !== "plan")
    return planJobs.has(artifact.jobBackendId) ? "it was uploaded by the plan job, not by a matrix job" : void 0;
  const planName = planArtifactName(parsed.attempt);
  const plan = plans.find((n) => n.artifact.name === planName);
  if (!plan) return `no ${planName} was uploaded; the plan job of that attempt uploads both`;
  return plan.artifact.jobBackendId === artifact.jobBackendId ? void 0 : `it was uploaded by another job than ${planName}`;
}
__name(misplaced, "misplaced");

// src/action/exchange/recordDeliveries.ts
var DOWNLOAD_CONCURRENCY = 4;
async function recordDeliveries(artifacts, run, query, scope) {
  const conflicts = uploaderConflicts(run.named);
  const names = new Set(run.named.map((n) => n.artifact.name));
  return runLimited(
    sourcesOf(run, query, scope).map(({ artifact, job }) => async () => {
      const conflict = job === void 0 ? void 0 : takenBefore(artifact, job, names) ?? untiedReason(job, scope.untied) ?? conflicts.get(artifact.name);
      if (conflict)
        return { source: artifact.name, job, failure: { reason: conflict, integrity: true } };
      return readRecordsArtifact(artifacts, artifact, job, join11(scope.dir, artifact.name));
    }),
    DOWNLOAD_CONCURRENCY
  );
}
__name(recordDeliveries, "recordDeliveries");
function untiedReason(job, untied) {
  const why = untied?.get(job);
  return why ? `it cannot be tied to the job the plan assigned (${why}); a matrix job's records count only when every job of the run that was not skipped is the plan, the aggregate or the one job named for a job of the plan` : void 0;
}
__name(untiedReason, "untiedReason");
function takenBefore(artifact, job, names) {
  const attempt = /-a(\d+)$/.exec(artifact.name)?.[1];
  const marker = attempt === void 0 ? void 0 : takenArtifactName(job, Number(attempt));
  return marker && names.has(marker) ? `the artifact ${artifact.name} was uploaded by another job before this job could (job ${job} uploaded ${marker} instead)` : void 0;
}
__name(takenBefore, "takenBefore");
function sourcesOf(run, query, { planAttempt, attempt }) {
  const records2 = run.named.flatMap(
    ({ artifact, parsed }) => parsed.kind === "records" ? [{ artifact, job: parsed.job, attempt: parsed.attempt }] : []
  );
  const newest = newestAttempts(records2, (r) => r.job, { from: planAttempt, to: attempt });
  const sources = [];
  for (const job of new Set(query.jobs ?? query.knownJobs)) {
    const found = newest.get(job);
    if (found) sources.push({ artifact: found.artifact, job });
  }
  if (query.jobs !== void 0) return sources;
  const known = new Set(query.knownJobs);
  for (const [job, found] of newest)
    if (!known.has(job)) sources.push({ artifact: found.artifact, job: void 0 });
  for (const found of records2)
    if (found.attempt > attempt) sources.push({ artifact: found.artifact, job: void 0 });
  for (const artifact of run.malformedRecords) sources.push({ artifact, job: void 0 });
  return sources;
}
__name(sourcesOf, "sourcesOf");

// src/action/exchange/runArtifacts.ts
function runArtifactsOf(listed2) {
  const named = [];
  const malformedRecords = [];
  for (const artifact of listed2) {
    const parsed = parseArtifactName(artifact.name);
    if (parsed) named.push({ artifact, parsed });
    else if (artifact.name.startsWith(RECORDS_PREFIX2)) malformedRecords.push(artifact);
  }
  return { named, malformedRecords };
}
__name(runArtifactsOf, "runArtifactsOf");
function runPlanOf(run, attempt) {
  let newest;
  for (const item of run.named)
    if (item.parsed.kind === "plan" && item.parsed.attempt <= attempt) {
      if (!newest || newest.parsed.attempt < item.parsed.attempt) newest = item;
    }
  if (!newest)
    throw new UserError(
      `this workflow run has no ${planArtifactName(attempt).replace(/-a\d+$/, "-a<attempt>")} artifact from attempt ${attempt} or earlier: run the plan step (command: plan) in an earlier job of the same workflow run`
    );
  const mixed = mixedAttempts(newest, run.named);
  if (mixed)
    throw new UserError(
      `${newest.artifact.name} is not used: ${mixed}. Something other than the plan job wrote artifacts for this run (whoever holds the run's token can); re-run the whole workflow and check what else ran in it`
    );
  return { artifact: newest.artifact, attempt: newest.parsed.attempt };
}
__name(runPlanOf, "runPlanOf");

// src/action/exchange/actionsExchange.ts
var MAX_BUNDLES = 400;
var PLAN_FILE = "plan.json";
var ActionsExchange = class {
  constructor(options) {
    this.options = options;
    this.description = `artifacts of workflow run ${options.runId}`;
    this.maxBundles = options.maxBundles ?? MAX_BUNDLES;
  }
  options;
  static {
    __name(this, "ActionsExchange");
  }
  description;
  maxBundles;
  async putPlan(document) {
    const dir = await this.freshDir("plan-out");
    const path = join12(dir, PLAN_FILE);
    await writeFile6(path, JSON.stringify(document));
    await this.options.artifacts.uploadFiles(
      planArtifactName(this.options.attempt),
      [path],
      dir,
      this.retention()
    );
  }
  async getPlan() {
    const plan = runPlanOf(await this.listing(), this.options.attempt);
    const dir = await this.freshDir("plan-in");
    await this.options.artifacts.download(plan.artifact, dir);
    const path = await onlyFile(dir, plan.artifact.name);
    return parsePlanDocument(await readFile7(path, "utf8"), plan.artifact.name);
  }
  async putCaptures(bundles, blobs) {
    if (bundles.size > this.maxBundles)
      throw new Error(
        `${bundles.size} capture bundles exceed the most one plan may publish (${this.maxBundles})`
      );
    const named = new Map(
      [...bundles].map(([bundle, digests]) => [
        capturesArtifactName(bundle, this.options.attempt),
        digests
      ])
    );
    await uploadBundles(named, {
      artifacts: this.options.artifacts,
      blobs,
      stagingDir: await this.freshDir("bundles-out"),
      retentionDays: this.options.retentionDays
    });
  }
  async getCaptures(bundle, digests, sink) {
    const missing = [];
    for (const digest of new Set(digests)) {
      if (await sink.blobPath(digest)) continue;
      if (await this.fromHost(digest, sink)) continue;
      missing.push(digest);
    }
    if (missing.length === 0) return;
    const run = await this.listing();
    const name = capturesArtifactName(bundle, runPlanOf(run, this.options.attempt).attempt);
    const artifact = run.named.find((n) => n.artifact.name === name)?.artifact;
    if (!artifact)
      throw new UserError(
        `artifact ${name} is missing from this workflow run; the plan step uploads it \u2014 re-run the workflow from the plan job`
      );
    const dir = join12(this.options.workDir, "bundles-in", name);
    await takeFromBundle(this.options.artifacts, artifact, missing, sink, dir);
    for (const digest of missing) await this.keepOnHost(digest, sink);
  }
  async putRecords(job, records2) {
    await uploadRecordsArtifact(this.options.artifacts, {
      name: recordsArtifactName(job, this.options.attempt),
      job,
      records: records2,
      dir: await this.freshDir("records-out"),
      retentionDays: this.options.retentionDays
    });
  }
  async getRecords(query) {
    const run = await this.listing();
    const { attempt } = this.options;
    const planAttempt = runPlanOf(run, attempt).attempt;
    const dir = await this.freshDir("records-in");
    const untied = query.jobs === void 0 ? await this.untied(query.knownJobs) : void 0;
    return recordDeliveries(this.options.artifacts, run, query, {
      planAttempt,
      attempt,
      dir,
      ...untied ? { untied } : {}
    });
  }
  /** Matrix labels whose records cannot be tied to their job; undefined without a listing. */
  async untied(knownJobs) {
    const runJobs = this.options.runJobs;
    if (!runJobs) return void 0;
    try {
      return untiedLabels(
        knownJobs.filter((job) => job !== "plan"),
        await runJobs.list()
      );
    } catch (error) {
      runJobs.warn(
        `DoG could not list this run's jobs (${error instanceof Error ? error.message : String(error)}; the token needs actions: read): matrix records are checked by artifact name and uploader only, so a job added to this workflow can deliver records for a job of the plan that has not uploaded its own yet`
      );
      return void 0;
    }
  }
  async listing() {
    return runArtifactsOf(await this.options.artifacts.list());
  }
  retention() {
    const days = this.options.retentionDays;
    return days ? { retentionDays: days } : {};
  }
  async freshDir(name) {
    const dir = join12(this.options.workDir, name);
    await rm10(dir, { recursive: true, force: true });
    await mkdir9(dir, { recursive: true });
    return dir;
  }
  /** A capture another job on this machine already has: verified and committed, no download. */
  async fromHost(digest, sink) {
    const host = this.options.host;
    if (!host) return false;
    const temp = sink.tempPath();
    if (!await blobFromHost(host, digest, temp)) return false;
    await sink.commitBlob(temp, digest);
    return true;
  }
  /** Best effort: the next job on this machine finds the capture there. */
  async keepOnHost(digest, sink) {
    const host = this.options.host;
    const path = host && await sink.blobPath(digest);
    if (host && path) await host.importBlob(path, digest).catch(() => void 0);
  }
};

// src/action/copilotRuntime.ts
import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access, mkdir as mkdir10, mkdtemp as mkdtemp5, realpath, rename as rename2, rm as rm12, stat as stat4 } from "node:fs/promises";
import { delimiter, isAbsolute, join as join14 } from "node:path";

// src/action/copilotRuntimePin.ts
var COPILOT_RUNTIME_VERSION = "1.0.14";
var COPILOT_CLI_VERSION = "1.0.102";
var PINS = [
  {
    platform: "linux-x64",
    packageName: "@github/copilot-sdk-linux-x64",
    version: COPILOT_RUNTIME_VERSION,
    integrity: "sha512-1wlAVTK1z7ovAez0tixr+f77TnjB3fqKobamu1pG7FYyCTwQuyU4p1aWNXF9j/u1d7rxSY1n9cAxrtEAUkizbg==",
    size: 46892059,
    treeDigest: "sha256:1aa56cf839e06f31186efb141b6bc86731cef58052ec68e4d66910a0c653a0b5",
    executable: "prebuilds/linux-x64/copilot-runtime"
  },
  {
    platform: "linuxmusl-x64",
    packageName: "@github/copilot-sdk-linuxmusl-x64",
    version: COPILOT_RUNTIME_VERSION,
    integrity: "sha512-tNNeJl53hXEkqeGudNAsHQk9OrSUbt2EdPhtugcQxscabaEFutd7KwQH6jmvvYW7Sifgl59ySWTd4ok/9I94kg==",
    size: 52072698,
    treeDigest: "sha256:801729d680dc734d73e13a74a8ebeeb27274715dbfa84e0b83fde5dcc1378ae8",
    executable: "prebuilds/linuxmusl-x64/copilot-runtime"
  }
];
function platformName({ os, arch, musl }) {
  return `${os === "linux" && musl ? "linuxmusl" : os}-${arch}`;
}
__name(platformName, "platformName");
function currentPlatform() {
  const header = process.report?.getReport()?.header;
  return {
    os: process.platform,
    arch: process.arch,
    musl: process.platform === "linux" && header?.glibcVersionRuntime === void 0
  };
}
__name(currentPlatform, "currentPlatform");
function pinFor(platform) {
  const name = platformName(platform);
  return PINS.find((pin) => pin.platform === name);
}
__name(pinFor, "pinFor");
function tarballUrl(registry, pin) {
  const base = registry.replace(/\/+$/, "");
  const file = `${pin.packageName.split("/").pop() ?? pin.packageName}-${pin.version}.tgz`;
  return `${base}/${pin.packageName}/-/${file}`;
}
__name(tarballUrl, "tarballUrl");

// src/action/runtimeDownload.ts
import { createHash as createHash2 } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm as rm11 } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
var DOWNLOAD_TIMEOUT_MS = 6e5;
var RuntimeDownloadError = class extends Error {
  static {
    __name(this, "RuntimeDownloadError");
  }
  constructor(message) {
    super(message);
    this.name = "RuntimeDownloadError";
  }
};
async function downloadPinned(url, pin, file, signal) {
  const response = await fetchTarball(url, signal);
  const algorithm = pin.integrity.split("-", 1)[0] ?? "";
  const hash = createHash2(algorithm);
  let received = 0;
  const meter = new Transform({
    transform(chunk, _encoding, done) {
      received += chunk.length;
      if (received > pin.size)
        return done(
          new RuntimeDownloadError(`${url} sent more than the pinned ${pin.size} bytes; refused`)
        );
      hash.update(chunk);
      done(null, chunk);
    }
  });
  try {
    const body = Readable.fromWeb(response.body);
    await pipeline(body, meter, createWriteStream(file, { mode: 384 }), { signal });
    const integrity = `${algorithm}-${hash.digest("base64")}`;
    if (received !== pin.size || integrity !== pin.integrity)
      throw new RuntimeDownloadError(
        `${url} is not the pinned ${pin.packageName}@${pin.version}: got ${received} bytes with integrity ${integrity}, expected ${pin.size} bytes with ${pin.integrity}; nothing was installed`
      );
  } catch (error) {
    await rm11(file, { force: true });
    throw error;
  }
}
__name(downloadPinned, "downloadPinned");
async function fetchTarball(url, signal) {
  let response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]),
      redirect: "follow"
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RuntimeDownloadError(`could not download ${url}: ${reason}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new RuntimeDownloadError(`could not download ${url}: HTTP ${response.status}`);
  }
  return response;
}
__name(fetchTarball, "fetchTarball");

// src/action/runtimeTree.ts
import { createHash as createHash3 } from "node:crypto";
import { createReadStream as createReadStream2 } from "node:fs";
import { lstat as lstat2, readdir as readdir4 } from "node:fs/promises";
import { join as join13 } from "node:path";
var RuntimeTreeError = class extends Error {
  static {
    __name(this, "RuntimeTreeError");
  }
  constructor(message) {
    super(message);
    this.name = "RuntimeTreeError";
  }
};
async function runtimeTreeDigest(root) {
  const files = await regularFiles(root, "");
  files.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const tree = createHash3("sha256");
  for (const file of files) {
    const content = await fileSha256(join13(root, file.path));
    tree.update(`${file.path}\0${file.executable ? "x" : "-"}\0${content}
`);
  }
  return `sha256:${tree.digest("hex")}`;
}
__name(runtimeTreeDigest, "runtimeTreeDigest");
async function regularFiles(root, prefix) {
  const found = [];
  for (const name of await readdir4(join13(root, prefix))) {
    const path = prefix === "" ? name : `${prefix}/${name}`;
    const stats = await lstat2(join13(root, path));
    if (stats.isDirectory()) found.push(...await regularFiles(root, path));
    else if (stats.isFile()) found.push({ path, executable: (stats.mode & 73) !== 0 });
    else throw new RuntimeTreeError(`${path} is neither a file nor a directory`);
  }
  return found;
}
__name(regularFiles, "regularFiles");
function fileSha256(path) {
  return new Promise((resolve2, reject) => {
    const hash = createHash3("sha256");
    createReadStream2(path).on("data", (chunk) => hash.update(chunk)).on("error", reject).on("end", () => resolve2(hash.digest("hex")));
  });
}
__name(fileSha256, "fileSha256");

// src/action/copilotRuntime.ts
var DEFAULT_NPM_REGISTRY = "https://registry.npmjs.org";
var TOOL_CACHE_NAME = "dog-copilot-runtime";
var REGISTRY_ENV = "DOG_COPILOT_REGISTRY";
var TAR_TIMEOUT_MS = 3e5;
function jobCopilotRuntime(job) {
  const { env, services } = job;
  return () => resolveCopilotRuntime({
    cliPath: job.inputs.copilotCliPath,
    toolCache: env.RUNNER_TOOL_CACHE || join14(job.runner.runnerTemp, "dog", "tool-cache"),
    registry: env[REGISTRY_ENV] || DEFAULT_NPM_REGISTRY,
    platform: currentPlatform(),
    searchPath: env.PATH,
    info: /* @__PURE__ */ __name((message) => services.log.info(message), "info"),
    warning: /* @__PURE__ */ __name((message) => services.log.warning(message), "warning"),
    signal: job.signal
  });
}
__name(jobCopilotRuntime, "jobCopilotRuntime");
async function resolveCopilotRuntime(options) {
  if (options.cliPath !== "") return workflowRuntime(options.cliPath, options.searchPath);
  const pin = (options.pinFor ?? pinFor)(options.platform);
  if (!pin) throw unsupportedPlatform(platformName(options.platform));
  const dir = join14(options.toolCache, TOOL_CACHE_NAME, pin.version, pin.platform);
  if (await cachedRuntimeIsIntact(dir, pin, options)) {
    options.info(`DoG: Copilot runtime ${pin.version} from the tool cache (${dir})`);
    return join14(dir, pin.executable);
  }
  await installRuntime(dir, pin, options);
  return join14(dir, pin.executable);
}
__name(resolveCopilotRuntime, "resolveCopilotRuntime");
function unsupportedPlatform(platform) {
  return new UserError(
    `no Copilot runtime is published for this runner's platform (${platform}); DoG fetches one only for Linux x64. Install the Copilot CLI in the workflow (npm install -g @github/copilot@${COPILOT_CLI_VERSION}) and pass its path as the copilot-cli-path input, or configure a provider with an API key in a secret (for example providers: {openai: {kind: openai, apiKeyEnv: OPENAI_API_KEY}})`
  );
}
__name(unsupportedPlatform, "unsupportedPlatform");
async function workflowRuntime(given, searchPath) {
  const input = "input copilot-cli-path";
  const candidates = isAbsolute(given) ? [given] : given.includes("/") ? [] : (searchPath ?? "").split(delimiter).filter((dir) => isAbsolute(dir)).map((dir) => join14(dir, given));
  if (candidates.length === 0)
    throw new UserError(
      `${input}: expected an absolute path or a command name on PATH, got "${given}"`
    );
  for (const candidate of candidates) {
    const problem = await notExecutable(candidate);
    if (problem === void 0) return candidate;
    if (isAbsolute(given)) throw new UserError(`${input}: ${given} ${problem}`);
  }
  throw new UserError(`${input}: no executable "${given}" on PATH`);
}
__name(workflowRuntime, "workflowRuntime");
async function notExecutable(path) {
  let real;
  try {
    real = await realpath(path);
  } catch {
    return "does not exist";
  }
  const stats = await stat4(real);
  if (!stats.isFile()) return "is not a regular file";
  try {
    await access(real, constants.X_OK);
  } catch {
    return "is not executable";
  }
  return void 0;
}
__name(notExecutable, "notExecutable");
async function cachedRuntimeIsIntact(dir, pin, options) {
  let digest;
  try {
    digest = await runtimeTreeDigest(dir);
  } catch (error) {
    if (error.code === "ENOENT") return false;
    if (!(error instanceof RuntimeTreeError)) throw error;
    digest = `unusable (${error.message})`;
  }
  if (digest === pin.treeDigest) return true;
  options.warning(
    `DoG: the Copilot runtime in the tool cache (${dir}) is not the pinned ${pin.packageName}@${pin.version} (tree ${digest}); it is removed and downloaded again`
  );
  await rm12(dir, { recursive: true, force: true });
  return false;
}
__name(cachedRuntimeIsIntact, "cachedRuntimeIsIntact");
async function installRuntime(dir, pin, options) {
  const versionDir = join14(dir, "..");
  await mkdir10(versionDir, { recursive: true });
  const work = await mkdtemp5(join14(versionDir, ".install-"));
  try {
    const url = tarballUrl(options.registry, pin);
    options.info(`DoG: downloading the Copilot runtime ${pin.packageName}@${pin.version} (${url})`);
    const tarball = join14(work, "package.tgz");
    await downloadPinned(url, pin, tarball, options.signal).catch((error) => {
      throw error instanceof RuntimeDownloadError ? cannotInstall(error.message) : error;
    });
    const unpacked = join14(work, "package");
    await mkdir10(unpacked);
    await untar(tarball, unpacked);
    const digest = await runtimeTreeDigest(unpacked);
    if (digest !== pin.treeDigest)
      throw cannotInstall(
        `the unpacked ${pin.packageName}@${pin.version} has tree ${digest}, expected ${pin.treeDigest}; nothing was installed`
      );
    await moveIntoPlace(unpacked, dir, pin);
    options.info(
      `DoG: Copilot runtime ${pin.version} verified (${pin.integrity.slice(0, 20)}\u2026) and cached in ${dir}`
    );
  } finally {
    await rm12(work, { recursive: true, force: true });
  }
}
__name(installRuntime, "installRuntime");
function cannotInstall(reason) {
  return new UserError(
    `the Copilot runtime could not be installed: ${reason}. If this runner cannot reach the npm registry, install the Copilot CLI in the workflow (npm install -g @github/copilot@${COPILOT_CLI_VERSION}) and pass its path as the copilot-cli-path input`
  );
}
__name(cannotInstall, "cannotInstall");
async function moveIntoPlace(unpacked, dir, pin) {
  try {
    await rename2(unpacked, dir);
  } catch (error) {
    const code = error.code;
    if (code !== "EEXIST" && code !== "ENOTEMPTY") throw error;
    if (await runtimeTreeDigest(dir) !== pin.treeDigest)
      throw cannotInstall(`${dir} appeared during the install and is not the pinned runtime`);
  }
}
__name(moveIntoPlace, "moveIntoPlace");
function untar(tarball, into) {
  return new Promise((resolve2, reject) => {
    execFile(
      "tar",
      ["-xzf", tarball, "-C", into, "--strip-components=1", "--no-same-owner"],
      { env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }, timeout: TAR_TIMEOUT_MS },
      (error, _stdout, stderr) => {
        if (!error) return resolve2();
        const detail = stderr.trim().split("\n").slice(-3).join("; ");
        reject(cannotInstall(`tar failed on the verified tarball: ${detail || error.message}`));
      }
    );
  });
}
__name(untar, "untar");

// src/action/hostedSandbox.ts
import { execFile as execFile2 } from "node:child_process";
var STEP_TIMEOUT_MS = 3e5;
var ALLOW_USERNS = "kernel.apparmor_restrict_unprivileged_userns=0";
var INSTALL_BWRAP = ["apt-get", "install", "-y", "-q", "--no-install-recommends", "bubblewrap"];
async function prepareHostedSandbox(options) {
  const { env, log } = options;
  if (env.RUNNER_OS !== "Linux")
    throw new UserError(
      `DoG has no sandbox for verifications on a ${env.RUNNER_OS ?? "non-Linux"} runner, and unsandboxed they would run in the process tree that holds this job's secrets. Run the verify steps on a Linux runner (runs-on: ubuntu-latest), or set isolation: none in the DoG configuration to accept running them unsandboxed.`
    );
  const check = checker(options);
  let state = await check();
  if (state.ok) return;
  log.info(`DoG: the sandbox does not work on this runner yet (${state.reason}); setting it up`);
  if (!state.installed) {
    const installed = await sudo(options, "install bubblewrap", INSTALL_BWRAP);
    if (!installed) {
      await sudo(options, "refresh the package lists", ["apt-get", "update", "-q"]);
      await sudo(options, "install bubblewrap", INSTALL_BWRAP);
    }
    state = await check();
  }
  if (!state.ok && state.installed) {
    await sudo(options, "allow bubblewrap's user namespaces for this job", [
      "sysctl",
      "-w",
      ALLOW_USERNS
    ]);
    state = await check();
  }
  if (state.ok) {
    log.info("DoG: the sandbox works now; every verification of this step runs in it");
    return;
  }
  throw new UserError(
    `the verification sandbox cannot be set up on this GitHub-hosted runner (${state.reason}). Unsandboxed, verifications would run in the process tree that holds this job's secrets (ACTIONS_RUNTIME_TOKEN, the token input, provider keys), so none ran. Fix: before this step run "sudo apt-get install -y bubblewrap" and "sudo sysctl -w ${ALLOW_USERNS}", or set isolation: none in the DoG configuration to accept running them unsandboxed.`,
    [{ pointer: "/isolation", message: `bubblewrap unavailable: ${state.reason}` }]
  );
}
__name(prepareHostedSandbox, "prepareHostedSandbox");
function checker({ env, settings }) {
  const sandboxes = /* @__PURE__ */ new Map();
  return async () => {
    const bwrapPath = findBwrap(env.PATH);
    if (!bwrapPath) return { ok: false, reason: "bubblewrap is not installed", installed: false };
    let sandbox = sandboxes.get(bwrapPath);
    if (!sandbox)
      sandboxes.set(bwrapPath, sandbox = new BubblewrapSandbox({ bwrapPath, settings }));
    const result = await checkSandbox(sandbox);
    return { ok: result.ok, reason: result.reason ?? "unknown", installed: true };
  };
}
__name(checker, "checker");
function sudo({ env, log }, title, argv) {
  log.group(`DoG: ${title} (sudo -n ${argv.join(" ")})`);
  return new Promise((resolve2) => {
    execFile2(
      "sudo",
      ["-n", ...argv],
      {
        env: { PATH: env.PATH ?? "/usr/bin:/bin", DEBIAN_FRONTEND: "noninteractive" },
        timeout: STEP_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024
      },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`.trim().split("\n").slice(-20).join("\n");
        if (output) log.info(output);
        log.info(error ? `failed: ${error.message.split("\n")[0]}` : "done");
        log.endGroup();
        resolve2(!error);
      }
    );
  });
}
__name(sudo, "sudo");

// src/action/progress.ts
function actionProgress(log) {
  return {
    planned: /* @__PURE__ */ __name(({ verify, inherit, settled, targets }) => log.info(
      `DoG: ${targets} targets captured; ${verify} to verify, ${inherit} inherited, ${settled} settled without a verifier`
    ), "planned"),
    started: /* @__PURE__ */ __name((item) => log.info(`DoG: verifying ${item.key}`), "started"),
    settled: /* @__PURE__ */ __name((item, record) => {
      const seconds = (record.usage.durationMs / 1e3).toFixed(1);
      const why = record.error ? ` (${record.error.category}: ${singleLogLine(record.error.message.slice(0, 200))})` : "";
      log.info(`DoG: ${item.key} \u2192 ${record.verdict} in ${seconds} s${why}`);
    }, "settled"),
    warning: /* @__PURE__ */ __name((message) => log.warning(message), "warning")
  };
}
__name(actionProgress, "actionProgress");

// src/action/phase.ts
function runIdOf(job) {
  return `gh-${job.runner.runId}-${job.runner.runAttempt}`;
}
__name(runIdOf, "runIdOf");
function retriesForThisRun(job, decisions) {
  const attempt = Number(job.runner.runAttempt);
  return decisions.retries.filter((request) => {
    const asked = /^gh-(\d+)-(\d+)$/.exec(request.run);
    return asked?.[1] === job.runner.runId && Number(asked[2]) < attempt;
  });
}
__name(retriesForThisRun, "retriesForThisRun");
function triggerOf(job) {
  const { eventName, sha, ref } = job.runner;
  return {
    event: eventName.slice(0, 64),
    sha: sha.slice(0, 64),
    ...ref ? { ref: ref.slice(0, 512) } : {}
  };
}
__name(triggerOf, "triggerOf");
function runOptions(job, context, runId) {
  const { config } = context;
  return {
    runId,
    concurrency: config.concurrency,
    fresh: job.inputs.fresh,
    allowPartialRoot: config.allowPartialRoot,
    revalidateThreshold: config.revalidateThreshold,
    timeouts: config.timeouts,
    maxEvidenceBytes: config.limits.maxEvidenceBytes,
    trigger: triggerOf(job),
    signal: job.signal,
    origin: originOf(job),
    anchors: anchorsOf(job, context)
  };
}
__name(runOptions, "runOptions");
function originOf(job) {
  const { owner, repo, runId, runAttempt, job: jobName, eventName, ref, sha } = job.runner;
  const attempt = Number(runAttempt);
  const workflow = job.env.GITHUB_WORKFLOW_REF;
  return {
    kind: "github",
    repository: `${owner}/${repo}`.slice(0, 256),
    runId: runId.slice(0, 64),
    attempt: Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1,
    job: jobName.slice(0, 256),
    event: eventName.slice(0, 64),
    ...ref ? { ref: ref.slice(0, 512) } : {},
    sha: sha.slice(0, 64),
    ...workflow ? { workflow: workflow.slice(0, 1024) } : {}
  };
}
__name(originOf, "originOf");
function anchorsOf(job, context) {
  const base = readsBaseCommit(job) ? trustedBaseSha(job.runner) : void 0;
  const head = commitOrNull(job.runner.sha);
  return {
    configDigest: hostConfigDigest(context.config),
    trustedCommit: base === void 0 ? head : commitOrNull(base),
    headCommit: head
  };
}
__name(anchorsOf, "anchorsOf");
function commitOrNull(sha) {
  return /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha) ? sha : null;
}
__name(commitOrNull, "commitOrNull");
async function engineHost(job, context, { verifies = true, decisions } = {}) {
  const people = decisions ? new PackDecisionStore(decisions) : void 0;
  const { store, root } = await openActionsStore(job, context.companion, people);
  const runner = runnerKindOf(job.env);
  const mode = effectiveIsolation({
    configured: context.config.isolation,
    companion: context.companion,
    runner
  });
  if (verifies && runner === "github-hosted" && mode === "bubblewrap")
    await prepareHostedSandbox({
      env: job.env,
      settings: context.companion.sandbox,
      log: job.services.log
    });
  if (verifies && runner === "self-hosted" && mode === "bubblewrap" && context.config.isolation === "none")
    job.services.log.notice(
      "DoG: isolation: none in the repository configuration does not apply on a self-hosted runner; only the machine's settings (/etc/dog/companion.yaml) can switch the sandbox off"
    );
  const deps = await hostEngineDeps(
    context,
    { store, root },
    actionProgress(job.services.log),
    providerEnv(job),
    {
      runner,
      verifies,
      extraSecrets: [job.inputs.token, job.env.GITHUB_TOKEN],
      ...verifies ? { copilotRuntime: jobCopilotRuntime(job) } : {}
    }
  );
  for (const secret of deps.redactor.secrets) job.services.log.mask(secret);
  return { deps: { ...deps, isolation: isolationOf(job, deps.isolation, verifies) }, store };
}
__name(engineHost, "engineHost");
function isolationOf(job, isolation, verifies) {
  if (isolation.kind !== "none" || !verifies || !job.env.GITHUB_ACTIONS) return isolation;
  return { kind: isolation.kind, note: UNSANDBOXED_NOTE };
}
__name(isolationOf, "isolationOf");
var UNSANDBOXED_NOTE = "isolation: none: verifications ran unsandboxed in the job's process tree, which holds the job's secrets (ACTIONS_RUNTIME_TOKEN, the token input, provider keys)";
function actionsExchange(job, host, closedRun = false) {
  return new ActionsExchange({
    artifacts: job.services.artifacts,
    runId: job.runner.runId,
    attempt: runAttemptOf(job.runner.runAttempt),
    workDir: join15(job.runner.runnerTemp, "dog", "exchange"),
    retentionDays: job.inputs.retentionDays,
    host,
    runJobs: closedRun ? {
      list: /* @__PURE__ */ __name(() => job.services.runJobs.list(Number(job.runner.runId)), "list"),
      warn: /* @__PURE__ */ __name((message) => job.services.log.warning(message), "warn")
    } : void 0
  });
}
__name(actionsExchange, "actionsExchange");
function loadRunDecisions(job, graphId) {
  return loadDecisions({
    cache: job.services.cache,
    trust: jobCacheTrust(job),
    graphId,
    scratch: join15(job.runner.runnerTemp, "dog", "decisions"),
    warn: /* @__PURE__ */ __name((message) => job.services.log.warning(`DoG: ${message}`), "warn")
  });
}
__name(loadRunDecisions, "loadRunDecisions");

export {
  describeFlush,
  DEFAULT_SCRIPTS_DIR,
  NoGraphError,
  findGraphPath,
  readTrustedFiles,
  normalize,
  jobCacheTrust,
  targetsRoot,
  workspacePrefix,
  readsBaseCommit,
  trustedTree,
  readTrusted,
  pathsChangedByCheckout,
  prepareHost,
  providerEnv,
  applyInputs,
  mergeDecisions,
  loadDecisions,
  saveDecisions,
  parseArtifactName,
  isJobLabel,
  capturesArtifactName,
  runAttemptOf,
  commitVerified,
  onlyFile,
  uploadBundles,
  downloadBundle,
  bundledFile,
  namedFor,
  listed,
  RecordsNameTaken,
  runIdOf,
  retriesForThisRun,
  runOptions,
  engineHost,
  UNSANDBOXED_NOTE,
  actionsExchange,
  loadRunDecisions
};
