// The plan carries the verifier identities it selected by; a verify job must verify with the
// same ones. A difference (another model through a DOG_* variable, say) would make the record
// describe a verification that did not happen, so it stops the job.
import { UserError } from '../../core/errors.js';
import { gmDigestOf, type Selection } from '../../core/select.js';
import type { VerifierRegistry } from '../ports.js';

export async function checkIdentities(
  keys: readonly string[],
  selections: ReadonlyMap<string, Selection>,
  verifiers: VerifierRegistry,
): Promise<void> {
  for (const key of keys) {
    const selection = selections.get(key);
    if (selection?.kind !== 'verify')
      throw new UserError(`the job names ${key}, which the plan does not verify`);
    const identity = await verifiers.identityOf(selection.item);
    if (
      !identity.ok ||
      gmDigestOf(selection.captureDigest, identity.identity) !== selection.gmDigest
    )
      throw new UserError(
        `the verifier of ${key} here differs from the one the plan selected (${identity.ok ? 'another identity' : identity.error.message}); plan and verify must see the same configuration and environment`,
      );
  }
}
