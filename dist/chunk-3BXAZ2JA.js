#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  __name
} from "./chunk-BMKY64RE.js";

// src/providers/copilot/runtimeDirs.ts
import { mkdir, mkdtemp } from "node:fs/promises";
import { join } from "node:path";
async function makeRuntimeDirs(parent) {
  await mkdir(parent, { recursive: true, mode: 448 });
  const root = await mkdtemp(join(parent, "dog-copilot-"));
  const dirs = {
    root,
    home: join(root, "home"),
    tmp: join(root, "tmp"),
    config: join(root, "config"),
    cache: join(root, "cache"),
    data: join(root, "data"),
    state: join(root, "state"),
    copilotHome: join(root, "copilot"),
    work: join(root, "work")
  };
  for (const [name, dir] of Object.entries(dirs))
    if (name !== "root") await mkdir(dir, { mode: 448 });
  await mkdir(sessionsOf(dirs), { mode: 448 });
  return dirs;
}
__name(makeRuntimeDirs, "makeRuntimeDirs");
function sessionsOf(runtime) {
  return join(runtime.root, "sessions");
}
__name(sessionsOf, "sessionsOf");
async function makeSessionDirs(runtime) {
  const root = await mkdtemp(join(sessionsOf(runtime), "session-"));
  const dirs = {
    root,
    work: join(root, "work"),
    config: join(root, "config"),
    tmp: join(root, "tmp")
  };
  await Promise.all([dirs.work, dirs.config, dirs.tmp].map((dir) => mkdir(dir, { mode: 448 })));
  return dirs;
}
__name(makeSessionDirs, "makeSessionDirs");

export {
  makeRuntimeDirs,
  makeSessionDirs
};
