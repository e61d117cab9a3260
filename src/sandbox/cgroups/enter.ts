/** The shell that joins the cgroups, then execs the program; it runs on the host, before bwrap. */
export const CGROUP_ENTER_PATH = '/usr/bin/sh';

// A constant script: the cgroup.procs files and the program arrive as positional parameters,
// so no data is ever parsed as shell code. `$$` is this shell, which `exec` turns into the
// program, so the program and everything it forks are born inside the cgroups.
const ENTER_SCRIPT = [
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

/**
 * An argv that writes its own pid into each cgroup.procs file (exit 125 with a message on
 * stderr if one write fails) and then execs the program.
 */
export function cgroupEnterArgv(
  procsFiles: readonly string[],
  program: readonly string[],
): string[] {
  if (program.length === 0) throw new Error('cgroupEnterArgv: the program is empty');
  for (const file of procsFiles) {
    if (!file.startsWith('/')) throw new Error(`cgroupEnterArgv: not an absolute path: ${file}`);
  }
  return [
    CGROUP_ENTER_PATH,
    '-c',
    ENTER_SCRIPT,
    'dog-cgroup-enter',
    ...procsFiles,
    '--',
    ...program,
  ];
}
