#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/core/workflowCommands.ts
var BLANKS = (
  // eslint-disable-next-line no-control-regex -- U+001C to U+001F are blanks to some readers
  /[\t\v\f\u001c-\u001f \u0085\u00a0\u1680\u180e\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]*/.source
);
var LEADING_COMMAND = new RegExp(`(^|[\\r\\n])(${BLANKS}:):`, "g");
var AT_LINE_START = new RegExp(`^${BLANKS}:?$`);
var LEGACY_COMMAND = /##\[/g;
function neutraliseCommands(text) {
  return text.replace(LEADING_COMMAND, "$1$2\\u003a").replace(LEGACY_COMMAND, "##\\u005b");
}
__name(neutraliseCommands, "neutraliseCommands");
var CommandNeutraliser = class {
  static {
    __name(this, "CommandNeutraliser");
  }
  /** What of the current line matters to the next write: its blanks, a colon, its `#`s. */
  carry = "";
  write(chunk) {
    const text = this.carry + chunk;
    const escaped = neutraliseCommands(text).slice(this.carry.length);
    this.carry = carryOf(text);
    return escaped;
  }
};
function carryOf(text) {
  const lineStart = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r")) + 1;
  const line = text.slice(lineStart);
  if (AT_LINE_START.test(line)) return `${line === "" || line === ":" ? "" : " "}${colonOf(line)}`;
  const hashes = /#{0,2}$/.exec(line)?.[0] ?? "";
  return `x${hashes}`;
}
__name(carryOf, "carryOf");
function colonOf(line) {
  return line.endsWith(":") ? ":" : "";
}
__name(colonOf, "colonOf");
function singleLogLine(text) {
  return text.replace(/\r/g, "\\r").replace(/\n/g, "\\n");
}
__name(singleLogLine, "singleLogLine");

export {
  neutraliseCommands,
  CommandNeutraliser,
  singleLogLine
};
