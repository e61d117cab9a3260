// How the verifications of a distributed run were isolated, from their records: aggregate
// verifies nothing itself, and each job's record says where it ran.
import type { IsolationInfo, VerificationRecord } from '../../core/types.js';

export const UNSANDBOXED = 'verifications ran without a sandbox';

export function runIsolation(
  records: Iterable<VerificationRecord>,
  unsandboxedNote: string = UNSANDBOXED,
): IsolationInfo {
  const ran = [...records].filter((record) => record.attempts > 0);
  const unsandboxed = ran.filter((record) => record.isolation !== 'bubblewrap').length;
  if (ran.length === 0) return { kind: 'none', note: 'no verification ran in this run' };
  if (unsandboxed === 0)
    return {
      kind: 'bubblewrap',
      note: 'every verification of this run ran in the bubblewrap sandbox',
    };
  return { kind: 'none', note: `${unsandboxed} of ${ran.length} ${unsandboxedNote}` };
}
