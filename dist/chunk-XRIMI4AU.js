#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/action/comment/client.ts
var VIEWER_QUERY = "query { viewer { login databaseId } }";
function statusOf(error) {
  const status = error?.status;
  return typeof status === "number" ? status : void 0;
}
__name(statusOf, "statusOf");
function commentOf(value) {
  const data = value;
  if (typeof data?.id !== "number") throw new Error("GitHub answered a comment without an id");
  const issue = /\/issues\/(\d+)$/.exec(typeof data.issue_url === "string" ? data.issue_url : "");
  return {
    id: data.id,
    body: typeof data.body === "string" ? data.body : "",
    login: typeof data.user?.login === "string" ? data.user.login : "",
    ...Number.isSafeInteger(data.user?.id) ? { userId: data.user?.id } : {},
    ...typeof data.html_url === "string" ? { htmlUrl: data.html_url } : {},
    ...issue ? { issue: Number(issue[1]) } : {},
    ...typeof data.created_at === "string" ? { createdAt: data.created_at } : {},
    ...typeof data.updated_at === "string" ? { updatedAt: data.updated_at } : {}
  };
}
__name(commentOf, "commentOf");
function identityOf(value) {
  const viewer = value?.viewer;
  if (typeof viewer?.login !== "string" || !Number.isSafeInteger(viewer.databaseId))
    throw new Error("GitHub answered the viewer query without a login and a databaseId");
  return { login: viewer.login, id: viewer.databaseId };
}
__name(identityOf, "identityOf");

export {
  VIEWER_QUERY,
  statusOf,
  commentOf,
  identityOf
};
