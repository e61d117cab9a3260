// The verification sandbox: start-up overhead of one sandboxed program against a plain spawn of
// the same program, as a ratio, for the full chain a verification uses (slot lock, cgroup,
// setpriv, bubblewrap with seccomp) and for bubblewrap alone.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { BubblewrapSandbox } from '../src/sandbox/bubblewrap.js';
import { checkSandbox } from '../src/sandbox/preflight.js';
import { runProcess } from '../src/sandbox/process.js';
import type { SandboxSpec } from '../src/sandbox/types.js';
import { markdownTable } from './markdown.js';
import { median } from './median.js';

const RUNS = 60;
const WARMUP = 5;
const PROGRAM = '/usr/bin/true';

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

function plainSpawn(): Promise<unknown> {
  return runProcess({
    command: PROGRAM,
    args: [],
    env: {},
    cwd: '/',
    timeoutMs: 10_000,
    maxOutputBytes: 1024,
  });
}

function bareBwrap(): Promise<unknown> {
  const args = ['--unshare-all', '--die-with-parent', '--ro-bind', '/usr', '/usr'];
  return runProcess({
    command: '/usr/bin/bwrap',
    args: [...args, '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64', PROGRAM],
    env: {},
    cwd: '/',
    timeoutMs: 10_000,
    maxOutputBytes: 1024,
  });
}

// The verification's namespaces, identity and mounts, without cgroup, limits or seccomp.
const ISOLATION_FLAGS = [
  '--unshare-all',
  '--unshare-user',
  '--disable-userns',
  '--uid',
  '65534',
  '--gid',
  '65534',
  '--cap-drop',
  'ALL',
  '--new-session',
  '--die-with-parent',
  '--ro-bind',
  '/usr',
  '/usr',
  '--symlink',
  'usr/lib',
  '/lib',
  '--symlink',
  'usr/lib64',
  '/lib64',
  '--proc',
  '/proc',
  '--dev',
  '/dev',
  '--tmpfs',
  '/tmp',
  '--tmpfs',
  '/dog/scratch',
];

function isolatedBwrap(): Promise<unknown> {
  const asRoot = process.getuid?.() === 0;
  const drop = asRoot
    ? ['/usr/bin/setpriv', '--reuid=1500999', '--regid=1500999', '--clear-groups', '--']
    : [];
  const argv = [...drop, '/usr/bin/bwrap', ...ISOLATION_FLAGS, PROGRAM];
  return runProcess({
    command: argv[0] as string,
    args: argv.slice(1),
    env: {},
    cwd: '/',
    timeoutMs: 10_000,
    maxOutputBytes: 1024,
  });
}

export type SandboxBench = { rows: string[][]; notes: string[] };

export async function runSandboxBench(): Promise<SandboxBench> {
  const sandbox = new BubblewrapSandbox();
  const preflight = await checkSandbox(sandbox);
  if (!preflight.ok) {
    await sandbox.dispose();
    return {
      rows: [
        ['measure', 'value'],
        ['sandbox', 'not measured'],
      ],
      notes: [`The sandbox cannot run here: ${preflight.reason ?? 'unknown'}.`],
    };
  }
  const root = await mkdtemp(path.join(await sandbox.workDir(), 'bench-'));
  try {
    const capturePath = path.join(root, 'capture.txt');
    await writeFile(capturePath, 'bench', { mode: 0o644 });
    let n = 0;
    const sandboxed = async (): Promise<unknown> => {
      const scratchDir = path.join(root, `scratch-${(n += 1)}`);
      await mkdir(scratchDir);
      const spec: SandboxSpec = {
        argv: [PROGRAM],
        capturePath,
        captureKind: 'file',
        scratchDir,
        readOnlyPaths: [],
        outputFiles: ['judge.json'],
        env: { PATH: '/usr/bin:/bin' },
        timeoutMs: 10_000,
        maxOutputBytes: 1024,
      };
      return sandbox.run(spec);
    };
    const plain = median(await timed(plainSpawn));
    const bare = median(await timed(bareBwrap));
    const isolated = median(await timed(isolatedBwrap));
    const full = median(await timed(sandboxed));
    const enforced = preflight.enforced.filter((l) => l.enforced).map((l) => l.name);
    return benchTable({ plain, bare, isolated, full }, enforced);
  } finally {
    await rm(root, { recursive: true, force: true });
    await sandbox.dispose();
  }
}

type Medians = { plain: number; bare: number; isolated: number; full: number };

function benchTable({ plain, bare, isolated, full }: Medians, enforced: string[]): SandboxBench {
  const ms = (value: number): string => value.toFixed(2);
  const ratio = (value: number): string => `${(value / plain).toFixed(1)}×`;
  const rows = [
    ['start of one program', 'median ms', 'ratio to plain spawn'],
    ['plain spawn (`/usr/bin/true`)', ms(plain), '1.0×'],
    ['bubblewrap alone (`--unshare-all`, `/usr` bound)', ms(bare), ratio(bare)],
    [
      'bubblewrap with the verification’s namespaces and mounts, as the slot uid',
      ms(isolated),
      ratio(isolated),
    ],
    ['a verification’s sandbox (full chain)', ms(full), ratio(full)],
  ];
  const notes = [
    `Median of ${RUNS} sequential runs after ${WARMUP} warm-up runs, wall time from spawn to exit as the launcher sees it (Node's child_process, output collected). ${os.cpus().length} cores, Node ${process.version}, launcher uid ${process.getuid?.() ?? '?'}.`,
    `Full chain: take a slot lock, create the verification's cgroup (memory and pids limits) and pre-create the judge file, then \`sh\` sets the per-process limits with its built-ins, joins the cgroup and execs \`setpriv\` (to the slot uid, when root) which execs \`bwrap\` with every namespace, \`--disable-userns\`, the seccomp program on fd 3, tmpfs scratch and /tmp, then \`env\` (bubblewrap always exports \`PWD\`, which the contract's environment has not) before the program; afterwards read the cgroup's counters, remove it, release the slot. Enforced here: ${enforced.join(', ')}.`,
    `Overhead per verification = full chain − plain spawn = ${(full - plain).toFixed(2)} ms, of which ${(isolated - plain).toFixed(2)} ms is bubblewrap building the isolation itself (user namespace as an unprivileged uid, the nested one \`--disable-userns\` needs, mounts) and ${(full - isolated).toFixed(2)} ms the launcher's own work (slot lock, cgroup create/read/remove, judge-file holder, seccomp, the launcher shell and \`env\`).`,
  ];
  return { rows, notes };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, notes } = await runSandboxBench();
  process.stdout.write(`${markdownTable(rows)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
}
