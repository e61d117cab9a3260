// Which isolation mode a host runs verifications under. The repository's configuration may
// ask for less isolation only explicitly (`isolation: none`); a machine with companion settings
// or a self-hosted runner never silently falls back to running unsandboxed.
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
  if (context.configured === 'none') return 'none';
  const machineSettings = context.companion.source !== undefined;
  if (machineSettings && context.companion.isolation === 'none') return 'none';
  if (machineSettings || context.selfHostedRunner) return 'bubblewrap';
  return context.configured;
}
