// Which model (and provider) an agentic leaf uses, from host configuration only.
import type { ErrorInfo } from '../core/types.js';
import type { CopilotProviderConfig } from '../providers/copilot/index.js';
import type { HostConfig } from './hostConfig.js';

export type HttpProviderConfig = {
  kind: 'openai' | 'anthropic';
  baseUrl?: string;
  apiKeyEnv?: string;
  headers?: Record<string, string>;
  maxRetries?: number;
};

export type ExecProviderConfig = {
  kind: 'exec';
  command: string[];
  env?: Record<string, string>;
  /** The model alias the agent may reach through the model gateway. */
  gateway?: { model: string };
};

export type { CopilotProviderConfig };

export type ProviderConfig = HttpProviderConfig | ExecProviderConfig | CopilotProviderConfig;

export type ModelPrice = { inputPerMTok?: number; outputPerMTok?: number };

export type ResolvedModel = {
  alias: string;
  providerName: string;
  provider: ProviderConfig;
  model: string;
  vision: boolean;
  price?: ModelPrice;
};

export const DEFAULT_MODEL_ALIAS = 'default';

export function resolveModel(
  config: Pick<HostConfig, 'providers' | 'models'>,
  alias: string | undefined,
): { ok: true; model: ResolvedModel } | { ok: false; error: ErrorInfo } {
  const name = alias ?? DEFAULT_MODEL_ALIAS;
  if (!Object.hasOwn(config.models, name)) {
    const message =
      Object.keys(config.providers).length === 0
        ? `no model provider is configured for agentic verifiers: add a provider under "providers" and a model alias "${name}" under "models" in the host configuration (.dog/config.yaml)`
        : `model alias "${name}" is not defined under "models" in the host configuration`;
    return { ok: false, error: { category: 'no_capability', message } };
  }
  const model = config.models[name] as HostConfig['models'][string];
  const provider = config.providers[model.provider] as ProviderConfig | undefined;
  if (!provider) {
    return {
      ok: false,
      error: {
        category: 'no_capability',
        message: `model alias "${name}" names provider "${model.provider}", which is not defined`,
      },
    };
  }
  return {
    ok: true,
    model: {
      alias: name,
      providerName: model.provider,
      provider,
      model: model.model,
      vision: model.vision === true,
      ...(model.price ? { price: model.price } : {}),
    },
  };
}
