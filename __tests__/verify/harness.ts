import { join } from 'node:path';
import type { CaptureKind } from '../../src/capture/types.js';
import type { JsonValue, VerificationOutcome } from '../../src/core/types.js';
import type { Sandbox } from '../../src/sandbox/types.js';
import { ProgrammaticVerifier } from '../../src/verify/programmatic.js';
import { ScriptLibrary } from '../../src/verify/scriptLibrary.js';
import type { VerificationRequest } from '../../src/verify/types.js';

export const ZERO_DIGEST = `sha256:${'0'.repeat(64)}` as const;

export type RunOptions = {
  sandbox: Sandbox;
  capturePath: string;
  captureKind: CaptureKind;
  script: string;
  params?: JsonValue;
  libraryDir?: string;
  scratchRoot: string;
  timeoutMs?: number;
  maxEvidenceBytes?: number;
  signal?: AbortSignal;
};

export function requestFor(options: RunOptions): VerificationRequest {
  return {
    goalId: 'goal',
    runId: 'run',
    captureDigest: ZERO_DIGEST,
    capturePath: options.capturePath,
    captureKind: options.captureKind,
    verifier:
      options.params === undefined
        ? { mode: 'programmatic', script: options.script }
        : { mode: 'programmatic', script: options.script, params: options.params },
    timeoutMs: options.timeoutMs ?? 20_000,
    maxEvidenceBytes: options.maxEvidenceBytes ?? 65_536,
    signal: options.signal ?? new AbortController().signal,
  };
}

export function verify(options: RunOptions): Promise<VerificationOutcome> {
  const verifier = new ProgrammaticVerifier({
    sandbox: options.sandbox,
    library: new ScriptLibrary(
      options.libraryDir === undefined ? {} : { libraryDir: options.libraryDir },
    ),
    scratchRoot: options.scratchRoot,
  });
  return verifier.verify(requestFor(options));
}

export function scratchRootIn(dir: string): string {
  return join(dir, 'scratch-root');
}
