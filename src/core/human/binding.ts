// What a human record is bound to. A goal with a resolved verifier identity binds to its GM
// digest (capture + verifier identity), so a decision drops when the bytes or the verifier
// change. A goal whose identity could not be resolved (`no_capability`: no model provider
// here) has no GM digest; its decision binds to the capture digest and the verifier as the
// graph specifies it, so it still drops when the bytes or the graph's verifier change.
import { digestOfJson } from '../digest.js';
import type { DecisionBinding, Digest, JsonValue, VerifierSpec } from '../types.js';

export function specDigestOf(captureDigest: Digest, spec: VerifierSpec): Digest {
  return digestOfJson({
    decisionBinding: 'spec',
    captureDigest,
    verifierSpec: spec as unknown as JsonValue,
  });
}

/** The binding a decision about a goal needs: its GM digest, or else its spec digest. */
export type BindingDigests = { gmDigest?: Digest; specDigest?: Digest };

export function bindingOf(
  digests: BindingDigests,
): { digest: Digest; verifier: DecisionBinding } | undefined {
  if (digests.gmDigest)
    return { digest: digests.gmDigest, verifier: { mode: 'human', binds: 'gm' } };
  if (digests.specDigest)
    return { digest: digests.specDigest, verifier: { mode: 'human', binds: 'spec' } };
  return undefined;
}
