// Resolves what every command shares: workspace, host configuration, capabilities, limits.
import { resolve } from 'node:path';
import { loadHostConfig, type HostConfig } from '../config/hostConfig.js';
import type { CompileLimits } from '../core/graph/compile.js';
import type { HostCapabilities } from '../core/graph/rules.js';
import { ScriptLibrary } from '../verify/scriptLibrary.js';
import type { CliArgs } from './args.js';
import type { Io } from './io.js';

export type CommandContext = {
  workspace: string;
  config: HostConfig;
  library: ScriptLibrary;
  host: HostCapabilities;
  limits: CompileLimits;
};

export async function commandContext(args: CliArgs, io: Io): Promise<CommandContext> {
  const workspace = resolve(io.cwd, args.workspace);
  const configPath =
    args.config === undefined
      ? resolve(workspace, '.dog/config.yaml')
      : resolve(io.cwd, args.config);
  const loaded = await loadHostConfig(configPath, {
    required: args.config !== undefined,
    env: io.env,
  });
  const config =
    args.concurrency === undefined ? loaded : { ...loaded, concurrency: args.concurrency };
  const library = new ScriptLibrary({ libraryDir: resolve(workspace, config.scriptsDir) });
  const host: HostCapabilities = {
    hasScript: (name) => library.has(name),
    hasModel: (alias) => Object.hasOwn(config.models, alias),
    scriptNames: () => library.list(),
    modelAliases: () => Object.keys(config.models),
  };
  const limits: CompileLimits = {
    maxNodes: config.limits.maxNodes,
    expression: {
      maxDepth: config.limits.maxExpressionDepth,
      maxNodes: config.limits.maxExpressionNodes,
    },
  };
  return { workspace, config, library, host, limits };
}
