#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  readRunnerContext
} from "./chunk-44AILICO.js";
import {
  CREDENTIAL_VARIABLES,
  UserError,
  formatProblem,
  parseBoolean,
  parseInteger,
  secretRedactor
} from "./chunk-XFO2KDJT.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/inputs.ts
var COMMANDS = ["run", "plan", "verify", "aggregate", "capture", "decide"];
var TRUSTED_SOURCES = ["auto", "workspace"];
var MAX_WAVES_LIMIT = 16;
var COMMENT_MODES = ["auto", "always", "never"];
var CODE_SCANNING_MODES = ["auto", "never"];
function readInput(env, name) {
  return (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}
__name(readInput, "readInput");
function parseInputs(env) {
  const raw = /* @__PURE__ */ __name((name) => readInput(env, name), "raw");
  const optional = /* @__PURE__ */ __name((name) => raw(name) || void 0, "optional");
  const command = oneOf("command", raw("command") || "run", COMMANDS);
  const inputs = {
    command,
    graph: optional("graph"),
    config: optional("config"),
    workspace: raw("workspace") || ".",
    trustedSource: oneOf("trusted-source", raw("trusted-source") || "auto", TRUSTED_SOURCES),
    token: raw("token"),
    matrixEntry: parseMatrixEntry(raw("matrix-entry")),
    maxWaves: parseInteger("input max-waves", raw("max-waves") || "3", 1, MAX_WAVES_LIMIT),
    maxJobs: parseInteger("input max-jobs", raw("max-jobs") || "256", 1, 256),
    programmaticInPlan: parseBoolean(
      "input programmatic-in-plan",
      raw("programmatic-in-plan") || "true"
    ),
    capturesFromRun: optionalInteger("captures-from-run", raw("captures-from-run"), 1, 2 ** 53 - 1),
    concurrency: optionalInteger("concurrency", raw("concurrency"), 1, 256),
    fresh: parseBoolean("input fresh", raw("fresh") || "false"),
    trustPullRequestCache: parseBoolean(
      "input trust-pull-request-cache",
      raw("trust-pull-request-cache") || "false"
    ),
    allowPartialRoot: optionalBoolean("allow-partial-root", raw("allow-partial-root")),
    model: raw("model") || void 0,
    copilotCliPath: raw("copilot-cli-path"),
    checkRun: parseBoolean("input check-run", raw("check-run") || "true"),
    checkName: checkName(raw("check-name") || "DoG"),
    headSha: optionalSha(raw("head-sha")),
    retentionDays: optionalInteger("retention-days", raw("retention-days"), 1, 90),
    comment: oneOf("comment", raw("comment") || "auto", COMMENT_MODES),
    codeScanning: oneOf("code-scanning", raw("code-scanning") || "auto", CODE_SCANNING_MODES),
    decide: {
      pullRequest: optionalInteger("pull-request", raw("pull-request"), 1, 2 ** 31 - 1),
      goal: raw("goal"),
      decision: raw("decision"),
      reason: raw("reason"),
      commentId: optionalInteger("comment-id", raw("comment-id"), 1, 2 ** 53 - 1),
      pipelineWorkflow: pipelineWorkflow(raw("pipeline-workflow"), env.GITHUB_REPOSITORY)
    }
  };
  checkCombination(inputs);
  return inputs;
}
__name(parseInputs, "parseInputs");
function oneOf(name, value, allowed) {
  if (allowed.includes(value)) return value;
  throw new UserError(`input ${name}: expected one of ${allowed.join(", ")}, got "${value}"`);
}
__name(oneOf, "oneOf");
function optionalInteger(name, value, min, max) {
  return value === "" ? void 0 : parseInteger(`input ${name}`, value, min, max);
}
__name(optionalInteger, "optionalInteger");
function optionalBoolean(name, value) {
  return value === "" ? void 0 : parseBoolean(`input ${name}`, value);
}
__name(optionalBoolean, "optionalBoolean");
function optionalSha(value) {
  if (value === "") return void 0;
  if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(value)) return value;
  throw new UserError(`input head-sha: expected a full commit SHA (40 hex digits), got "${value}"`);
}
__name(optionalSha, "optionalSha");
var WORKFLOW_FILE = /^\.github\/workflows\/[A-Za-z0-9._-]+\.ya?ml$/;
var DEFAULT_PIPELINE_WORKFLOW = ".github/workflows/dog.yml";
function pipelineWorkflow(value, repository) {
  if (value === "") return DEFAULT_PIPELINE_WORKFLOW;
  const ref = /^([^/@\s]+\/[^/@\s]+)\/(\.github\/workflows\/[^@\s]+)@\S+$/.exec(value);
  const path = ref ? ref[2] : value;
  if (ref && repository !== void 0 && ref[1].toLowerCase() !== repository.toLowerCase())
    throw new UserError(
      `input pipeline-workflow: expected a workflow of this repository (${repository}), got one of ${ref[1]}`
    );
  if (WORKFLOW_FILE.test(path)) return path;
  throw new UserError(
    `input pipeline-workflow: expected the path of the workflow file that runs DoG on pull requests, like ${DEFAULT_PIPELINE_WORKFLOW} (or its github.workflow_ref), got "${value}"`
  );
}
__name(pipelineWorkflow, "pipelineWorkflow");
function checkName(value) {
  if (value.length <= 100 && !/[\r\n]/.test(value)) return value;
  throw new UserError("input check-name: expected one line of at most 100 characters");
}
__name(checkName, "checkName");
function parseMatrixEntry(text) {
  if (text === "") return void 0;
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UserError("input matrix-entry: expected JSON, pass ${{ toJSON(matrix) }}");
  }
  if (!isMatrixEntry(value))
    throw new UserError(
      'input matrix-entry: expected {"job","wave","shard","keys"?} from the plan step\'s matrix output; pass ${{ toJSON(matrix) }}'
    );
  return value;
}
__name(parseMatrixEntry, "parseMatrixEntry");
function isMatrixEntry(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const entry = value;
  const extra = Object.keys(entry).filter((k) => !["job", "wave", "shard", "keys"].includes(k));
  return extra.length === 0 && typeof entry.job === "string" && Number.isInteger(entry.wave) && entry.wave >= 1 && Number.isInteger(entry.shard) && entry.shard >= 1 && (entry.keys === void 0 || Array.isArray(entry.keys) && entry.keys.every((k) => typeof k === "string"));
}
__name(isMatrixEntry, "isMatrixEntry");
function checkCombination(inputs) {
  if (inputs.command === "verify" && !inputs.matrixEntry)
    throw new UserError(
      "input matrix-entry is required for command verify: pass matrix-entry: ${{ toJSON(matrix) }}"
    );
  if (inputs.command !== "verify" && inputs.matrixEntry)
    throw new UserError(`input matrix-entry is only used by command verify, not ${inputs.command}`);
  if (inputs.capturesFromRun !== void 0 && inputs.command !== "plan")
    throw new UserError(
      `input captures-from-run is only used by command plan, not ${inputs.command}`
    );
}
__name(checkCombination, "checkCombination");

// src/action/start.ts
async function startAction(env, write = (text) => process.stdout.write(text)) {
  try {
    const inputs = parseInputs(env);
    return { inputs, runner: await readRunnerContext(env) };
  } catch (error) {
    if (!(error instanceof UserError)) return { fault: error };
    failStep(env, userErrorMessage(error), write);
    return error.exitCode;
  }
}
__name(startAction, "startAction");
function userErrorMessage(error) {
  const problems = error.problems.map((p) => `
  ${formatProblem(p)}`).join("");
  return `DoG: ${error.message}${problems}`;
}
__name(userErrorMessage, "userErrorMessage");
function failStep(env, message, write) {
  const secrets = [...CREDENTIAL_VARIABLES.map((name) => env[name]), env.INPUT_TOKEN].filter(
    (value) => value !== void 0 && value !== ""
  );
  for (const secret of new Set(secrets)) write(`::add-mask::${commandData(secret)}
`);
  write(`::error::${commandData(secretRedactor(secrets).text(message))}
`);
}
__name(failStep, "failStep");
function commandData(text) {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
__name(commandData, "commandData");

export {
  startAction,
  userErrorMessage
};
