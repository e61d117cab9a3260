// The live processes this test process started from a given binary, read from /proc (Linux):
// the Copilot runtime's process is the SDK's child, and a test counts and ends it by pid.
import { readdirSync, readFileSync } from 'node:fs';

/** Pids of this process's children whose program is `binary` (zombies excluded). */
export function childrenRunning(binary: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name in field 2 may hold spaces and parentheses: fields count from its end.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== process.pid || state === 'Z') continue;
      const argv0 = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0')[0];
      if (argv0 === binary) found.push(Number(name));
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}
