#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/storage/github/cacheAccess.ts
var CACHE_READ_PERMISSION = 1;
var CACHE_WRITE_PERMISSION = 2;
function cacheWriteAccess(env) {
  const mode = (env.ACTIONS_CACHE_MODE ?? "").trim().toLowerCase();
  if (mode === "read" || mode === "none") return { writable: false, mode };
  const scopes = tokenCacheScopes(env.ACTIONS_RUNTIME_TOKEN);
  if (scopes === void 0) return { writable: true };
  if (scopes.length === 0) return { writable: false, mode: "none" };
  return scopes.some((permission) => (permission & CACHE_WRITE_PERMISSION) !== 0) ? { writable: true } : { writable: false, mode: "read" };
}
__name(cacheWriteAccess, "cacheWriteAccess");
function cacheReadAccess(env) {
  const mode = (env.ACTIONS_CACHE_MODE ?? "").trim().toLowerCase();
  if (mode === "write-only" || mode === "none") return { readable: false, mode };
  const scopes = tokenCacheScopes(env.ACTIONS_RUNTIME_TOKEN);
  if (scopes === void 0 || scopes.some((p) => (p & CACHE_READ_PERMISSION) !== 0))
    return { readable: true };
  return {
    readable: false,
    mode: scopes.some((p) => (p & CACHE_WRITE_PERMISSION) !== 0) ? "write-only" : "none"
  };
}
__name(cacheReadAccess, "cacheReadAccess");
function notRestoredMessage(mode) {
  const saves = mode === "write-only" ? "this job still saves what it verifies" : "nothing is saved to it either";
  return `this job's Actions cache is ${mode === "none" ? "switched off" : "write-only"} (effective cache-mode: ${mode}): DoG restores nothing from it, so no record or decision is inherited and every goal is verified again; ${saves} \u2014 declare cache-mode: read (or write) on this job, and on the job that calls its workflow, to inherit`;
}
__name(notRestoredMessage, "notRestoredMessage");
function tokenCacheScopes(token) {
  return tokenScopes(token)?.map((s) => s.permission);
}
__name(tokenCacheScopes, "tokenCacheScopes");
function readableCacheScopes(env) {
  return tokenScopes(env.ACTIONS_RUNTIME_TOKEN)?.filter((s) => (s.permission & CACHE_READ_PERMISSION) !== 0).map((s) => s.scope);
}
__name(readableCacheScopes, "readableCacheScopes");
function tokenScopes(token) {
  const payload = token?.split(".")[1];
  if (!payload) return void 0;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (typeof claims.ac !== "string") return void 0;
    const scopes = JSON.parse(claims.ac);
    if (!Array.isArray(scopes)) return void 0;
    const parsed = scopes.map((s) => {
      const { Scope, Permission } = s ?? {};
      return typeof Scope === "string" && typeof Permission === "number" ? { scope: Scope, permission: Permission } : void 0;
    });
    return parsed.every((s) => s !== void 0) ? parsed : void 0;
  } catch {
    return void 0;
  }
}
__name(tokenScopes, "tokenScopes");
function notSavedWarning(records, trigger, access) {
  const subject = records === 1 ? "1 record was" : `${records} records were`;
  const cache = access.mode === "read" ? "a read-only cache" : "no cache";
  return `${subject} not saved: this trigger (${trigger}) gets ${cache} on GitHub; the next run verifies these goals again \u2014 run DoG on push to the default branch to fill the cache`;
}
__name(notSavedWarning, "notSavedWarning");

export {
  cacheWriteAccess,
  cacheReadAccess,
  notRestoredMessage,
  readableCacheScopes,
  notSavedWarning
};
