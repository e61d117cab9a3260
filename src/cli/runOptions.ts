// The run options of a local run (`dog run`, `dog plan`): a fresh run id, the configuration's
// knobs, and the trigger of the CI (or `local`) that started the process.
import { randomBytes } from 'node:crypto';
import type { RunReport } from '../core/report/model.js';
import type { HostContext } from '../engine/host/context.js';
import type { RunOptions } from '../engine/ports.js';
import type { CliArgs } from './args.js';
import type { Io } from './io.js';

export function localRunOptions(context: HostContext, args: CliArgs, io: Io): RunOptions {
  const { config } = context;
  return {
    runId: newRunId(),
    concurrency: config.concurrency,
    fresh: args.fresh,
    allowPartialRoot: config.allowPartialRoot,
    revalidateThreshold: config.revalidateThreshold,
    timeouts: config.timeouts,
    maxEvidenceBytes: config.limits.maxEvidenceBytes,
    trigger: triggerFrom(io.env),
    signal: io.signal,
  };
}

export function newRunId(): string {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

export function triggerFrom(env: NodeJS.ProcessEnv): RunReport['trigger'] & object {
  const sha = env.GITHUB_SHA;
  const ref = env.GITHUB_REF;
  return {
    event: env.GITHUB_EVENT_NAME ?? 'local',
    ...(sha ? { sha: sha.slice(0, 64) } : {}),
    ...(ref ? { ref: ref.slice(0, 512) } : {}),
  };
}
