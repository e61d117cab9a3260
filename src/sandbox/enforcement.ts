// What a verification's sandbox really enforces on this host, for doctor and for the report.
import type { IsolationLimit, IsolationLimitName } from '../core/types.js';
import type { SandboxRuntime } from './runtime.js';
import type { SandboxLimits } from './settings.js';

export type LimitName = IsolationLimitName;
export type EnforcedLimit = IsolationLimit;

const MIB = 1024 * 1024;
// A report carries at most this much per limit (schemas/report.schema.json); doctor the same.
const MAX_DETAIL = 300;

/** What the sandbox's runtime tells about its host: cgroups, seccomp and the slot identities. */
export type RuntimeFacts = Pick<
  SandboxRuntime,
  'cgroups' | 'cgroupsUnavailable' | 'seccompPath' | 'dropPrivileges'
>;

function notEnforced(why: string): string {
  const detail = `not enforced: ${why}`;
  return detail.length <= MAX_DETAIL ? detail : `${detail.slice(0, MAX_DETAIL - 1)}…`;
}

function mib(bytes: number): string {
  return `${Math.round(bytes / MIB)} MiB`;
}

export function enforcedLimits(
  runtime: RuntimeFacts,
  limits: SandboxLimits,
  hasPrlimit: boolean,
): EnforcedLimit[] {
  const rlimit = (name: LimitName, what: string): EnforcedLimit => ({
    name,
    enforced: true,
    detail: `${what} (setrlimit, soft and hard)`,
  });
  return [
    identityOf(runtime),
    runtime.seccompPath
      ? { name: 'seccomp', enforced: true, detail: 'seccomp filter loaded by bubblewrap' }
      : { name: 'seccomp', enforced: false, detail: `no seccomp filter for ${process.arch}` },
    { name: 'wall_time', enforced: true, detail: 'timeout kills the whole sandbox' },
    memoryOf(runtime, limits),
    processesOf(runtime, limits, hasPrlimit),
    rlimit('cpu_time', `${limits.cpuSeconds} s of CPU per process`),
    rlimit('file_size', `files up to ${mib(limits.fileSizeBytes)}`),
    rlimit('open_files', `${limits.openFiles} open files per process`),
    {
      name: 'scratch_size',
      enforced: true,
      detail: `scratch tmpfs of ${mib(limits.scratchBytes)}`,
    },
    {
      name: 'tmp_size',
      enforced: true,
      detail: `/tmp and /dev/shm tmpfs of ${mib(limits.tmpBytes)} each`,
    },
  ];
}

function identityOf(runtime: RuntimeFacts): EnforcedLimit {
  const uid = process.getuid?.() ?? -1;
  if (runtime.dropPrivileges)
    return {
      name: 'identity',
      enforced: true,
      detail: 'a uid of its own per slot (dropped from root)',
    };
  if (uid === 0)
    return {
      name: 'identity',
      enforced: false,
      detail: 'launcher is root and does not drop privileges',
    };
  return { name: 'identity', enforced: true, detail: `the launcher's unprivileged uid ${uid}` };
}

function memoryOf(runtime: RuntimeFacts, limits: SandboxLimits): EnforcedLimit {
  const { cgroups } = runtime;
  if (cgroups?.enforces.memory)
    return {
      name: 'memory',
      enforced: true,
      detail: `${mib(limits.memoryBytes)} (cgroup ${cgroups.version})`,
    };
  const why = runtime.cgroupsUnavailable ?? 'the cgroup memory controller is not available';
  return { name: 'memory', enforced: false, detail: notEnforced(why) };
}

function processesOf(
  runtime: RuntimeFacts,
  limits: SandboxLimits,
  hasPrlimit: boolean,
): EnforcedLimit {
  const { cgroups } = runtime;
  if (cgroups?.enforces.pids)
    return {
      name: 'processes',
      enforced: true,
      detail: `${limits.pids} (cgroup ${cgroups.version})`,
    };
  if (runtime.dropPrivileges && hasPrlimit)
    return {
      name: 'processes',
      enforced: true,
      detail: `${limits.pids} (RLIMIT_NPROC of the slot uid)`,
    };
  const why = runtime.cgroupsUnavailable ?? 'the cgroup pids controller is not available';
  return { name: 'processes', enforced: false, detail: notEnforced(why) };
}
