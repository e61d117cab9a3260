// An external agent program (`providers.<name>: {kind: exec, command, env}`) as a verifier: run
// in the sandbox in a fresh scratch with the capture read-only, told its task through DOG_*
// variables, given exactly the environment the configuration lists, and judged by the file it
// writes to DOG_OUTPUT. Nothing from the graph or the capture is put on its command line.
import { accessSync, constants, statSync } from 'node:fs';
import { isAbsolute, join, posix } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ErrorInfo, Usage, VerificationOutcome } from '../../core/types.js';
import type { ReadOnlyBind, Sandbox, SandboxResult, SandboxSpec } from '../../sandbox/types.js';
import { checkJudgeText, readJudgeFile } from '../judgeOutput.js';
import { createScratch, removeScratch } from '../scratch.js';
import { fault, processFault, type Judged } from '../scriptRun.js';
import type { VerificationRequest, Verifier } from '../types.js';
import { RunBudget, VerificationMeter, type VerificationBudget } from './budget.js';
import { FORWARDER_SCRIPT_PATH, forwarderArgv } from '../../gateway/gateway.js';
import type { GatewayUsage } from '../../gateway/server.js';
import {
  GATEWAY_MOUNT,
  GATEWAY_SOCKET,
  gatewayUsage,
  startExecGateway,
  type ExecGatewayConfig,
  type RunningGateway,
} from './execGateway.js';
import { digestMismatch } from './submission.js';
import { execAuditTrail, execVoteAudit } from './execAudit.js';
import { combineVotes, runVotes, sumUsage, type VoteResult } from './votes.js';

export type ExecAgentConfig = {
  /** The provider's name in the host configuration, for messages. */
  name: string;
  /** argv: an absolute program path or a bare name looked up in PATH, then fixed arguments. */
  command: readonly string[];
  /** The agent's extra environment, exactly as configured (values are passed literally). */
  env?: Readonly<Record<string, string>>;
};

type Attempt = { judged: Judged; used?: GatewayUsage };
type Launch = {
  argv: string[];
  readOnlyPaths: string[];
  binds: ReadOnlyBind[];
  grantAccess?: SandboxSpec['grantAccess'];
};

export type ExecAgentVerifierOptions = {
  sandbox: Sandbox;
  /** The model the agent may use, only through the gateway; without it the agent has none. */
  gateway?: ExecGatewayConfig;
  /** Host directory under which each run gets its own fresh scratch directory. */
  scratchRoot: string;
  agent: ExecAgentConfig;
  /** When given and spent, verifications settle `budget_exhausted` without starting. */
  runBudget?: RunBudget;
  /** Each vote's budget for its model calls, which the gateway admits and charges. */
  budget?: VerificationBudget;
};

const JUDGE_FILE = 'judge.json';
const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';
const MAX_OUTPUT_BYTES = 256 * 1024;

function isExecutableFile(path: string): boolean {
  try {
    const stat = statSync(path);
    if (!stat.isFile() || (stat.mode & 0o111) === 0) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The program's absolute host path, or why the command cannot be used. */
export function resolveProgram(
  program: string,
  pathList: string,
): { path: string } | { error: string } {
  if (isAbsolute(program)) {
    return isExecutableFile(program)
      ? { path: program }
      : { error: `${program} is not an executable file` };
  }
  if (program.includes('/'))
    return { error: `${program} must be an absolute path or a bare program name` };
  for (const dir of pathList.split(':')) {
    if (!isAbsolute(dir)) continue;
    const candidate = join(dir, program);
    if (isExecutableFile(candidate)) return { path: candidate };
  }
  return { error: `${program} was not found in PATH (${pathList})` };
}

export class ExecAgentVerifier implements Verifier {
  /** Without one given, the runs of this verifier share an unlimited budget (shares still cap). */
  private readonly runBudget: RunBudget;

  constructor(private readonly options: ExecAgentVerifierOptions) {
    this.runBudget = options.runBudget ?? new RunBudget();
  }

  async verify(request: VerificationRequest): Promise<VerificationOutcome> {
    const started = performance.now();
    const spec = request.verifier;
    const runBudget = this.runBudget.within(request.runBudget);
    const early = this.precheck(request, runBudget);
    if (early || spec.mode !== 'agentic') {
      const error = early ?? { category: 'internal' as const, message: 'not an agentic verifier' };
      return this.outcome(started, { verdict: 'inconclusive', evidence: null, error });
    }
    const count = spec.votes ?? 1;
    const vote = (index: number) => this.vote(request, spec.instruction, index, runBudget);
    const results = await runVotes(vote, {
      votes: count,
      runBudget,
      signal: request.signal,
    });
    const audit = execAuditTrail(spec, this.options.agent.name, this.options.gateway, results);
    if (count === 1 && results[0]) return { ...this.outcome(started, results[0]), audit };
    const combined = combineVotes(results, Math.round(performance.now() - started));
    return {
      audit,
      verdict: combined.verdict,
      evidence: combined.evidence,
      ...(combined.error ? { error: combined.error } : {}),
      usage: combined.usage,
      attempts: 1,
      isolation: this.options.sandbox.kind,
      votes: combined.votes,
    };
  }

  private precheck(request: VerificationRequest, runBudget: RunBudget): ErrorInfo | undefined {
    if (request.signal.aborted)
      return { category: 'cancelled', message: 'cancelled before the agent started' };
    const spent = runBudget.exhausted();
    if (spent) return { category: 'budget_exhausted', message: `not started: ${spent}` };
    return undefined;
  }

  private outcome(started: number, judged: Judged & { usage?: Usage }): VerificationOutcome {
    const durationMs = Math.round(performance.now() - started);
    return {
      verdict: judged.verdict,
      evidence: judged.evidence,
      ...(judged.error ? { error: judged.error } : {}),
      usage: judged.usage ? { ...judged.usage, durationMs } : sumUsage([], durationMs),
      attempts: 1,
      isolation: this.options.sandbox.kind,
    };
  }

  private async vote(
    request: VerificationRequest,
    instruction: string,
    _index: number,
    runBudget: RunBudget,
  ): Promise<VoteResult> {
    const started = performance.now();
    let attempt: Attempt;
    try {
      attempt = await this.attempt(request, instruction, runBudget);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      attempt = { judged: fault('internal', `the exec agent could not be run: ${message}`) };
    }
    const durationMs = Math.round(performance.now() - started);
    const usage = attempt.used
      ? gatewayUsage(attempt.used, durationMs, this.options.gateway?.price)
      : sumUsage([], durationMs);
    return { ...attempt.judged, usage, audit: execVoteAudit(attempt.judged.verdict, attempt.used) };
  }

  private async attempt(
    request: VerificationRequest,
    instruction: string,
    runBudget: RunBudget,
  ): Promise<Attempt> {
    const { agent } = this.options;
    const [program, ...args] = agent.command;
    if (program === undefined)
      return { judged: fault('no_capability', `provider "${agent.name}" has an empty command`) };
    const resolved = resolveProgram(program, agent.env?.PATH ?? DEFAULT_PATH);
    if ('error' in resolved)
      return { judged: fault('no_capability', `provider "${agent.name}": ${resolved.error}`) };
    const scratch = await createScratch(this.options.scratchRoot);
    // The gateway's socket lives where every sandbox uid can reach it (the sandbox's work dir).
    const gatewayHolder = (await this.options.sandbox.workDir?.()) ?? scratch;
    const gateway = this.options.gateway
      ? await startExecGateway(gatewayHolder, this.options.gateway, this.meter(runBudget))
      : undefined;
    try {
      const launch = this.launch([resolved.path, ...args], gateway);
      const result = await this.run(request, instruction, launch, scratch);
      const judged =
        'verdict' in result ? result : await this.judge(result, request, join(scratch, JUDGE_FILE));
      // A verdict reached over budget, or without the calls refused for it, does not stand.
      const breach = gateway?.budgetBreach();
      const name = `exec agent "${agent.name}"`;
      const settled = breach ? fault('budget_exhausted', `${name}: ${breach}`) : judged;
      return { judged: settled, ...(gateway ? { used: gateway.usage() } : {}) };
    } finally {
      await gateway?.close();
      await removeScratch(scratch);
    }
  }

  private meter(runBudget: RunBudget): VerificationMeter {
    return new VerificationMeter(this.options.budget ?? {}, runBudget);
  }

  /** The agent's argv, behind the gateway forwarder when the agent may use a model. */
  private launch(agentArgv: string[], gateway: RunningGateway | undefined): Launch {
    const visible = (path: string): string[] => (path.startsWith('/usr/') ? [] : [path]);
    const program = agentArgv[0] as string;
    const config = this.options.gateway;
    if (!gateway || !config) return { argv: agentArgv, readOnlyPaths: visible(program), binds: [] };
    // Inside a sandbox the gateway directory is mounted at a fixed place; without one it is where it is.
    const mounted = this.options.sandbox.kind === 'bubblewrap';
    const socketDir = mounted ? GATEWAY_MOUNT : gateway.dir;
    return {
      argv: forwarderArgv(config.nodePath, posix.join(socketDir, GATEWAY_SOCKET), agentArgv),
      readOnlyPaths: [...visible(program), ...visible(config.nodePath), FORWARDER_SCRIPT_PATH],
      binds: mounted ? [{ source: gateway.dir, dest: GATEWAY_MOUNT }] : [],
      grantAccess: (identity) => gateway.grant(identity),
    };
  }

  /** Exactly the configured environment, plus the sandbox basics and the DOG_* contract. */
  private environment(
    request: VerificationRequest,
    instruction: string,
    scratch: string,
  ): Record<string, string> {
    const view = this.options.sandbox.view({
      capturePath: request.capturePath,
      captureKind: request.captureKind,
      scratchDir: scratch,
    });
    return {
      PATH: DEFAULT_PATH,
      LANG: 'C.UTF-8',
      ...this.options.agent.env,
      HOME: view.scratchDir,
      TMPDIR: view.tmpDir,
      DOG_INSTRUCTION: instruction,
      DOG_TARGET: view.capturePath,
      DOG_OUTPUT: posix.join(view.scratchDir, JUDGE_FILE),
      DOG_CAPTURE_DIGEST: request.captureDigest,
    };
  }

  private async run(
    request: VerificationRequest,
    instruction: string,
    launch: Launch,
    scratch: string,
  ): Promise<SandboxResult | Judged> {
    try {
      return await this.options.sandbox.run({
        argv: launch.argv,
        capturePath: request.capturePath,
        captureKind: request.captureKind,
        scratchDir: scratch,
        // /usr is visible in every sandbox; a program elsewhere is mounted read-only by itself.
        readOnlyPaths: launch.readOnlyPaths,
        readOnlyBinds: launch.binds,
        ...(launch.grantAccess ? { grantAccess: launch.grantAccess } : {}),
        outputFiles: [JUDGE_FILE],
        env: this.environment(request, instruction, scratch),
        timeoutMs: request.timeoutMs,
        maxOutputBytes: MAX_OUTPUT_BYTES,
        signal: request.signal,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return fault('sandbox_unavailable', `the sandbox could not start the agent: ${message}`);
    }
  }

  private async judge(
    result: SandboxResult,
    request: VerificationRequest,
    judgePath: string,
  ): Promise<Judged> {
    const name = `exec agent "${this.options.agent.name}"`;
    const ended = processFault(result, name, request.timeoutMs);
    if (ended) return ended;
    const bound = request.maxEvidenceBytes * 4 + 64 * 1024;
    const file = await readJudgeFile(judgePath, bound);
    if (file.kind === 'too_large')
      return fault(
        'evidence_too_large',
        `${name} wrote a ${file.bytes}-byte judge file; at most ${bound} are read`,
      );
    if (file.kind === 'not_regular')
      return fault('malformed_output', `${name}: DOG_OUTPUT is not a regular file`);
    if (file.kind === 'absent' || file.text.trim() === '') {
      return fault('malformed_output', `${name} wrote no judge output to DOG_OUTPUT`);
    }
    const checked = checkJudgeText(file.text, request.maxEvidenceBytes, `${name} (DOG_OUTPUT)`);
    if (!checked.ok) return { verdict: 'inconclusive', evidence: null, error: checked.error };
    const mismatch = digestMismatch(checked.output.evidence, request.captureDigest);
    if (mismatch) return { verdict: 'inconclusive', evidence: null, error: mismatch };
    return { verdict: checked.output.verdict, evidence: checked.output.evidence };
  }
}
