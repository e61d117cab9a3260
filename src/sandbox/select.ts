import { UserError } from '../core/errors.js';
import type { BubblewrapOptions } from './bubblewrap.js';
import type { EnforcedLimit } from './enforcement.js';
import type { ResourceLimits } from './limits.js';
import { NoIsolationSandbox } from './none.js';
import { preparedBubblewrap } from './preflight.js';
import type { Sandbox } from './types.js';

export type IsolationMode = 'auto' | 'bubblewrap' | 'none';

export type SelectOptions = {
  /** Options for the bubblewrap sandbox (and its preflight). */
  bubblewrap?: BubblewrapOptions;
  /** Limits for the no-isolation sandbox; `null` disables them. */
  limits?: ResourceLimits | null;
};

export type SandboxSelection = {
  sandbox: Sandbox;
  /** One sentence for the user about the isolation in force and, if degraded, how to fix it. */
  note: string;
  /** The limits each verification gets (empty without isolation). */
  enforced: EnforcedLimit[];
};

export const HOW_TO_FIX =
  'Run "dog companion doctor" to see what is missing and "sudo dog companion install" to set ' +
  'it up. By hand: install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap). On Ubuntu ' +
  '23.10+ and 24.04 (including GitHub ubuntu-24.04 runners) AppArmor also blocks the user ' +
  'namespaces it needs ("setting up uid map: Permission denied"): add an AppArmor profile for ' +
  'bwrap or run sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0.';

/** One line naming the limits that are and are not enforced. */
export function enforcementNote(enforced: readonly EnforcedLimit[]): string {
  const off = enforced.filter((limit) => !limit.enforced).map((limit) => limit.name);
  return off.length === 0 ? 'all limits enforced' : `not enforced here: ${off.join(', ')}`;
}

/**
 * Chooses how verifications are isolated. `auto` uses bubblewrap when its preflight passes and,
 * when bubblewrap itself cannot run here, runs without isolation, saying why; `bubblewrap`
 * insists (fails closed); `none` is explicit. A work root that is unsafe or unusable is an
 * error under `auto` and `bubblewrap` alike (`none` does not use it).
 */
export async function selectSandbox(
  mode: IsolationMode,
  options: SelectOptions = {},
): Promise<SandboxSelection> {
  if (mode === 'none') {
    return {
      sandbox: new NoIsolationSandbox({ limits: options.limits }),
      note: 'isolation disabled by configuration (isolation: none): verifications run unsandboxed on this host',
      enforced: [],
    };
  }
  const { sandbox, preflight } = await preparedBubblewrap(options.bubblewrap);
  if (preflight.ok) {
    const note = `isolation: bubblewrap ${preflight.version ?? ''} (${sandbox.bwrapPath}); ${enforcementNote(preflight.enforced)}`;
    return { sandbox, note, enforced: preflight.enforced };
  }
  const reason = preflight.reason ?? 'unknown';
  // Another local account can plant the work root; that must never switch the sandbox off.
  if (preflight.failure === 'work_root') {
    throw new UserError(
      `the sandbox cannot be set up safely (${reason}). Verifications do not run without it ` +
        'unless isolation: none is set explicitly.',
      [{ pointer: '/isolation', message: `sandbox work root unusable: ${reason}` }],
    );
  }
  if (mode === 'bubblewrap') {
    throw new UserError(
      `isolation: bubblewrap was requested but the sandbox cannot be provided here (${reason}). ${HOW_TO_FIX} Only an explicit isolation: none runs verifications without it.`,
      [{ pointer: '/isolation', message: `bubblewrap unavailable: ${reason}` }],
    );
  }
  return {
    sandbox: new NoIsolationSandbox({ limits: options.limits }),
    note:
      `bubblewrap is not usable here (${reason}), so verifications run WITHOUT ` +
      `isolation. ${HOW_TO_FIX} Set isolation: none to choose this explicitly.`,
    enforced: [],
  };
}
