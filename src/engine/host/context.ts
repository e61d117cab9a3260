// What every front shares about the host: workspace, host configuration, script library,
// capabilities and compile limits.
import { resolve } from 'node:path';
import { loadCompanionSettings, type CompanionSettings } from '../../config/companion.js';
import { loadHostConfig, type HostConfig } from '../../config/hostConfig.js';
import type { CompileLimits } from '../../core/graph/compile.js';
import type { HostCapabilities } from '../../core/graph/rules.js';
import { ScriptLibrary } from '../../verify/scriptLibrary.js';

export type HostContext = {
  workspace: string;
  config: HostConfig;
  /** This machine's companion settings (defaults when it has none). */
  companion: CompanionSettings;
  library: ScriptLibrary;
  host: HostCapabilities;
  limits: CompileLimits;
};

export type HostContextOptions = {
  workspace: string;
  configPath: string;
  /** False for the default path, which may be absent. */
  configRequired: boolean;
  env: NodeJS.ProcessEnv;
  /** Where the script library lives when not `<workspace>/<config.scriptsDir>`. */
  libraryDir?: string;
  /** Applied to the loaded configuration (flags, Action inputs). */
  adjust?: (config: HostConfig) => HostConfig;
};

export async function hostContext(options: HostContextOptions): Promise<HostContext> {
  const loaded = await loadHostConfig(options.configPath, {
    required: options.configRequired,
    env: options.env,
  });
  const config = options.adjust ? options.adjust(loaded) : loaded;
  const libraryDir = options.libraryDir ?? resolve(options.workspace, config.scriptsDir);
  const library = new ScriptLibrary({ libraryDir, shownDir: config.scriptsDir });
  const host: HostCapabilities = {
    hasScript: (name) => library.has(name),
    scriptUnusable: (name) => library.unusable(name),
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
  const companion = await loadCompanionSettings(options.env);
  return { workspace: options.workspace, config, companion, library, host, limits };
}
