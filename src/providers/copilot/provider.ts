// From a host-config `providers.<name>` entry of kind `copilot` to a runtime and agents on it:
// which token, which runtime binary, which API endpoint. Only configuration decides the identity.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join } from 'node:path';
import { ProviderError } from '../types.js';
import { CopilotAgent, CopilotRuntime } from './agent.js';

/** `providers.<name>` of host config with `kind: copilot` (config.schema.json). */
export type CopilotProviderConfig = {
  kind: 'copilot';
  /**
   * Environment variable holding the token the runtime authenticates with (default
   * COPILOT_GITHUB_TOKEN; inside Actions, GITHUB_TOKEN with `copilot-requests: write`).
   */
  tokenEnv?: string;
  /** An absolute path to a Copilot runtime or Copilot CLI binary; see resolveCopilotRuntime. */
  runtimePath?: string;
  /** The Copilot API base URL the runtime calls (COPILOT_API_URL); default: GitHub's. */
  apiUrl?: string;
};

export const COPILOT_DEFAULT_TOKEN_ENV = 'COPILOT_GITHUB_TOKEN';

/**
 * The host environment variable naming the runtime binary when the configuration names none:
 * the Action sets it to the runtime it obtained (tool cache); a developer may set it to an
 * installed Copilot CLI.
 */
export const COPILOT_RUNTIME_ENV = 'DOG_COPILOT_RUNTIME';

const SDK_RUNTIME_PACKAGE = '@github/copilot-sdk-linux-x64';

/**
 * The runtime binary: `runtimePath` from the configuration, else `$DOG_COPILOT_RUNTIME`, else the
 * pinned runtime package installed next to DoG (development and tests, linux-x64 only).
 * Throws an Error saying what to set when none is usable.
 */
export function resolveCopilotRuntime(
  provider: CopilotProviderConfig,
  env: NodeJS.ProcessEnv,
): string {
  const named = provider.runtimePath ?? nonEmpty(env[COPILOT_RUNTIME_ENV]);
  if (named !== undefined) {
    if (!isAbsolute(named)) throw new Error(`the Copilot runtime path ${named} is not absolute`);
    if (!existsSync(named)) throw new Error(`the Copilot runtime ${named} does not exist`);
    return named;
  }
  const installed = installedRuntime();
  if (installed) return installed;
  throw new Error(
    `no Copilot runtime is available on ${process.platform}-${process.arch}: set runtimePath of ` +
      `the copilot provider or ${COPILOT_RUNTIME_ENV} to a Copilot CLI binary`,
  );
}

function installedRuntime(): string | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  try {
    const manifest = createRequire(import.meta.url).resolve(`${SDK_RUNTIME_PACKAGE}/package.json`);
    const binary = join(dirname(manifest), 'prebuilds', 'linux-x64', 'copilot-runtime');
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * The runtime for `provider`, not started yet. The token is read from `options.env[tokenEnv]`;
 * a missing or empty variable throws ProviderError('auth') naming the variable (never a
 * value); a missing runtime throws an Error saying what to set.
 */
export function createCopilotRuntime(
  provider: CopilotProviderConfig,
  options: { env: NodeJS.ProcessEnv; scratchRoot?: string },
): CopilotRuntime {
  const tokenEnv = provider.tokenEnv ?? COPILOT_DEFAULT_TOKEN_ENV;
  const token = nonEmpty(options.env[tokenEnv]);
  if (token === undefined) {
    const message = `the token environment variable ${tokenEnv} (tokenEnv of the copilot provider) is not set or empty`;
    throw new ProviderError('auth', message, 0);
  }
  return new CopilotRuntime({
    runtimePath: resolveCopilotRuntime(provider, options.env),
    token,
    ...(options.scratchRoot === undefined ? {} : { scratchRoot: options.scratchRoot }),
    ...(provider.apiUrl === undefined ? {} : { apiUrl: provider.apiUrl }),
  });
}

/** An agent on a runtime of its own (createCopilotRuntime); close() stops it. */
export function createCopilotAgent(
  provider: CopilotProviderConfig,
  options: { env: NodeJS.ProcessEnv; vision: boolean; scratchRoot?: string },
): CopilotAgent {
  return new CopilotAgent(createCopilotRuntime(provider, options), options.vision);
}

/** The SDK and runtime release DoG pins (package.json); the runtime's loop shapes verdicts. */
export const COPILOT_SDK_VERSION = '1.0.14';

/**
 * What identifies a Copilot model in a digest: kind, pinned runtime, endpoint when configured,
 * model; never the token, and nothing that depends on whether the token is present.
 */
export type CopilotIdentity = {
  provider: 'copilot';
  runtime: string;
  model: string;
  apiUrl?: string;
};

export function copilotIdentity(provider: CopilotProviderConfig, model: string): CopilotIdentity {
  const apiUrl = provider.apiUrl?.replace(/\/+$/, '');
  const runtime = `@github/copilot-sdk@${COPILOT_SDK_VERSION}`;
  return { provider: 'copilot', runtime, model, ...(apiUrl ? { apiUrl } : {}) };
}
