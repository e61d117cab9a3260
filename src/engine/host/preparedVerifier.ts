// A verifier that needs something set up once before its first verification (the Copilot
// runtime on a runner, say): the set-up runs on first use only, so a run whose goals never
// reach this verifier never pays for it, and a set-up that fails settles each of its
// verifications inconclusive with the reason instead of failing the run.
import type { ErrorInfo, VerificationOutcome } from '../../core/types.js';
import type { VerificationRequest, Verifier } from '../../verify/types.js';
import { UnavailableVerifier } from '../../verify/agentic/unavailable.js';

/** Sets up once; resolves to why the verifier cannot run here, or undefined when it can. */
export type Preparation = () => Promise<ErrorInfo | undefined>;

/** `prepare` at most once, shared by every caller, whatever it resolves to. */
export function once(prepare: Preparation): Preparation {
  let result: Promise<ErrorInfo | undefined> | undefined;
  return () => (result ??= prepare());
}

export class PreparedVerifier implements Verifier {
  constructor(
    private readonly prepare: Preparation,
    private readonly inner: Verifier,
  ) {}

  async verify(request: VerificationRequest): Promise<VerificationOutcome> {
    const problem = await this.prepare();
    if (problem) return new UnavailableVerifier(problem).verify();
    return this.inner.verify(request);
  }
}
