// Wires a host for the engine: a store, capture from the workspace, the sandbox and the
// verifiers. The CLI passes its on-disk store; the Action a runner-local one backed by the cache.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { captureAll } from '../../capture/capture.js';
import { materializeCapture, removeMaterialized } from '../../capture/materialize.js';
import type { WorkItem } from '../../core/graph/model.js';
import type { IdentityOutcome } from '../../core/select.js';
import type {
  CaptureService,
  EngineDeps,
  ProgressListener,
  VerifierRegistry,
} from '../../engine/ports.js';
import { findBwrap } from '../../sandbox/preflight.js';
import { selectSandbox } from '../../sandbox/select.js';
import type { Store } from '../../storage/types.js';
import { ProgrammaticVerifier } from '../../verify/programmatic.js';
import type { Verifier } from '../../verify/types.js';
import { AgenticWiring } from './agentic.js';
import { configuredBudget } from './budget.js';
import type { CopilotRuntimeSource } from './copilotRuntimeGate.js';
import { effectiveIsolation, type RunnerKind } from './isolation.js';
import type { HostContext } from './context.js';
import { hostRedactor } from './secrets.js';

const CAPTURE_CONCURRENCY = 4;

export type StoreOnDisk = { store: Store; root: string };

export type HostDepsOptions = {
  /** Where this host runs (default `local`); see effectiveIsolation. */
  runner?: RunnerKind;
  /** False for a step that verifies nothing (the Action's aggregate): no sandbox is set up. */
  verifies?: boolean;
  /** Credentials the front knows beyond `env` and the configuration (the Action's token input). */
  extraSecrets?: readonly (string | undefined)[];
  /** Absolute paths the front writes during a run (report files), never captured. */
  neverCapture?: readonly string[];
  /** Where copilot goals get their runtime when the configuration names none (the Action). */
  copilotRuntime?: CopilotRuntimeSource;
};

export async function hostEngineDeps(
  context: HostContext,
  { store, root }: StoreOnDisk,
  progress: ProgressListener,
  env: NodeJS.ProcessEnv,
  options: HostDepsOptions = {},
): Promise<EngineDeps> {
  const verifies = options.verifies ?? true;
  const mode = verifies
    ? effectiveIsolation({
        configured: context.config.isolation,
        companion: context.companion,
        runner: options.runner ?? 'local',
      })
    : 'none';
  const bwrapPath = findBwrap(env.PATH);
  const selected = await selectSandbox(mode, {
    bubblewrap: { settings: context.companion.sandbox, ...(bwrapPath ? { bwrapPath } : {}) },
  });
  const { sandbox, enforced } = selected;
  const note = verifies ? selected.note : 'this step runs no verification';
  // A sandbox that runs as other uids needs scratch and captures where those uids can reach.
  const sandboxWork = sandbox.workDir ? await sandbox.workDir() : undefined;
  const scratchRoot = join(sandboxWork ?? join(root, 'tmp'), 'scratch');
  const programmatic = new ProgrammaticVerifier({ sandbox, library: context.library, scratchRoot });
  const agentic = new AgenticWiring({
    config: context.config,
    env,
    sandbox,
    scratchRoot,
    gateway: context.companion.gateway,
    ...(options.copilotRuntime ? { copilotRuntime: options.copilotRuntime } : {}),
  });
  return {
    store,
    captures: workspaceCaptures(context, { store, root }, options.neverCapture ?? []),
    verifiers: localVerifiers(context, programmatic, agentic),
    progress,
    isolation: { kind: sandbox.kind, note, ...(enforced.length > 0 ? { limits: enforced } : {}) },
    redactor: hostRedactor(context.config, [env], options.extraSecrets),
    budget: configuredBudget(context.config),
    ...(sandboxWork
      ? {
          workDirs: runDirs(sandboxWork),
        }
      : {}),
  };
}

/**
 * Run directories in the sandbox's work dir, for this user alone (0700): materialized captures
 * stay out of other local accounts' reach, and each verification's slot is given its own view.
 */
function runDirs(workRoot: string): NonNullable<EngineDeps['workDirs']> {
  const made = new Map<string, string>();
  return {
    create: async (runId) => {
      await mkdir(join(workRoot, 'runs'), { recursive: true, mode: 0o700 });
      const dir = await mkdtemp(join(workRoot, 'runs', `${runId}-`));
      made.set(runId, dir);
      return dir;
    },
    remove: async (runId) => {
      const dir = made.get(runId);
      made.delete(runId);
      // Materialized captures are read-only: only root could delete them as they are.
      if (dir) await removeMaterialized(dir);
    },
  };
}

function workspaceCaptures(
  context: HostContext,
  { store, root }: StoreOnDisk,
  neverCapture: readonly string[],
): CaptureService {
  return {
    captureAll: (targets, excludes) =>
      captureAll({
        workspaceRoot: context.workspace,
        targets,
        ...(excludes ? { excludes } : {}),
        store,
        limits: { maxCaptureBytes: context.config.limits.maxCaptureBytes },
        excludeAbsPaths: [root, ...neverCapture],
        concurrency: CAPTURE_CONCURRENCY,
      }),
    materialize: async (result, destDir) => {
      const blobPath = await store.blobPath(result.capture.digest);
      if (!blobPath) throw new Error(`capture ${result.capture.digest} is missing from the store`);
      const laid = await materializeCapture({
        blobPath,
        kind: result.capture.kind,
        target: result.capture.target,
        destDir,
      });
      return { path: laid.path, kind: result.capture.kind };
    },
  };
}

function localVerifiers(
  context: HostContext,
  programmatic: Verifier,
  agentic: AgenticWiring,
): VerifierRegistry {
  return {
    async identityOf(item: WorkItem): Promise<IdentityOutcome> {
      const spec = item.verifier;
      if (spec.mode === 'agentic') return agentic.identityOf(item);
      const resolution = await context.library.resolve(spec.script);
      if (!resolution.ok) return { ok: false, error: resolution.error };
      return {
        ok: true,
        identity: {
          mode: 'programmatic',
          script: spec.script,
          scriptDigest: resolution.script.digest,
          params: spec.params ?? null,
        },
      };
    },
    verifierFor(item: WorkItem): Verifier {
      return item.verifier.mode === 'agentic' ? agentic.verifierFor(item) : programmatic;
    },
    close: () => agentic.close(),
  };
}
