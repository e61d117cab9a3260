// Machine settings of a self-hosted runner host (schemas/companion.schema.json): never part
// of a repository, read from /etc/dog/companion.yaml or the file DOG_COMPANION_CONFIG names.
import { readFile } from 'node:fs/promises';
import { ConfigError, DocumentError } from '../core/errors.js';
import { formatFromName, parseStructuredText } from '../core/graph/parse.js';
import {
  defaultSandboxSettings,
  type SandboxLimits,
  type SandboxSettings,
} from '../sandbox/settings.js';
import { validateAgainst } from '../schemas/validate.js';

export const COMPANION_CONFIG_PATH = '/etc/dog/companion.yaml';

export type GatewaySettings = { maxRequestBytes: number; requestsPerMinute: number };

export type CompanionSettings = {
  /** The file these came from; undefined when no file exists (all defaults). */
  source: string | undefined;
  isolation: 'bubblewrap' | 'none';
  sandbox: SandboxSettings;
  /** The host-local store shared by runs on this machine, when configured. */
  store?: { path: string; maxBytes: number };
  gateway: GatewaySettings;
};

type CompanionFile = {
  isolation?: 'bubblewrap' | 'none';
  sandbox?: Partial<Omit<SandboxSettings, 'limits'>> & { limits?: Partial<SandboxLimits> };
  store?: { path: string; maxBytes?: number };
  gateway?: Partial<GatewaySettings>;
};

export const DEFAULT_STORE_MAX_BYTES = 10 * 1024 ** 3;
export const DEFAULT_GATEWAY: Readonly<GatewaySettings> = {
  maxRequestBytes: 4 * 1024 * 1024,
  requestsPerMinute: 120,
};

export function defaultCompanionSettings(): CompanionSettings {
  return {
    source: undefined,
    isolation: 'bubblewrap',
    sandbox: defaultSandboxSettings(),
    gateway: { ...DEFAULT_GATEWAY },
  };
}

export function companionConfigPath(env: NodeJS.ProcessEnv): { path: string; explicit: boolean } {
  const named = env.DOG_COMPANION_CONFIG;
  return named ? { path: named, explicit: true } : { path: COMPANION_CONFIG_PATH, explicit: false };
}

/** The settings in force: the file's, over defaults; a named file must exist. */
export async function loadCompanionSettings(env: NodeJS.ProcessEnv): Promise<CompanionSettings> {
  const { path, explicit } = companionConfigPath(env);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !explicit) return defaultCompanionSettings();
    const why =
      code === 'ENOENT'
        ? 'file not found (named by DOG_COMPANION_CONFIG)'
        : `cannot read: ${String(code)}`;
    throw new ConfigError(path, [{ pointer: '', message: why }]);
  }
  return parseCompanionSettings(text, path);
}

export function parseCompanionSettings(text: string, source: string): CompanionSettings {
  let value: unknown;
  try {
    value = parseStructuredText(text, {
      source,
      format: formatFromName(source),
      maxBytes: 256 * 1024,
    });
  } catch (error) {
    if (error instanceof DocumentError) throw new ConfigError(source, error.problems);
    throw error;
  }
  const result = validateAgainst<CompanionFile>('companion', value ?? {});
  if (!result.ok) throw new ConfigError(source, result.problems);
  return mergeCompanion(result.value, source);
}

function mergeCompanion(file: CompanionFile, source: string): CompanionSettings {
  const base = defaultCompanionSettings();
  return {
    source,
    isolation: file.isolation ?? base.isolation,
    sandbox: {
      ...base.sandbox,
      ...file.sandbox,
      limits: { ...base.sandbox.limits, ...file.sandbox?.limits },
    },
    ...(file.store
      ? {
          store: {
            path: file.store.path,
            maxBytes: file.store.maxBytes ?? DEFAULT_STORE_MAX_BYTES,
          },
        }
      : {}),
    gateway: { ...base.gateway, ...file.gateway },
  };
}
