import { join, posix } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EvidenceLocation, JsonValue, VerificationOutcome } from '../core/types.js';
import type { Sandbox, SandboxResult } from '../sandbox/types.js';
import { createScratch, removeScratch } from './scratch.js';
import type { ResolvedScript, ScriptLibrary } from './scriptLibrary.js';
import { scriptLocations } from './scriptLocations.js';
import { fault, judgeScriptRun, type Judged } from './scriptRun.js';
import type { VerificationRequest, Verifier } from './types.js';

export type ProgrammaticVerifierOptions = {
  sandbox: Sandbox;
  library: ScriptLibrary;
  /** Host directory under which each verification gets its own fresh scratch directory. */
  scratchRoot: string;
};

const JUDGE_FILE = 'judge.json';
const SCRIPT_PATH = '/usr/bin:/bin';
const SCRIPT_LANG = 'C.UTF-8';

// Room for the judge envelope and for pretty-printed evidence around the canonical limit.
function judgeBound(maxEvidenceBytes: number): number {
  return maxEvidenceBytes * 4 + 64 * 1024;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs a trusted script from the host library against a capture, in a fresh scratch inside the
 * sandbox, and settles its judge output. Faults of any kind settle `inconclusive` with an error
 * category; nothing but a clean exit with schema-valid, non-empty, bounded evidence is a verdict.
 */
export class ProgrammaticVerifier implements Verifier {
  constructor(private readonly options: ProgrammaticVerifierOptions) {}

  async verify(request: VerificationRequest): Promise<VerificationOutcome> {
    const started = performance.now();
    let judged: Judged & { locations?: EvidenceLocation[] };
    try {
      judged = await this.attempt(request);
    } catch (error) {
      judged = fault(
        'internal',
        `programmatic verification failed unexpectedly: ${messageOf(error)}`,
      );
    }
    return {
      ...judged,
      usage: { durationMs: Math.round(performance.now() - started), tokens: 0, costUsd: 0 },
      attempts: 1,
      isolation: this.options.sandbox.kind,
    };
  }

  private async attempt(
    request: VerificationRequest,
  ): Promise<Judged & { locations?: EvidenceLocation[] }> {
    const spec = request.verifier;
    if (spec.mode !== 'programmatic') {
      return fault('internal', `the programmatic verifier was given a ${spec.mode} verifier`);
    }
    if (request.signal.aborted) return fault('cancelled', 'cancelled before the script started');
    const resolution = await this.options.library.resolve(spec.script);
    if (!resolution.ok) return { verdict: 'inconclusive', evidence: null, error: resolution.error };
    const scratch = await createScratch(this.options.scratchRoot);
    try {
      return await this.runIn(scratch, resolution.script, request, spec.params ?? null);
    } finally {
      await removeScratch(scratch);
    }
  }

  private async runIn(
    scratch: string,
    script: ResolvedScript,
    request: VerificationRequest,
    params: JsonValue,
  ): Promise<Judged & { locations?: EvidenceLocation[] }> {
    const { sandbox } = this.options;
    const view = sandbox.view({
      capturePath: request.capturePath,
      captureKind: request.captureKind,
      scratchDir: scratch,
    });
    const bound = judgeBound(request.maxEvidenceBytes);
    let result: SandboxResult;
    try {
      result = await sandbox.run({
        argv: script.argv,
        capturePath: request.capturePath,
        captureKind: request.captureKind,
        scratchDir: scratch,
        readOnlyPaths: script.readOnlyPaths,
        outputFiles: [JUDGE_FILE],
        env: {
          PATH: SCRIPT_PATH,
          HOME: view.scratchDir,
          LANG: SCRIPT_LANG,
          TMPDIR: view.tmpDir,
          DOG_TARGET: view.capturePath,
          DOG_PARAMS: JSON.stringify(params),
          DOG_OUTPUT: posix.join(view.scratchDir, JUDGE_FILE),
        },
        timeoutMs: request.timeoutMs,
        maxOutputBytes: bound,
        signal: request.signal,
      });
    } catch (error) {
      return fault(
        'sandbox_unavailable',
        `the sandbox could not start the script: ${messageOf(error)}`,
      );
    }
    const judged = await judgeScriptRun(result, {
      scriptName: script.name,
      judgeFilePath: join(scratch, JUDGE_FILE),
      judgeBytes: bound,
      maxEvidenceBytes: request.maxEvidenceBytes,
      timeoutMs: request.timeoutMs,
    });
    const { capturePath, captureKind } = request;
    const seen = { capturePath, captureKind, viewPath: view.capturePath };
    const locations = await scriptLocations(judged.evidence, seen);
    return locations.length > 0 ? { ...judged, locations } : judged;
  }
}
