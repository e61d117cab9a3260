// The directories of one Copilot runtime process and of each session on it. The process gets
// fresh, empty HOME, XDG, TMPDIR, COPILOT_HOME and working directories (its environment is
// fixed when it starts, so they are shared by its sessions); each session gets its own working
// directory, configuration directory (where the runtime keeps the session's state and its
// transcript, events.jsonl) and directory for large tool outputs, all removed when it ends.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuntimeDirs, SessionDirs } from './sessionTypes.js';

/** Makes a runtime's directories in a new directory under `parent` (made if missing). */
export async function makeRuntimeDirs(parent: string): Promise<RuntimeDirs> {
  // The host's scratch root is made by the first verification that needs it.
  await mkdir(parent, { recursive: true, mode: 0o700 });
  const root = await mkdtemp(join(parent, 'dog-copilot-'));
  const dirs: RuntimeDirs = {
    root,
    home: join(root, 'home'),
    tmp: join(root, 'tmp'),
    config: join(root, 'config'),
    cache: join(root, 'cache'),
    data: join(root, 'data'),
    state: join(root, 'state'),
    copilotHome: join(root, 'copilot'),
    work: join(root, 'work'),
  };
  for (const [name, dir] of Object.entries(dirs))
    if (name !== 'root') await mkdir(dir, { mode: 0o700 });
  await mkdir(sessionsOf(dirs), { mode: 0o700 });
  return dirs;
}

/** Where the sessions' directories are made: empty whenever no session is running. */
export function sessionsOf(runtime: RuntimeDirs): string {
  return join(runtime.root, 'sessions');
}

export async function makeSessionDirs(runtime: RuntimeDirs): Promise<SessionDirs> {
  const root = await mkdtemp(join(sessionsOf(runtime), 'session-'));
  const dirs: SessionDirs = {
    root,
    work: join(root, 'work'),
    config: join(root, 'config'),
    tmp: join(root, 'tmp'),
  };
  await Promise.all([dirs.work, dirs.config, dirs.tmp].map((dir) => mkdir(dir, { mode: 0o700 })));
  return dirs;
}
