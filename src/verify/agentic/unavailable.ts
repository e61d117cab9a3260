// A verifier for goals whose model cannot be reached here (a missing API key, say): it
// settles each verification inconclusive with the reason, without starting anything.
import type { ErrorInfo, VerificationOutcome } from '../../core/types.js';
import type { Verifier } from '../types.js';
import { sumUsage } from './votes.js';

export class UnavailableVerifier implements Verifier {
  constructor(private readonly reason: ErrorInfo) {}

  verify(): Promise<VerificationOutcome> {
    return Promise.resolve({
      verdict: 'inconclusive',
      evidence: null,
      error: this.reason,
      usage: sumUsage([], 0),
      attempts: 1,
      isolation: 'none',
    });
  }
}
