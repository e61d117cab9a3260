// The launcher shell: the first program of a sandbox's host-side chain (see launch.ts). It sets
// the per-process limits and joins the verification's cgroups, then execs the rest.

/** The shell that sets limits and joins the cgroups, then execs the program; before bwrap. */
export const LAUNCHER_SHELL = '/usr/bin/sh';

/**
 * Per-process limits the launcher shell sets (soft and hard) before it execs the program, so
 * they hold for bubblewrap and everything in the sandbox: `ulimit -c` (core), `-f` (file size,
 * in the 512-byte blocks POSIX gives `sh`), `-n` (open files) and `-t` (CPU seconds), all shell
 * built-ins of dash, bash and busybox sh: no extra program is started.
 */
export type LaunchLimits = {
  fileSizeBytes: number;
  openFiles: number;
  cpuSeconds: number;
};

// A constant script: the limits, the cgroup.procs files and the program arrive as positional
// parameters, so no data is ever parsed as shell code. `$$` is this shell, which `exec` turns
// into the program, so the program and everything it forks are born inside the cgroups.
const ENTER_SCRIPT = [
  'limit() {',
  '  [ "$2" = - ] && return 0',
  '  ulimit "$1" "$2" && return 0',
  '  printf \'dog-cgroup-enter: cannot set ulimit %s %s\\n\' "$1" "$2" >&2',
  '  exit 125',
  '}',
  'limit -c "$1"; limit -f "$2"; limit -n "$3"; limit -t "$4"',
  'shift 4',
  'while [ "$#" -gt 0 ]; do',
  '  if [ "$1" = -- ]; then',
  '    shift',
  '    [ "$#" -gt 0 ] && exec "$@"',
  '    break',
  '  fi',
  '  if ! printf \'%s\\n\' "$$" > "$1"; then',
  '    printf \'dog-cgroup-enter: cannot join the cgroup of %s\\n\' "$1" >&2',
  '    exit 125',
  '  fi',
  '  shift',
  'done',
  "printf 'dog-cgroup-enter: no program to run\\n' >&2",
  'exit 125',
].join('\n');

function limitArgs(limits: LaunchLimits | undefined): string[] {
  if (!limits) return ['-', '-', '-', '-'];
  const { fileSizeBytes, openFiles, cpuSeconds } = limits;
  for (const value of [fileSizeBytes, openFiles, cpuSeconds]) {
    if (!Number.isSafeInteger(value) || value < 1)
      throw new Error(`launcherShellArgv: a limit must be a positive integer, got ${value}`);
  }
  const blocks = Math.max(1, Math.floor(fileSizeBytes / 512));
  return ['0', String(blocks), String(openFiles), String(cpuSeconds)];
}

/**
 * An argv that sets the limits (when given), writes its own pid into each cgroup.procs file
 * (exit 125 with a message on stderr if a step fails) and then execs the program.
 */
export function launcherShellArgv(
  procsFiles: readonly string[],
  program: readonly string[],
  limits?: LaunchLimits,
): string[] {
  if (program.length === 0) throw new Error('launcherShellArgv: the program is empty');
  for (const file of procsFiles) {
    if (!file.startsWith('/')) throw new Error(`launcherShellArgv: not an absolute path: ${file}`);
  }
  return [
    LAUNCHER_SHELL,
    '-c',
    ENTER_SCRIPT,
    'dog-cgroup-enter',
    ...limitArgs(limits),
    ...procsFiles,
    '--',
    ...program,
  ];
}
