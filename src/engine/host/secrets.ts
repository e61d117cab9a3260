// The credentials a host knows of, collected once for redaction and log masking: the keys
// its providers (and the model gateway, which uses the same providers) read, the tokens a
// GitHub runner hands every step, Copilot tokens, and whatever a front adds (the Action's
// `token` input).
import type { HostConfig } from '../../config/hostConfig.js';
import { secretRedactor, type Redactor } from '../../core/redact.js';

/** Variables that hold a credential wherever DoG runs, whether or not a provider reads them. */
export const CREDENTIAL_VARIABLES = [
  'GITHUB_TOKEN',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'COPILOT_GITHUB_TOKEN',
  'GH_TOKEN',
  'GITHUB_COPILOT_TOKEN',
] as const;

/** Header names whose configured values are credentials rather than settings. */
const CREDENTIAL_HEADER = /auth|key|token|secret|cookie/i;

/** Every credential value the configuration and environments point at (unset ones skipped). */
export function knownSecrets(
  config: Pick<HostConfig, 'providers'>,
  envs: readonly NodeJS.ProcessEnv[],
  extra: readonly (string | undefined)[] = [],
): string[] {
  const names = new Set<string>(CREDENTIAL_VARIABLES);
  const values: (string | undefined)[] = [...extra];
  for (const provider of Object.values(config.providers)) {
    if (typeof provider.apiKeyEnv === 'string') names.add(provider.apiKeyEnv);
    if (typeof provider.tokenEnv === 'string') names.add(provider.tokenEnv);
    values.push(...credentialHeaders(provider.headers));
  }
  for (const env of envs) for (const name of names) values.push(env[name]);
  return [...new Set(values.filter((value): value is string => !!value))];
}

function credentialHeaders(headers: unknown): string[] {
  if (headers === null || typeof headers !== 'object') return [];
  return Object.entries(headers as Record<string, unknown>).flatMap(([name, value]) =>
    CREDENTIAL_HEADER.test(name) && typeof value === 'string' ? [value] : [],
  );
}

/** The redactor of those credentials. */
export function hostRedactor(
  config: Pick<HostConfig, 'providers'>,
  envs: readonly NodeJS.ProcessEnv[],
  extra: readonly (string | undefined)[] = [],
): Redactor {
  return secretRedactor(knownSecrets(config, envs, extra));
}
