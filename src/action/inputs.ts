// The Action's inputs (action.yml), parsed once and strictly: every value is checked here,
// and a wrong one stops the step with a message that says what was expected.
import { UserError } from '../core/errors.js';
import type { MatrixEntry } from '../engine/matrix/index.js';
import { parseBoolean, parseInteger } from '../config/scalars.js';

export const COMMANDS = ['run', 'plan', 'verify', 'aggregate', 'capture', 'decide'] as const;
export type ActionCommand = (typeof COMMANDS)[number];

export const TRUSTED_SOURCES = ['auto', 'workspace'] as const;
export type TrustedSourceMode = (typeof TRUSTED_SOURCES)[number];

export const MAX_WAVES_LIMIT = 16;

export const COMMENT_MODES = ['auto', 'always', 'never'] as const;

export const CODE_SCANNING_MODES = ['auto', 'never'] as const;

/** `decide` from workflow_dispatch: what the person asked, still untrusted until checked. */
export type DecideInputs = {
  pullRequest: number | undefined;
  goal: string;
  decision: string;
  reason: string;
  commentId: number | undefined;
  /** The workflow file whose pull request runs are DoG's (`.github/workflows/dog.yml`). */
  pipelineWorkflow: string;
};

export type ActionInputs = {
  command: ActionCommand;
  graph: string | undefined;
  config: string | undefined;
  workspace: string;
  trustedSource: TrustedSourceMode;
  token: string;
  matrixEntry: MatrixEntry | undefined;
  maxWaves: number;
  maxJobs: number;
  programmaticInPlan: boolean;
  capturesFromRun: number | undefined;
  concurrency: number | undefined;
  fresh: boolean;
  /** Pull requests also inherit from their own cache scope (see action.yml). */
  trustPullRequestCache: boolean;
  allowPartialRoot: boolean | undefined;
  /** The model id for the default provider inside Actions; absent: that provider's default. */
  model: string | undefined;
  /** A Copilot runtime or CLI the workflow installed: an absolute path or a name on PATH. */
  copilotCliPath: string;
  checkRun: boolean;
  checkName: string;
  headSha: string | undefined;
  retentionDays: number | undefined;
  comment: (typeof COMMENT_MODES)[number];
  /** `auto`: upload SARIF to code scanning when the token allows it; `never`: do not try. */
  codeScanning: (typeof CODE_SCANNING_MODES)[number];
  decide: DecideInputs;
};

/** Reads `INPUT_<NAME>` as the runner sets it (name upper-cased, spaces as underscores). */
export function readInput(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

export function parseInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const raw = (name: string): string => readInput(env, name);
  const optional = (name: string): string | undefined => raw(name) || undefined;
  const command = oneOf('command', raw('command') || 'run', COMMANDS);
  const inputs: ActionInputs = {
    command,
    graph: optional('graph'),
    config: optional('config'),
    workspace: raw('workspace') || '.',
    trustedSource: oneOf('trusted-source', raw('trusted-source') || 'auto', TRUSTED_SOURCES),
    token: raw('token'),
    matrixEntry: parseMatrixEntry(raw('matrix-entry')),
    maxWaves: parseInteger('input max-waves', raw('max-waves') || '3', 1, MAX_WAVES_LIMIT),
    maxJobs: parseInteger('input max-jobs', raw('max-jobs') || '256', 1, 256),
    programmaticInPlan: parseBoolean(
      'input programmatic-in-plan',
      raw('programmatic-in-plan') || 'true',
    ),
    capturesFromRun: optionalInteger('captures-from-run', raw('captures-from-run'), 1, 2 ** 53 - 1),
    concurrency: optionalInteger('concurrency', raw('concurrency'), 1, 256),
    fresh: parseBoolean('input fresh', raw('fresh') || 'false'),
    trustPullRequestCache: parseBoolean(
      'input trust-pull-request-cache',
      raw('trust-pull-request-cache') || 'false',
    ),
    allowPartialRoot: optionalBoolean('allow-partial-root', raw('allow-partial-root')),
    model: raw('model') || undefined,
    copilotCliPath: raw('copilot-cli-path'),
    checkRun: parseBoolean('input check-run', raw('check-run') || 'true'),
    checkName: checkName(raw('check-name') || 'DoG'),
    headSha: optionalSha(raw('head-sha')),
    retentionDays: optionalInteger('retention-days', raw('retention-days'), 1, 90),
    comment: oneOf('comment', raw('comment') || 'auto', COMMENT_MODES),
    codeScanning: oneOf('code-scanning', raw('code-scanning') || 'auto', CODE_SCANNING_MODES),
    decide: {
      pullRequest: optionalInteger('pull-request', raw('pull-request'), 1, 2 ** 31 - 1),
      goal: raw('goal'),
      decision: raw('decision'),
      reason: raw('reason'),
      commentId: optionalInteger('comment-id', raw('comment-id'), 1, 2 ** 53 - 1),
      pipelineWorkflow: pipelineWorkflow(raw('pipeline-workflow'), env.GITHUB_REPOSITORY),
    },
  };
  checkCombination(inputs);
  return inputs;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UserError(`input ${name}: expected one of ${allowed.join(', ')}, got "${value}"`);
}

function optionalInteger(name: string, value: string, min: number, max: number) {
  return value === '' ? undefined : parseInteger(`input ${name}`, value, min, max);
}

function optionalBoolean(name: string, value: string): boolean | undefined {
  return value === '' ? undefined : parseBoolean(`input ${name}`, value);
}

function optionalSha(value: string): string | undefined {
  if (value === '') return undefined;
  if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(value)) return value;
  throw new UserError(`input head-sha: expected a full commit SHA (40 hex digits), got "${value}"`);
}

const WORKFLOW_FILE = /^\.github\/workflows\/[A-Za-z0-9._-]+\.ya?ml$/;
export const DEFAULT_PIPELINE_WORKFLOW = '.github/workflows/dog.yml';

/**
 * A workflow file of this repository: its path, or its `github.workflow_ref`
 * (`owner/repo/.github/workflows/dog.yml@refs/heads/main`, what a called workflow passes).
 */
function pipelineWorkflow(value: string, repository: string | undefined): string {
  if (value === '') return DEFAULT_PIPELINE_WORKFLOW;
  const ref = /^([^/@\s]+\/[^/@\s]+)\/(\.github\/workflows\/[^@\s]+)@\S+$/.exec(value);
  const path = ref ? ref[2]! : value;
  if (ref && repository !== undefined && ref[1]!.toLowerCase() !== repository.toLowerCase())
    throw new UserError(
      `input pipeline-workflow: expected a workflow of this repository (${repository}), got one of ${ref[1]}`,
    );
  if (WORKFLOW_FILE.test(path)) return path;
  throw new UserError(
    `input pipeline-workflow: expected the path of the workflow file that runs DoG on pull requests, like ${DEFAULT_PIPELINE_WORKFLOW} (or its github.workflow_ref), got "${value}"`,
  );
}

function checkName(value: string): string {
  if (value.length <= 100 && !/[\r\n]/.test(value)) return value;
  throw new UserError('input check-name: expected one line of at most 100 characters');
}

/** `${{ toJSON(matrix) }}` of a plan wave: `{job, wave, shard, keys?}`. */
function parseMatrixEntry(text: string): MatrixEntry | undefined {
  if (text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UserError('input matrix-entry: expected JSON, pass ${{ toJSON(matrix) }}');
  }
  if (!isMatrixEntry(value))
    throw new UserError(
      'input matrix-entry: expected {"job","wave","shard","keys"?} from the plan step\'s matrix output; pass ${{ toJSON(matrix) }}',
    );
  return value;
}

function isMatrixEntry(value: unknown): value is MatrixEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entry = value as Record<string, unknown>;
  const extra = Object.keys(entry).filter((k) => !['job', 'wave', 'shard', 'keys'].includes(k));
  return (
    extra.length === 0 &&
    typeof entry.job === 'string' &&
    Number.isInteger(entry.wave) &&
    (entry.wave as number) >= 1 &&
    Number.isInteger(entry.shard) &&
    (entry.shard as number) >= 1 &&
    (entry.keys === undefined ||
      (Array.isArray(entry.keys) && entry.keys.every((k) => typeof k === 'string')))
  );
}

function checkCombination(inputs: ActionInputs): void {
  if (inputs.command === 'verify' && !inputs.matrixEntry)
    throw new UserError(
      'input matrix-entry is required for command verify: pass matrix-entry: ${{ toJSON(matrix) }}',
    );
  if (inputs.command !== 'verify' && inputs.matrixEntry)
    throw new UserError(`input matrix-entry is only used by command verify, not ${inputs.command}`);
  if (inputs.capturesFromRun !== undefined && inputs.command !== 'plan')
    throw new UserError(
      `input captures-from-run is only used by command plan, not ${inputs.command}`,
    );
}
