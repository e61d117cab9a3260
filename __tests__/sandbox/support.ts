import { chmod, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { removeMaterialized } from '../../src/capture/materialize.js';
import { BubblewrapSandbox } from '../../src/sandbox/bubblewrap.js';
import { NoIsolationSandbox } from '../../src/sandbox/none.js';
import { preflightBubblewrap } from '../../src/sandbox/preflight.js';
import type { Sandbox } from '../../src/sandbox/types.js';

export const bwrapPreflight = await preflightBubblewrap();

// CI sets DOG_SANDBOX_REQUIRED=1: there, isolation tests must run, never skip.
const sandboxRequired = process.env.DOG_SANDBOX_REQUIRED === '1';

/** `describe` when bubblewrap works here, otherwise `describe.skip` with a loud reason. */
export function describeWithBwrap(name: string, body: () => void): void {
  if (bwrapPreflight.ok) {
    describe(name, body);
    return;
  }
  const reason = `bubblewrap preflight failed: ${bwrapPreflight.reason}`;
  if (sandboxRequired) {
    describe(name, () => {
      test('bubblewrap must work here (DOG_SANDBOX_REQUIRED=1)', () => {
        throw new Error(reason);
      });
    });
    return;
  }
  skippedLine(name, reason);
  describe.skip(`${name} [SKIPPED: ${reason}]`, body);
}

/**
 * Every sandbox usable here, by name: always `none`, `bubblewrap` when its preflight passes.
 * Without it, one SKIPPED line and a skipped test stand for the bubblewrap variants (a failing
 * test under DOG_SANDBOX_REQUIRED=1).
 */
export function availableSandboxes(): [string, Sandbox][] {
  const none: [string, Sandbox] = ['none', new NoIsolationSandbox()];
  if (bwrapPreflight.ok) return [none, ['bubblewrap', new BubblewrapSandbox()]];
  const name = `the bubblewrap variants of ${relative(process.cwd(), expect.getState().testPath ?? '.')}`;
  const reason = `bubblewrap preflight failed: ${bwrapPreflight.reason}`;
  if (sandboxRequired)
    test(`${name} (bubblewrap must work here: DOG_SANDBOX_REQUIRED=1)`, () => {
      throw new Error(reason);
    });
  else {
    skippedLine(name, reason);
    test.skip(`${name} [SKIPPED: ${reason}]`, () => undefined);
  }
  return [none];
}

/** One line on stderr: jest's console shows a console.warn as a block with a stack trace. */
function skippedLine(name: string, reason: string): void {
  process.stderr.write(`SKIPPED "${name}": ${reason}\n`);
}

const created: string[] = [];

export async function tempDir(prefix = 'dog-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Removes every temp dir made here, read-only trees in them included (for a plain user too). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => removeMaterialized(dir)));
}

export async function writeExecutable(path: string, body: string): Promise<void> {
  await writeFile(path, body);
  await chmod(path, 0o755);
}

/** A string unlikely to appear in any other process's command line. */
export function uniqueMarker(): string {
  return `${1000 + Math.floor(Math.random() * 1000)}.${Date.now() % 1000000}${Math.floor(Math.random() * 1000)}`;
}

/** Host pids whose command line contains the marker. */
export async function processesWith(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(marker)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** Waits (briefly) until no process carries the marker; returns those still alive. */
export async function survivorsAfter(marker: string, waitMs = 2000): Promise<number[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const pids = await processesWith(marker);
    if (pids.length === 0 || Date.now() > deadline) return pids;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls until the marker shows up in at least `count` processes; throws if it never does. */
export async function waitForProcesses(
  marker: string,
  count: number,
  waitMs = 5000,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  while ((await processesWith(marker)).length < count) {
    if (Date.now() > deadline) throw new Error(`processes with marker ${marker} never started`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * `test` when bubblewrap works here; otherwise one SKIPPED line on stderr and a skipped test
 * (a failing one under DOG_SANDBOX_REQUIRED=1).
 */
export function testWithBwrap(name: string, body: () => Promise<void>, timeout?: number): void {
  if (bwrapPreflight.ok) {
    test(name, body, timeout);
    return;
  }
  const reason = `bubblewrap preflight failed: ${bwrapPreflight.reason}`;
  if (sandboxRequired) {
    test(`${name} (bubblewrap must work here: DOG_SANDBOX_REQUIRED=1)`, () => {
      throw new Error(reason);
    });
    return;
  }
  skippedLine(name, reason);
  test.skip(`${name} [SKIPPED: ${reason}]`, body);
}
