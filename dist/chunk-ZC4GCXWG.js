#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  UserError
} from "./chunk-34AOSO5F.js";
import {
  __name
} from "./chunk-BMKY64RE.js";

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
  parseBoolean,
  parseInteger,
  parseNumber
};
