// Inside Actions the Copilot provider authenticates with the workflow's GITHUB_TOKEN. When the
// Copilot API refuses it (the workflow did not grant copilot-requests, or the organisation's
// policy is off), the runtime reports an authorization error on the first model call; this
// turns that into a settlement that says what to change, for every agentic goal alike.
import type { ErrorInfo, VerificationOutcome } from '../../core/types.js';
import type { VerificationRequest, Verifier } from '../../verify/types.js';

export const COPILOT_ACCESS_HELP =
  'the Copilot API refused the workflow token. Grant it in the workflow or job with "permissions: copilot-requests: write"; for an organisation repository an owner must also turn on the policy "Allow use of Copilot CLI billed to the organization". Or configure a provider with an API key in a secret instead (for example providers: {openai: {kind: openai, apiKeyEnv: OPENAI_API_KEY}} in .dog/config.yaml, the key passed to the verify steps only)';

/** The runtime's words for a refused token (HTTP 401/403 from the Copilot API). */
const REFUSAL =
  /authori[sz]ation error|unauthori[sz]ed|forbidden|\b40[13]\b|credentials may be expired or invalid/i;

export function isAccessRefusal(error: ErrorInfo | undefined): boolean {
  return (
    error !== undefined &&
    (error.category === 'provider_error' || error.category === 'no_capability') &&
    REFUSAL.test(error.message)
  );
}

/** Settles a refused token `no_capability` with COPILOT_ACCESS_HELP and the runtime's words. */
export class CopilotAccessVerifier implements Verifier {
  constructor(private readonly inner: Verifier) {}

  async verify(request: VerificationRequest): Promise<VerificationOutcome> {
    const outcome = await this.inner.verify(request);
    // A verdict the votes reached stands; only an unsettled verification is explained.
    if (outcome.verdict !== 'inconclusive' || !isAccessRefusal(outcome.error)) return outcome;
    const said = outcome.error?.message ?? '';
    return {
      ...outcome,
      error: { category: 'no_capability', message: `${COPILOT_ACCESS_HELP} (${said})` },
    };
  }
}
