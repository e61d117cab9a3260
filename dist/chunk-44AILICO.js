#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  UserError
} from "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/runnerContext.ts
import { readFile } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
var PULL_REQUEST_EVENTS = /* @__PURE__ */ new Set(["pull_request", "pull_request_target"]);
var SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
async function readRunnerContext(env) {
  const required = /* @__PURE__ */ __name((name) => {
    const value = env[name];
    if (!value)
      throw new UserError(
        `${name} is not set: run this action as a step of a GitHub Actions job (the runner sets it)`
      );
    return value;
  }, "required");
  const [owner, repo] = splitRepository(required("GITHUB_REPOSITORY"));
  const eventName = required("GITHUB_EVENT_NAME");
  const payload = await readEvent(env.GITHUB_EVENT_PATH);
  return {
    owner,
    repo,
    eventName,
    sha: required("GITHUB_SHA"),
    serverUrl: env.GITHUB_SERVER_URL || void 0,
    ref: env.GITHUB_REF || void 0,
    runId: required("GITHUB_RUN_ID"),
    runAttempt: env.GITHUB_RUN_ATTEMPT || "1",
    job: env.GITHUB_JOB || "dog",
    workspace: absolute("GITHUB_WORKSPACE", required("GITHUB_WORKSPACE")),
    runnerTemp: absolute("RUNNER_TEMP", required("RUNNER_TEMP")),
    apiUrl: (env.GITHUB_API_URL || "https://api.github.com").replace(/\/+$/, ""),
    pullRequest: PULL_REQUEST_EVENTS.has(eventName) ? pullRequestOf(payload) : void 0,
    mergeGroup: eventName === "merge_group" ? mergeGroupOf(payload) : void 0,
    defaultBranch: defaultBranchOf(payload, eventName, env.GITHUB_REF)
  };
}
__name(readRunnerContext, "readRunnerContext");
function defaultBranchOf(payload, eventName, ref) {
  const named = payload?.repository?.default_branch;
  if (typeof named === "string" && named !== "") return named;
  return eventName === "schedule" && ref?.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : void 0;
}
__name(defaultBranchOf, "defaultBranchOf");
function splitRepository(value) {
  const match = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(value);
  if (!match) throw new UserError(`GITHUB_REPOSITORY must be owner/name, got "${value}"`);
  return [match[1], match[2]];
}
__name(splitRepository, "splitRepository");
function absolute(name, value) {
  if (!isAbsolute(value)) throw new UserError(`${name} must be an absolute path, got "${value}"`);
  return resolve(value);
}
__name(absolute, "absolute");
async function readEvent(path) {
  if (!path) return {};
  try {
    return JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw new UserError(`cannot read the event payload at GITHUB_EVENT_PATH: ${String(error)}`);
  }
}
__name(readEvent, "readEvent");
function pullRequestOf(payload) {
  const pr = payload.pull_request;
  const number = pr?.number;
  const baseSha = pr?.base?.sha;
  const headSha = pr?.head?.sha;
  if (typeof number !== "number" || typeof baseSha !== "string" || !SHA.test(baseSha) || typeof headSha !== "string" || !SHA.test(headSha))
    throw new UserError(
      "the pull_request event payload lacks pull_request.number, base.sha or head.sha"
    );
  const baseRef = pr?.base?.ref;
  return { number, baseSha, headSha, ...typeof baseRef === "string" ? { baseRef } : {} };
}
__name(pullRequestOf, "pullRequestOf");
function mergeGroupOf(payload) {
  const group = payload.merge_group;
  const {
    base_sha: baseSha,
    head_sha: headSha,
    base_ref: baseRef,
    head_ref: headRef
  } = group ?? {};
  if (typeof baseSha !== "string" || !SHA.test(baseSha) || typeof headSha !== "string" || !SHA.test(headSha) || typeof baseRef !== "string" || typeof headRef !== "string")
    throw new UserError(
      "the merge_group event payload lacks merge_group.base_sha, head_sha, base_ref or head_ref"
    );
  return { baseSha, headSha, baseRef, headRef };
}
__name(mergeGroupOf, "mergeGroupOf");
function trustedBaseSha(context) {
  return context.pullRequest?.baseSha ?? context.mergeGroup?.baseSha;
}
__name(trustedBaseSha, "trustedBaseSha");
function checkRunSha(context, headSha) {
  return headSha ?? context.pullRequest?.headSha ?? context.mergeGroup?.headSha ?? context.sha;
}
__name(checkRunSha, "checkRunSha");

export {
  readRunnerContext,
  trustedBaseSha,
  checkRunSha
};
