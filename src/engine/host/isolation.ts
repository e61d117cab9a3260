// Which isolation mode a host runs verifications under. On a machine with companion settings
// the stricter of the machine's and the repository's choice wins: a repository cannot lower
// the machine's `bubblewrap`, and may still insist on the sandbox where the machine says
// `none`. A self-hosted runner without settings requires the sandbox unless the repository's
// configuration says `isolation: none` explicitly. Nothing falls back to unsandboxed silently.
import type { CompanionSettings } from '../../config/companion.js';
import type { IsolationMode } from '../../config/hostConfig.js';

export type IsolationContext = {
  /** From the repository's host configuration (`isolation:`). */
  configured: IsolationMode;
  companion: CompanionSettings;
  /** The Action runs on a self-hosted runner (RUNNER_ENVIRONMENT=self-hosted). */
  selfHostedRunner: boolean;
};

export function effectiveIsolation(context: IsolationContext): IsolationMode {
  if (context.companion.source !== undefined) {
    const strict =
      context.companion.isolation === 'bubblewrap' || context.configured === 'bubblewrap';
    return strict ? 'bubblewrap' : 'none';
  }
  if (context.configured === 'none') return 'none';
  return context.selfHostedRunner ? 'bubblewrap' : context.configured;
}
