// Resolves what every command shares from the command line: workspace and host context.
import { resolve } from 'node:path';
import { hostContext, type HostContext } from '../engine/host/context.js';
import type { CliArgs } from './args.js';
import type { Io } from './io.js';
import { resolveWorkspace } from './workspace.js';

export type CommandContext = HostContext;

export async function commandContext(args: CliArgs, io: Io): Promise<CommandContext> {
  const workspace = await resolveWorkspace(io, args.workspace);
  return hostContext({
    workspace,
    configPath:
      args.config === undefined
        ? resolve(workspace, '.dog/config.yaml')
        : resolve(io.cwd, args.config),
    configRequired: args.config !== undefined,
    env: io.env,
    adjust: (config) =>
      args.concurrency === undefined ? config : { ...config, concurrency: args.concurrency },
  });
}

/** The store a command uses: --store, else `<workspace>/.dog/store`. */
export function storeDirOf(args: CliArgs, io: Io, workspace: string): string {
  return args.store === undefined ? resolve(workspace, '.dog/store') : resolve(io.cwd, args.store);
}
