// Which isolation mode a host runs verifications under.
// - A machine with companion settings: the stricter of the machine's and the repository's
//   choice wins; a repository cannot lower the machine's `bubblewrap`, and may still insist
//   on the sandbox where the machine says `none`.
// - A self-hosted runner without settings: always the sandbox. Only the machine's settings can
//   switch it off; the repository's `isolation: none` does not.
// - A GitHub-hosted runner: `auto` means `bubblewrap`. The fresh virtual machine is no boundary
//   between a verification and the job's own secrets, so running unsandboxed there takes the
//   repository's explicit `isolation: none`.
// - Anywhere else (a local `dog run`): the repository's configuration.
// Nothing falls back to unsandboxed silently.
import type { CompanionSettings } from '../../config/companion.js';
import type { IsolationMode } from '../../config/hostConfig.js';

/** Where a host runs: outside Actions, or on which kind of Actions runner. */
export type RunnerKind = 'local' | 'github-hosted' | 'self-hosted';

export type IsolationContext = {
  /** From the repository's host configuration (`isolation:`). */
  configured: IsolationMode;
  companion: CompanionSettings;
  runner: RunnerKind;
};

export function effectiveIsolation(context: IsolationContext): IsolationMode {
  if (context.companion.source !== undefined) {
    const strict =
      context.companion.isolation === 'bubblewrap' || context.configured === 'bubblewrap';
    return strict ? 'bubblewrap' : 'none';
  }
  switch (context.runner) {
    case 'self-hosted':
      return 'bubblewrap';
    case 'github-hosted':
      return context.configured === 'none' ? 'none' : 'bubblewrap';
    case 'local':
      return context.configured;
  }
}

/**
 * The runner kind of an Actions job from RUNNER_ENVIRONMENT. A runner that does not say
 * (older runners, GitHub Enterprise Server) is not known to be disposable: self-hosted.
 */
export function runnerKindOf(env: NodeJS.ProcessEnv): RunnerKind {
  return env.RUNNER_ENVIRONMENT === 'github-hosted' ? 'github-hosted' : 'self-hosted';
}
