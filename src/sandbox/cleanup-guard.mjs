// @ts-check
// DoG cleanup guard. One runs per launcher process, spawned detached with its stdin a pipe from
// the launcher. The launcher says what to clean up as newline-delimited JSON:
//   {"op":"track","kind":"dir"|"cgroup","path":"/abs"}   {"op":"untrack","kind":…,"path":…}
// When stdin ends (the launcher closed it, exited, or was SIGKILLed: the kernel closes the
// pipe), the guard kills every process in the tracked cgroups, removes them deepest first,
// removes the tracked directories, prints a JSON summary on stdout and exits.
// Dependency-free on purpose: it is copied next to the bundle and run with process.execPath.

import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  rmdirSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, isAbsolute, join, normalize } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** @typedef {'dir' | 'cgroup'} Kind */

const CGROUP_ROOT = '/sys/fs/cgroup/';
const FORBIDDEN_DIR_ROOTS = ['/proc/', '/sys/', '/dev/'];
const MAX_LINE_CHARS = 16 * 1024;
const KILL_TIMEOUT_MS = 5000;
const RMDIR_TIMEOUT_MS = 2000;
const POLL_MS = 20;

/** @type {Record<Kind, Set<string>>} */
const tracked = { dir: new Set(), cgroup: new Set() };
const summary = {
  accepted: 0,
  ignored: 0,
  signalled: 0,
  cgroupsRemoved: 0,
  dirsRemoved: 0,
  /** @type {string[]} */
  failures: [],
};

/** @param {unknown} error */
function codeOf(error) {
  if (error && typeof error === 'object' && 'code' in error) return String(error.code);
  return error instanceof Error ? error.message : String(error);
}

/** @param {Kind} kind @param {unknown} path @returns {path is string} */
function acceptablePath(kind, path) {
  if (typeof path !== 'string' || path.length > 4096 || path.includes('\0')) return false;
  if (!isAbsolute(path) || normalize(path) !== path || path.endsWith('/')) return false;
  if (kind === 'cgroup') return path.startsWith(CGROUP_ROOT);
  return !FORBIDDEN_DIR_ROOTS.some((root) => path.startsWith(root));
}

/** @param {string} line @returns {{ op: unknown, kind: unknown, path: unknown } | undefined} */
function parseCommand(line) {
  try {
    const command = JSON.parse(line);
    return command && typeof command === 'object' && !Array.isArray(command) ? command : undefined;
  } catch {
    return undefined;
  }
}

/** @param {string} line */
function handleLine(line) {
  if (line.trim() === '') return;
  const { op, kind, path } = parseCommand(line) ?? {};
  const validKind = kind === 'dir' || kind === 'cgroup';
  if (!validKind || (op !== 'track' && op !== 'untrack') || !acceptablePath(kind, path)) {
    summary.ignored++;
    return;
  }
  if (op === 'track') tracked[kind].add(path);
  else tracked[kind].delete(path);
  summary.accepted++;
}

/** @param {string} dir @returns {string[]} the cgroup and every cgroup below it, deepest first */
function cgroupTree(dir) {
  /** @type {import('node:fs').Dirent[]} */
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const below = entries
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => cgroupTree(join(dir, entry.name)));
  return [...below, dir];
}

/** @param {string} dir @returns {number[]} */
function procsOf(dir) {
  try {
    return readFileSync(join(dir, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter((line) => /^\d+$/.test(line))
      .map(Number);
  } catch {
    return [];
  }
}

// A mount point is a whole hierarchy (v1 /sys/fs/cgroup/memory): never empty one of those.
/** @param {string} path */
function isMountRoot(path) {
  try {
    return statSync(path).dev !== statSync(dirname(path)).dev;
  } catch {
    return false;
  }
}

/** @param {string} dir */
function writeCgroupKill(dir) {
  try {
    const fd = openSync(join(dir, 'cgroup.kill'), constants.O_WRONLY);
    try {
      writeSync(fd, '1');
    } finally {
      closeSync(fd);
    }
  } catch {
    // No cgroup.kill (v1, or Linux before 5.14): the pid loop does the work.
  }
}

/** @param {number} pid */
function sigkill(pid) {
  if (pid <= 1 || pid === process.pid) return;
  try {
    process.kill(pid, 'SIGKILL');
    summary.signalled++;
  } catch {
    // Already gone.
  }
}

/** @param {readonly string[]} tops */
async function killAll(tops) {
  tops.forEach(writeCgroupKill);
  const deadline = Date.now() + KILL_TIMEOUT_MS;
  for (;;) {
    const pids = tops.flatMap(cgroupTree).flatMap(procsOf);
    if (pids.length === 0) return;
    if (Date.now() > deadline) {
      summary.failures.push(`processes still alive: ${pids.join(', ')}`);
      return;
    }
    pids.forEach(sigkill);
    await sleep(POLL_MS);
  }
}

/** @param {string} dir */
async function removeCgroupDir(dir) {
  const deadline = Date.now() + RMDIR_TIMEOUT_MS;
  for (;;) {
    try {
      rmdirSync(dir);
      summary.cgroupsRemoved++;
      return;
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY' || Date.now() > deadline) {
        summary.failures.push(`rmdir ${dir}: ${code}`);
        return;
      }
      await sleep(POLL_MS);
    }
  }
}

async function cleanCgroups() {
  const tops = [...tracked.cgroup].filter((path) => {
    if (!isMountRoot(path)) return true;
    summary.failures.push(`refused to empty hierarchy root ${path}`);
    return false;
  });
  await killAll(tops);
  // Nested tracked cgroups are covered by their ancestor's tree; deeper paths first anyway.
  tops.sort((a, b) => b.length - a.length);
  for (const top of tops) {
    for (const dir of cgroupTree(top)) await removeCgroupDir(dir);
  }
}

// Opens without following a symlink, so that only real directories ever get their mode changed.
/** @param {string} path */
function restoreOwnerAccess(path) {
  let fd;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch {
    return;
  }
  try {
    fchmodSync(fd, (fstatSync(fd).mode & 0o7777) | 0o700);
  } catch {
    // Not ours to change; the retry will report it.
  } finally {
    closeSync(fd);
  }
  try {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) restoreOwnerAccess(join(path, entry.name));
    }
  } catch {
    // Unreadable even now; the retry will report it.
  }
}

/** @param {string} path */
function removeDir(path) {
  // rmSync never follows symlinks: a link, at the top or inside, is removed, not its target.
  try {
    rmSync(path, { recursive: true, force: true });
    summary.dirsRemoved++;
    return;
  } catch (error) {
    const code = codeOf(error);
    if (code !== 'EACCES' && code !== 'EPERM') {
      summary.failures.push(`rm ${path}: ${code}`);
      return;
    }
  }
  restoreOwnerAccess(path);
  try {
    rmSync(path, { recursive: true, force: true });
    summary.dirsRemoved++;
  } catch (error) {
    summary.failures.push(`rm ${path}: ${codeOf(error)}`);
  }
}

let cleaning = false;

async function cleanUpAndExit() {
  if (cleaning) return;
  cleaning = true;
  try {
    await cleanCgroups();
    // Processes are gone first, so nothing writes into the directories while they are removed.
    for (const path of tracked.dir) removeDir(path);
  } catch (error) {
    summary.failures.push(`cleanup: ${codeOf(error)}`);
  }
  try {
    writeSync(1, `${JSON.stringify(summary)}\n`);
  } catch {
    // Nobody is listening.
  }
  process.exit(summary.failures.length === 0 ? 0 : 1);
}

function readCommands() {
  let buffer = '';
  let discarding = false;
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (/** @type {string} */ chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      if (!discarding) handleLine(buffer.slice(0, newline));
      discarding = false;
      buffer = buffer.slice(newline + 1);
    }
    if (buffer.length > MAX_LINE_CHARS) {
      if (!discarding) summary.ignored++;
      discarding = true;
      buffer = '';
    }
  });
  const finish = () => {
    if (!discarding) handleLine(buffer);
    buffer = '';
    void cleanUpAndExit();
  };
  process.stdin.on('end', finish);
  process.stdin.on('error', finish);
}

// Interrupts aimed at a terminal or a process group are not ours to act on; stdin decides.
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
process.on('SIGTERM', () => void cleanUpAndExit());
process.on('uncaughtException', (error) => {
  summary.failures.push(`uncaught: ${codeOf(error)}`);
});
readCommands();
