import { UserError } from '../core/errors.js';
import { BubblewrapSandbox, type BubblewrapOptions } from './bubblewrap.js';
import type { ResourceLimits } from './limits.js';
import { NoIsolationSandbox } from './none.js';
import { preflightBubblewrap } from './preflight.js';
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
};

const HOW_TO_FIX =
  'Install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap). On Ubuntu 23.10+ and ' +
  '24.04 (including GitHub ubuntu-24.04 runners) AppArmor also blocks the user namespaces ' +
  'it needs ("setting up uid map: Permission denied"): add an AppArmor profile for bwrap or ' +
  'run sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0.';

/**
 * Chooses how verifications are isolated. `auto` uses bubblewrap when its preflight passes and
 * otherwise runs without isolation, saying why; `bubblewrap` insists; `none` is explicit.
 */
export async function selectSandbox(
  mode: IsolationMode,
  options: SelectOptions = {},
): Promise<SandboxSelection> {
  if (mode === 'none') {
    return {
      sandbox: new NoIsolationSandbox({ limits: options.limits }),
      note: 'isolation disabled by configuration (isolation: none): verifications run unsandboxed on this host',
    };
  }
  const preflight = await preflightBubblewrap(options.bubblewrap);
  if (preflight.ok) {
    const sandbox = new BubblewrapSandbox({
      ...options.bubblewrap,
      bwrapPath: preflight.bwrapPath,
    });
    return { sandbox, note: `isolation: bubblewrap (${preflight.bwrapPath})` };
  }
  if (mode === 'bubblewrap') {
    throw new UserError(
      `isolation: bubblewrap was requested but bubblewrap cannot run here (${preflight.reason}). ${HOW_TO_FIX}`,
      [{ pointer: '/isolation', message: `bubblewrap unavailable: ${preflight.reason}` }],
    );
  }
  return {
    sandbox: new NoIsolationSandbox({ limits: options.limits }),
    note:
      `bubblewrap is not usable here (${preflight.reason}), so verifications run WITHOUT ` +
      `isolation. ${HOW_TO_FIX} Set isolation: none to choose this explicitly.`,
  };
}
