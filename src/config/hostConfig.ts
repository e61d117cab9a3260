// Host configuration (DESIGN §9): file, then DOG_* environment, then command-line flags.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { ConfigError, DocumentError, type Problem } from '../core/errors.js';
import { parseStructuredText, formatFromName } from '../core/graph/parse.js';
import { validateAgainst } from '../schemas/validate.js';
import { retiredEndpointProblems } from './retiredEndpoints.js';
import { parseBoolean, parseInteger, parseNumber } from './scalars.js';

export type IsolationMode = 'auto' | 'bubblewrap' | 'none';

export type HostConfig = {
  source: string | undefined;
  allowPartialRoot: boolean;
  concurrency: number;
  revalidateThreshold: number;
  isolation: IsolationMode;
  scriptsDir: string;
  limits: {
    maxNodes: number;
    maxCaptureBytes: number;
    maxEvidenceBytes: number;
    maxExpressionDepth: number;
    maxExpressionNodes: number;
    maxGraphBytes: number;
  };
  timeouts: { programmaticSeconds: number; agenticSeconds: number };
  /** The local store's size cap (docs/store.md, "Size cap and dog gc"). */
  store: { maxBytes: number };
  /** Accepted and validated now; used by the agentic verifier. */
  budget: Record<string, unknown>;
  providers: Record<string, Record<string, unknown>>;
  models: Record<string, { provider: string; model: string } & Record<string, unknown>>;
};

type ConfigFile = Partial<Omit<HostConfig, 'source' | 'limits' | 'timeouts' | 'store'>> & {
  limits?: Partial<HostConfig['limits']>;
  timeouts?: Partial<HostConfig['timeouts']>;
  store?: Partial<HostConfig['store']>;
};

export const LOCAL_STORE_MAX_BYTES = 1024 * 1024 * 1024;

export function defaultConfig(): HostConfig {
  return {
    source: undefined,
    allowPartialRoot: false,
    concurrency: Math.max(1, availableParallelism()),
    revalidateThreshold: 0.3,
    isolation: 'auto',
    scriptsDir: '.dog/scripts',
    limits: {
      maxNodes: 256,
      maxCaptureBytes: 64 * 1024 * 1024,
      maxEvidenceBytes: 64 * 1024,
      maxExpressionDepth: 64,
      maxExpressionNodes: 512,
      maxGraphBytes: 4 * 1024 * 1024,
    },
    timeouts: { programmaticSeconds: 120, agenticSeconds: 600 },
    store: { maxBytes: LOCAL_STORE_MAX_BYTES },
    budget: {},
    providers: {},
    models: {},
  };
}

/** Reads a config file; `required` is false for the default path, which may be absent. */
export async function loadHostConfig(
  path: string,
  options: { required: boolean; env: NodeJS.ProcessEnv },
): Promise<HostConfig> {
  let text: string | undefined;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' || options.required) {
      throw new ConfigError(path, [
        {
          pointer: '',
          message: code === 'ENOENT' ? 'file not found' : `cannot read: ${String(code)}`,
        },
      ]);
    }
  }
  const config = text === undefined ? defaultConfig() : fromText(text, path);
  return applyEnvironment(config, options.env);
}

function fromText(text: string, path: string): HostConfig {
  let value: unknown;
  try {
    value = parseStructuredText(text, {
      source: path,
      format: formatFromName(path),
      maxBytes: 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof DocumentError) throw new ConfigError(path, error.problems);
    throw error;
  }
  if (value === null || value === undefined) value = {};
  const result = validateAgainst<ConfigFile>('config', value);
  if (!result.ok) throw new ConfigError(path, result.problems);
  return mergeConfig(defaultConfig(), result.value, path);
}

function mergeConfig(base: HostConfig, file: ConfigFile, source: string): HostConfig {
  const problems: Problem[] = [];
  for (const [alias, model] of Object.entries(file.models ?? {})) {
    if (!Object.hasOwn(file.providers ?? {}, model.provider)) {
      problems.push({
        pointer: `/models/${alias}/provider`,
        message: `provider "${model.provider}" is not defined under providers`,
      });
    }
  }
  problems.push(...gatewayProblems(file));
  problems.push(...retiredEndpointProblems(file.providers));
  if (problems.length > 0) throw new ConfigError(source, problems);
  return {
    ...base,
    ...file,
    source,
    limits: { ...base.limits, ...file.limits },
    timeouts: { ...base.timeouts, ...file.timeouts },
    store: { ...base.store, ...file.store },
  };
}

/** DOG_* variables override the file; each is parsed strictly. */
export function applyEnvironment(config: HostConfig, env: NodeJS.ProcessEnv): HostConfig {
  const next = { ...config };
  const read = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value === '' ? undefined : value;
  };
  const concurrency = read('DOG_CONCURRENCY');
  if (concurrency !== undefined)
    next.concurrency = parseInteger('DOG_CONCURRENCY', concurrency, 1, 256);
  const partial = read('DOG_ALLOW_PARTIAL_ROOT');
  if (partial !== undefined)
    next.allowPartialRoot = parseBoolean('DOG_ALLOW_PARTIAL_ROOT', partial);
  const threshold = read('DOG_REVALIDATE_THRESHOLD');
  if (threshold !== undefined)
    next.revalidateThreshold = parseNumber('DOG_REVALIDATE_THRESHOLD', threshold, 0, 1);
  const isolation = read('DOG_ISOLATION');
  if (isolation !== undefined) next.isolation = parseIsolation('DOG_ISOLATION', isolation);
  return next;
}

export function parseIsolation(name: string, value: string): IsolationMode {
  if (value === 'auto' || value === 'bubblewrap' || value === 'none') return value;
  throw new ConfigError(name, [
    { pointer: '', message: `expected auto, bubblewrap or none, got "${value}"` },
  ]);
}

/** An exec agent's gateway model must be a model API, not another exec agent. */
function gatewayProblems(file: ConfigFile): Problem[] {
  const problems: Problem[] = [];
  for (const [name, provider] of Object.entries(file.providers ?? {})) {
    const alias = (provider.gateway as { model?: string } | undefined)?.model;
    if (alias === undefined) continue;
    const pointer = `/providers/${name}/gateway/model`;
    const model = file.models?.[alias];
    if (!model) {
      problems.push({ pointer, message: `model alias "${alias}" is not defined under models` });
      continue;
    }
    const kind = file.providers?.[model.provider]?.kind;
    if (kind !== 'openai' && kind !== 'anthropic')
      problems.push({
        pointer,
        message: `model alias "${alias}" must use an openai or anthropic provider`,
      });
  }
  return problems;
}
