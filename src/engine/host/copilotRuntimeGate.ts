// Goals on a `copilot` provider need the Copilot runtime on this machine. A front that can
// obtain one (the Action: the workflow's CLI, the tool cache, or the pinned npm package) hands
// the wiring a source; it is asked once, at the first Copilot verification, and what it cannot
// do settles those goals no_capability with its message instead of failing the run.
import type { CopilotProviderConfig } from '../../providers/copilot/index.js';
import type { Verifier } from '../../verify/types.js';
import { CopilotAccessVerifier } from './copilotAccess.js';
import { once, PreparedVerifier, type Preparation } from './preparedVerifier.js';

/** Resolves to the path of a runtime executable, or rejects with what to do (a UserError). */
export type CopilotRuntimeSource = () => Promise<string>;

/** The source, asked once; `ready` receives the path before the first verification runs. */
export function runtimePreparation(
  source: CopilotRuntimeSource,
  ready: (path: string) => void,
): Preparation {
  return once(async () => {
    try {
      ready(await source());
      return undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { category: 'no_capability', message: `no Copilot runtime: ${message}` };
    }
  });
}

/**
 * The verifier of a copilot goal: `agent`, after the runtime is prepared unless the
 * configuration names its own, with a refused token explained.
 */
export function copilotVerifier(
  provider: CopilotProviderConfig,
  agent: Verifier,
  prepare: Preparation | undefined,
): Verifier {
  const explained = new CopilotAccessVerifier(agent);
  return prepare && provider.runtimePath === undefined
    ? new PreparedVerifier(prepare, explained)
    : explained;
}
