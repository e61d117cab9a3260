// Model endpoints that no longer exist: a configuration that names one is refused at load
// time with what to use instead, rather than failing every agentic goal at run time.
import type { Problem } from '../core/errors.js';

const GITHUB_MODELS_HOST = 'models.github.ai';

export const GITHUB_MODELS_RETIRED =
  'GitHub Models (models.github.ai) was retired on 2026-07-30 and no longer answers. ' +
  'Use GitHub Copilot instead — providers: {gh: {kind: copilot}} and a model alias on it, ' +
  'with "permissions: copilot-requests: write" in the workflow — or a provider with an API ' +
  'key (kind: openai or anthropic, apiKeyEnv naming a secret).';

/** One problem per provider whose baseUrl points at a retired endpoint. */
export function retiredEndpointProblems(
  providers: Record<string, Record<string, unknown>> | undefined,
): Problem[] {
  const problems: Problem[] = [];
  for (const [name, provider] of Object.entries(providers ?? {})) {
    const baseUrl = provider.baseUrl;
    if (typeof baseUrl === 'string' && isGitHubModels(baseUrl))
      problems.push({ pointer: `/providers/${name}/baseUrl`, message: GITHUB_MODELS_RETIRED });
  }
  return problems;
}

/** models.github.ai or a host under it, with any scheme, case, port or path. */
function isGitHubModels(baseUrl: string): boolean {
  const host = hostOf(baseUrl.trim());
  if (host === undefined) return false;
  const name = host.replace(/\.$/, '');
  return name === GITHUB_MODELS_HOST || name.endsWith(`.${GITHUB_MODELS_HOST}`);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
