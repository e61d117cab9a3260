// The host-side chain that starts one sandbox: a shell sets the per-process limits and enters
// the verification's cgroup (so everything it forks is born inside and limited), then drops
// to the slot's uid and execs bubblewrap. Each step execs the next, so the launcher's child
// stays one process whose group the timeout can kill.
import { launcherShellArgv, type LaunchLimits } from './launcherShell.js';
import type { SlotIdentity } from './slots.js';

export const SETPRIV_PATH = '/usr/bin/setpriv';

export type LaunchChain = {
  bwrapPath: string;
  bwrapArgs: readonly string[];
  /** cgroup.procs files to join before anything else runs. */
  procsFiles: readonly string[];
  /** The uid/gid to become; undefined to stay who we are. */
  identity: SlotIdentity | undefined;
  limits: LaunchLimits;
};

export function launchArgv(chain: LaunchChain): string[] {
  let argv = [chain.bwrapPath, ...chain.bwrapArgs];
  if (chain.identity) {
    const { uid, gid } = chain.identity;
    argv = [SETPRIV_PATH, `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--', ...argv];
  }
  return launcherShellArgv(chain.procsFiles, argv, chain.limits);
}
