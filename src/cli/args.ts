// One strict parser for the command line: unknown flags and bad values are usage errors
// that say what was expected.
import { parseArgs } from 'node:util';
import { UserError } from '../core/errors.js';
import { parseInteger } from '../config/scalars.js';
import { decideArgs, parseRetry, type DecideArgs } from './decideArgs.js';
import { phaseArgsOf, PHASE_USAGE, type PhaseArgs } from './phaseArgs.js';
import { quoteInput } from './quoteInput.js';

export type Command =
  | 'run'
  | 'validate'
  | 'status'
  | 'init'
  | 'gc'
  | 'graph'
  | 'companion'
  | 'plan'
  | 'verify'
  | 'aggregate'
  | 'decide'
  | 'verify-report'
  | 'help'
  | 'version';

export type CompanionAction = 'doctor' | 'install' | 'settings';
const COMPANION_ACTIONS: readonly CompanionAction[] = ['doctor', 'install', 'settings'];

const COMMANDS: readonly Command[] = [
  'run',
  'validate',
  'status',
  'init',
  'gc',
  'graph',
  'companion',
  'plan',
  'verify',
  'aggregate',
  'decide',
  'verify-report',
  'help',
  'version',
];

export type CliArgs = {
  command: Command;
  positional?: string;
  graph?: string;
  /** As given; commands choose the workspace (src/cli/workspace.ts). */
  workspace?: string;
  store?: string;
  config?: string;
  concurrency?: number;
  report?: string;
  html?: string;
  /** A SARIF 2.1.0 file for code scanning. */
  sarif?: string;
  fresh: boolean;
  json: boolean;
  format?: 'mermaid' | 'dot' | 'json';
  /** dog graph: colour by this run's states (a run id or "latest"). */
  run?: string;
  direction?: 'LR' | 'TB';
  companion?: CompanionAction;
  dryRun?: boolean;
  list?: boolean;
  force?: boolean;
  keepRuns?: number;
  maxBytes?: number;
  /** dog plan | verify | aggregate: the exchange and the shard. */
  phase?: PhaseArgs;
  /** dog run --retry: goal keys, `failed` or `needs-human`, as given (comma lists split). */
  retry?: string[];
  /** dog decide approve|reject GOAL --reason TEXT [--by NAME]. */
  decide?: DecideArgs;
};

const OPTIONS = {
  graph: { type: 'string' },
  workspace: { type: 'string' },
  store: { type: 'string' },
  config: { type: 'string' },
  concurrency: { type: 'string' },
  report: { type: 'string' },
  html: { type: 'string' },
  sarif: { type: 'string' },
  fresh: { type: 'boolean' },
  json: { type: 'boolean' },
  format: { type: 'string' },
  run: { type: 'string' },
  direction: { type: 'string' },
  'dry-run': { type: 'boolean' },
  list: { type: 'boolean' },
  force: { type: 'boolean' },
  'keep-runs': { type: 'string' },
  'max-bytes': { type: 'string' },
  exchange: { type: 'string' },
  shards: { type: 'string' },
  shard: { type: 'string' },
  'in-plan': { type: 'string' },
  retry: { type: 'string', multiple: true },
  reason: { type: 'string' },
  by: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

const ALLOWED: Record<Command, readonly string[]> = {
  run: [
    'graph',
    'workspace',
    'store',
    'config',
    'concurrency',
    'report',
    'html',
    'sarif',
    'fresh',
    'json',
    'retry',
  ],
  validate: ['workspace', 'config', 'json'],
  status: ['workspace', 'store', 'config', 'json', 'list'],
  init: ['workspace', 'force'],
  gc: ['workspace', 'store', 'config', 'json', 'keep-runs', 'max-bytes'],
  graph: ['workspace', 'config', 'format', 'run', 'store', 'direction'],
  companion: ['json', 'dry-run'],
  plan: [
    'exchange',
    'shards',
    'in-plan',
    'graph',
    'workspace',
    'store',
    'config',
    'concurrency',
    'fresh',
    'json',
  ],
  verify: ['exchange', 'shard', 'workspace', 'store', 'concurrency', 'json'],
  aggregate: ['exchange', 'workspace', 'store', 'report', 'html', 'sarif', 'json'],
  decide: ['workspace', 'store', 'config', 'json', 'run', 'reason', 'by'],
  'verify-report': ['store', 'workspace', 'graph', 'config', 'json'],
  help: [],
  version: [],
};

export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UserError(
      `${error instanceof Error ? error.message : String(error)}\nRun "dog help" for usage.`,
    );
  }
  const { values, positionals } = parsed;
  if (values.version) return { command: 'version', fresh: false, json: false };
  const [name, positional, ...extra] = positionals;
  if (values.help || name === undefined) return { command: 'help', fresh: false, json: false };
  if (!COMMANDS.includes(name as Command)) {
    throw new UserError(`unknown command "${name}"; expected one of ${COMMANDS.join(', ')}`);
  }
  const command = name as Command;
  const given = Object.keys(values).filter((key) => key !== 'help' && key !== 'version');
  const misplaced = given.filter((key) => !ALLOWED[command].includes(key));
  if (misplaced.length > 0) {
    throw new UserError(
      `dog ${command} does not take ${misplaced.map((k) => `--${k}`).join(', ')}; run "dog help"`,
    );
  }
  if (command === 'companion') return companionArgs(positional, extra, values);
  if (command === 'decide') return decideArgs(positional, extra, values);
  const takesPositional =
    command === 'validate' ||
    command === 'status' ||
    command === 'graph' ||
    command === 'verify-report';
  if (command === 'status' && values.list && positional !== undefined)
    throw new UserError('dog status: give a run or --list, not both');
  if (extra.length > 0 || (positional !== undefined && !takesPositional)) {
    throw new UserError(`dog ${command}: unexpected argument "${extra[0] ?? positional}"`);
  }
  return {
    command,
    ...(positional === undefined ? {} : { positional }),
    ...(values.graph === undefined ? {} : { graph: values.graph }),
    ...(values.workspace === undefined ? {} : { workspace: values.workspace }),
    ...(values.store === undefined ? {} : { store: values.store }),
    ...(values.config === undefined ? {} : { config: values.config }),
    ...(values.concurrency === undefined
      ? {}
      : { concurrency: parseInteger('--concurrency', values.concurrency, 1, 256) }),
    ...(values.report === undefined ? {} : { report: values.report }),
    ...(values.html === undefined ? {} : { html: values.html }),
    ...(values.sarif === undefined ? {} : { sarif: values.sarif }),
    fresh: values.fresh ?? false,
    json: values.json ?? false,
    ...(values.format === undefined ? {} : { format: parseFormat(values.format) }),
    ...(values.run === undefined ? {} : { run: values.run }),
    ...(values.direction === undefined ? {} : { direction: parseDirection(values.direction) }),
    ...(values.list ? { list: true } : {}),
    ...(values.force ? { force: true } : {}),
    ...(values['keep-runs'] === undefined
      ? {}
      : { keepRuns: parseInteger('--keep-runs', values['keep-runs'], 1, 1_000_000) }),
    ...(values['max-bytes'] === undefined
      ? {}
      : { maxBytes: parseByteSize('--max-bytes', values['max-bytes']) }),
    ...phaseArgsOf(command, values),
    ...(values.retry === undefined ? {} : { retry: parseRetry(values.retry, values.fresh) }),
  };
}

function companionArgs(
  action: string | undefined,
  extra: readonly string[],
  values: { json?: boolean; 'dry-run'?: boolean },
): CliArgs {
  if (action === undefined || !COMPANION_ACTIONS.includes(action as CompanionAction)) {
    throw new UserError(
      `dog companion: expected one of ${COMPANION_ACTIONS.join(', ')}${action === undefined ? '' : `, got "${action}"`}`,
    );
  }
  if (extra.length > 0) throw new UserError(`dog companion: unexpected argument "${extra[0]}"`);
  if (values['dry-run'] && action !== 'install')
    throw new UserError('dog companion: --dry-run goes with install');
  if (values.json && action === 'install')
    throw new UserError('dog companion install does not take --json');
  return {
    command: 'companion',
    companion: action as CompanionAction,
    fresh: false,
    json: values.json ?? false,
    dryRun: values['dry-run'] ?? false,
  };
}

const BYTE_UNITS: Record<string, number> = {
  '': 1,
  K: 2 ** 10,
  M: 2 ** 20,
  G: 2 ** 30,
  T: 2 ** 40,
};

/** A size in bytes, or with a binary unit: 500M, 2G, 1GiB. */
export function parseByteSize(name: string, value: string): number {
  const match = /^(\d{1,15})\s*([KMGT]?)(?:i?B)?$/i.exec(value.trim());
  const bytes = match ? Number(match[1]) * (BYTE_UNITS[(match[2] ?? '').toUpperCase()] ?? 1) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new UserError(
      `${name}: expected a size such as 500M, 2G or 1073741824 (bytes), got "${value.slice(0, 64)}"`,
    );
  }
  return bytes;
}

function parseDirection(value: string): 'LR' | 'TB' {
  if (value === 'LR' || value === 'TB') return value;
  throw new UserError(`--direction: expected LR or TB, got ${quoteInput(value)}`);
}

function parseFormat(value: string): 'mermaid' | 'dot' | 'json' {
  if (value === 'mermaid' || value === 'dot' || value === 'json') return value;
  throw new UserError(`--format: expected mermaid, dot or json, got "${value}"`);
}

export const USAGE = `dog — verify a graph of goals, re-verifying only what changed

Usage:
  dog run [--graph G] [--workspace W] [--store S] [--config C] [--concurrency N]
          [--report FILE] [--html FILE] [--sarif FILE] [--fresh] [--json]
          [--retry GOAL|failed|needs-human]...  verify those goals again once
  dog decide approve|reject GOAL --reason TEXT [--by NAME] [--run RUN|latest] [--json]
                                      record a person's decision on a goal that waits for one
  dog init [--workspace W] [--force]  starter .dog/graph.yaml and .dog/config.yaml here
  dog validate [GRAPH] [--json] [--config C]
  dog status [RUN|latest] [--store S] [--json]
  dog status --list [--json]          the runs in the store, newest first
  dog gc [--keep-runs N] [--max-bytes B] [--json]
                                      drop older runs and what only they reference
  dog graph [GRAPH] --format mermaid|dot|json [--run RUN|latest] [--store S] [--direction LR|TB]
                                      --run colours each goal by that run's state
  dog verify-report REPORT [--store S] [--workspace W] [--json]
                                      check a report's digest chain; with a store its records,
                                      with a workspace its graph and captures
  dog companion doctor [--json]       what this host enforces around each verification
  dog companion install [--dry-run]   set up a Debian/Ubuntu self-hosted runner host (root)
  dog companion settings [--json]     the machine settings in force and where they come from
${PHASE_USAGE}  dog help | dog --version

Defaults: graph .dog/graph.yaml (then .dog/graph.json) in the workspace; workspace the
nearest directory holding .dog/ from the current one up to the repository's top (else the
current directory); store <workspace>/.dog/store (kept under store.maxBytes, 1 GiB unless
configured); config <workspace>/.dog/config.yaml.

Exit codes (run, aggregate): 0 success or allowed partial success · 1 failure · 2 invalid graph,
config or usage · 3 needs a person (needs_human, infeasible, needs_replan) · 130 cancelled.
Exit codes (companion doctor): 0 ready · 1 isolation cannot be provided here · 2 invalid
settings or usage. verify-report: 0 the report verifies · 1 it does not (tampered, or not
the records or bytes given) · 2 unreadable report, invalid store or usage. plan and verify: 0 written (whatever the verdicts) · 2 invalid input,
usage or unknown shard. Other commands: 0 done · 2 invalid input or usage.
`;
