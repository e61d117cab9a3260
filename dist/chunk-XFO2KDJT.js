#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/core/echo.ts
var ECHO_CHARS = 160;
var MAX_SUBJECT_CHARS = 300;
var MAX_MESSAGE_CHARS = 2e3;
function echo(text, max = ECHO_CHARS) {
  if (text.length <= max) return text;
  const tail = `\u2026 (${text.length} characters)`;
  const head = text.slice(0, Math.max(0, max - tail.length)).replace(/[\uD800-\uDBFF]$/, "");
  return `${head}${tail}`;
}
__name(echo, "echo");
function quoted(text) {
  return `"${echo(text)}"`;
}
__name(quoted, "quoted");
function echoJson(value) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch {
    text = void 0;
  }
  return echo(text ?? String(value));
}
__name(echoJson, "echoJson");
function echoPointer(pointer) {
  if (pointer.length <= ECHO_CHARS) return pointer;
  return pointer.split("/").map((segment) => echo(segment)).join("/");
}
__name(echoPointer, "echoPointer");

// src/core/errors.ts
var ExitCode = {
  success: 0,
  failure: 1,
  invalid: 2,
  needsPerson: 3,
  internal: 70,
  cancelled: 130
};
var UserError = class extends Error {
  constructor(message, problems = []) {
    super(echo(message, MAX_MESSAGE_CHARS));
    this.problems = problems;
    this.name = "UserError";
  }
  problems;
  static {
    __name(this, "UserError");
  }
  exitCode = ExitCode.invalid;
};
var DocumentError = class extends UserError {
  constructor(source, problems, headline = `${problems.length} problem${problems.length === 1 ? "" : "s"}`) {
    super(`${source}: ${headline}`, problems.map(boundProblem));
    this.source = source;
    this.name = "DocumentError";
  }
  source;
  static {
    __name(this, "DocumentError");
  }
};
var GraphError = class extends DocumentError {
  static {
    __name(this, "GraphError");
  }
  constructor(source, problems) {
    super(source, problems);
    this.name = "GraphError";
  }
};
var MissingGraphError = class extends UserError {
  static {
    __name(this, "MissingGraphError");
  }
  constructor(message) {
    super(message);
    this.name = "MissingGraphError";
  }
};
var ConfigError = class extends DocumentError {
  static {
    __name(this, "ConfigError");
  }
  constructor(source, problems) {
    super(source, problems, "invalid host configuration");
    this.name = "ConfigError";
  }
};
var StoreError = class extends UserError {
  static {
    __name(this, "StoreError");
  }
  constructor(message) {
    super(message);
    this.name = "StoreError";
  }
};
var InternalError = class extends Error {
  static {
    __name(this, "InternalError");
  }
  exitCode = ExitCode.internal;
  constructor(message, options) {
    super(message, options);
    this.name = "InternalError";
  }
};
function boundProblem(problem) {
  return {
    pointer: echoPointer(problem.pointer),
    ...problem.subject === void 0 ? {} : { subject: echo(problem.subject, MAX_SUBJECT_CHARS) },
    message: echo(problem.message, MAX_MESSAGE_CHARS),
    ...problem.line === void 0 ? {} : { line: problem.line, column: problem.column ?? 1 }
  };
}
__name(boundProblem, "boundProblem");
function formatProblem(problem) {
  const where = problem.pointer === "" ? "/" : problem.pointer;
  const subject = problem.subject ? ` (${problem.subject})` : "";
  const located = problem.line !== void 0 && problem.pointer !== "";
  const at = located ? `line ${problem.line}, column ${problem.column ?? 1}: ` : "";
  return `${at}${where}${subject}: ${problem.message}`;
}
__name(formatProblem, "formatProblem");

// src/core/redact.ts
var REDACTED = "[REDACTED]";
var FRAGMENT_CHARS = 12;
var MIN_SECRET_CHARS = 8;
function compile(secrets, minChars) {
  const whole = [...new Set([...secrets].filter((s) => (s?.length ?? 0) >= minChars))];
  whole.sort((a, b) => b.length - a.length);
  const windows = /* @__PURE__ */ new Set();
  for (const secret of whole)
    for (let i = 0; i + FRAGMENT_CHARS <= secret.length; i++)
      windows.add(secret.slice(i, i + FRAGMENT_CHARS));
  return { whole, windows };
}
__name(compile, "compile");
function apply(text, { whole, windows }) {
  let out = text;
  for (const secret of whole) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return windows.size === 0 ? out : redactWindows(out, windows);
}
__name(apply, "apply");
function redactWindows(text, windows) {
  if (text.length < FRAGMENT_CHARS) return text;
  const covered = new Uint8Array(text.length);
  let any = false;
  for (let i = 0; i + FRAGMENT_CHARS <= text.length; i++) {
    if (windows.has(text.slice(i, i + FRAGMENT_CHARS))) {
      covered.fill(1, i, i + FRAGMENT_CHARS);
      any = true;
    }
  }
  if (!any) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (covered[i] === 0) out += text[i];
    else if (i === 0 || covered[i - 1] === 0) out += REDACTED;
  }
  return out;
}
__name(redactWindows, "redactWindows");
function redactSecrets(text, secrets) {
  return apply(text, compile(secrets, 1));
}
__name(redactSecrets, "redactSecrets");
function secretRedactor(secrets) {
  const matcher = compile(secrets, MIN_SECRET_CHARS);
  const text = /* @__PURE__ */ __name((value) => matcher.whole.length === 0 || value.length < MIN_SECRET_CHARS ? value : apply(value, matcher), "text");
  const json = /* @__PURE__ */ __name((value) => {
    if (matcher.whole.length === 0) return value;
    return redactJson(value, text);
  }, "json");
  return { secrets: matcher.whole, text, json };
}
__name(secretRedactor, "secretRedactor");
var noRedaction = secretRedactor([]);
function redactJson(value, text) {
  if (typeof value === "string") return text(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, text));
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(out, uniqueKey(out, text(key)), {
      value: redactJson(item, text),
      enumerable: true,
      writable: true,
      configurable: true
    });
  return out;
}
__name(redactJson, "redactJson");
function uniqueKey(taken, key) {
  if (!Object.hasOwn(taken, key)) return key;
  let n = 2;
  while (Object.hasOwn(taken, `${key} (${n})`)) n += 1;
  return `${key} (${n})`;
}
__name(uniqueKey, "uniqueKey");

// src/engine/host/secrets.ts
var CREDENTIAL_VARIABLES = [
  "GITHUB_TOKEN",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "COPILOT_GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_COPILOT_TOKEN"
];
var CREDENTIAL_HEADER = /auth|key|token|secret|cookie/i;
function knownSecrets(config, envs, extra = []) {
  const names = new Set(CREDENTIAL_VARIABLES);
  const values = [...extra];
  for (const provider of Object.values(config.providers)) {
    if (typeof provider.apiKeyEnv === "string") names.add(provider.apiKeyEnv);
    if (typeof provider.tokenEnv === "string") names.add(provider.tokenEnv);
    values.push(...credentialHeaders(provider.headers));
  }
  for (const env of envs) for (const name of names) values.push(env[name]);
  return [...new Set(values.filter((value) => !!value))];
}
__name(knownSecrets, "knownSecrets");
function credentialHeaders(headers) {
  if (headers === null || typeof headers !== "object") return [];
  return Object.entries(headers).flatMap(
    ([name, value]) => CREDENTIAL_HEADER.test(name) && typeof value === "string" ? [value] : []
  );
}
__name(credentialHeaders, "credentialHeaders");
function hostRedactor(config, envs, extra = []) {
  return secretRedactor(knownSecrets(config, envs, extra));
}
__name(hostRedactor, "hostRedactor");

// src/config/scalars.ts
function parseBoolean(name, value) {
  if (value === "true") return true;
  if (value === "false") return false;
  throw new UserError(`${name}: expected true or false, got "${value}"`);
}
__name(parseBoolean, "parseBoolean");
function parseInteger(name, value, min, max) {
  if (!/^-?\d+$/.test(value.trim())) {
    throw new UserError(`${name}: expected an integer from ${min} to ${max}, got "${value}"`);
  }
  const parsed = Number(value);
  if (parsed < min || parsed > max) {
    throw new UserError(`${name}: expected an integer from ${min} to ${max}, got ${parsed}`);
  }
  return parsed;
}
__name(parseInteger, "parseInteger");
function parseNumber(name, value, min, max) {
  const parsed = Number(value);
  if (value.trim() === "" || !Number.isFinite(parsed) || parsed < min || parsed > max) {
    throw new UserError(`${name}: expected a number from ${min} to ${max}, got "${value}"`);
  }
  return parsed;
}
__name(parseNumber, "parseNumber");

export {
  echo,
  quoted,
  echoJson,
  ExitCode,
  UserError,
  DocumentError,
  GraphError,
  MissingGraphError,
  ConfigError,
  StoreError,
  InternalError,
  boundProblem,
  formatProblem,
  parseBoolean,
  parseInteger,
  parseNumber,
  REDACTED,
  redactSecrets,
  secretRedactor,
  CREDENTIAL_VARIABLES,
  hostRedactor
};
