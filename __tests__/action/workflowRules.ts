// Validation of action.yml and workflow files: the SchemaStore schemas (what GitHub accepts)
// plus the project's own rules (what we allow ourselves), as pure functions over parsed YAML.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parseDocument } from 'yaml';
import { cacheModeRules, withCacheMode } from './workflowCacheMode.js';

// ajv-formats is CommonJS; under Node's ESM interop its function may sit on `.default`.
type AddFormats = (ajv: Ajv | Ajv2019 | Ajv2020) => unknown;
const formatsModule = addFormatsModule as unknown as AddFormats & { default?: AddFormats };
const addFormats: AddFormats = formatsModule.default ?? formatsModule;

export type Json = Record<string, unknown>;

export const repoRoot = join(import.meta.dirname, '..', '..');
export const schemaDir = join(repoRoot, '__tests__', 'fixtures', 'schemastore');

// ---------------------------------------------------------------------------------------------
// Files and YAML

/** Every `*.yml` / `*.yaml` file under `dir` (recursively), as sorted absolute paths. */
export function findYamlFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && /\.ya?ml$/.test(entry.name)) found.push(path);
    }
  };
  walk(dir);
  return found.sort();
}

export function repoPath(path: string): string {
  return relative(repoRoot, path).split('\\').join('/');
}

/** Parses YAML strictly (duplicate keys and syntax errors throw) into a mapping. */
export function parseYaml(text: string, name = 'document'): Json {
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  if (document.errors.length > 0)
    throw new Error(`${name}: ${document.errors.map((e) => e.message).join('\n')}`);
  const value: unknown = document.toJS();
  if (!isRecord(value)) throw new Error(`${name}: the top level is not a mapping`);
  return value;
}

export function readYaml(path: string): Json {
  return parseYaml(readFileSync(path, 'utf8'), repoPath(path));
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function record(value: unknown): Json {
  return isRecord(value) ? value : {};
}

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------
// JSON Schema

/** An Ajv instance for the schema's own `$schema` draft (draft-07, 2019-09 or 2020-12). */
export function ajvFor(schema: Json): Ajv | Ajv2019 | Ajv2020 {
  const options: Options = { strict: false, allErrors: true };
  const draft = text(schema.$schema);
  let ajv: Ajv | Ajv2019 | Ajv2020;
  if (/draft-07/.test(draft)) ajv = new Ajv(options);
  else if (/draft\/2019-09/.test(draft)) ajv = new Ajv2019(options);
  else if (/draft\/2020-12/.test(draft)) ajv = new Ajv2020(options);
  else throw new Error(`no Ajv class for $schema ${JSON.stringify(draft)}`);
  addFormats(ajv);
  return ajv;
}

export type SchemaValidator = (value: unknown) => string[];

/** Compiles a vendored schema; the validator returns readable problems (none when valid). */
export function loadSchemaValidator(file: string): SchemaValidator {
  const schema = withCacheMode(
    withCopilotRequests(JSON.parse(readFileSync(join(schemaDir, file), 'utf8')) as Json),
  );
  const validate: ValidateFunction = ajvFor(schema).compile(schema);
  return (value) => (validate(value) ? [] : describeSchemaErrors(validate.errors ?? []));
}

/**
 * GitHub's `copilot-requests` permission (write or none) postdates the vendored SchemaStore
 * snapshot, whose permission list is closed; it is added here, and nothing else is changed.
 */
export function withCopilotRequests(schema: Json): Json {
  const permissions = record(record(schema.definitions)['permissions-event']);
  const scopes = record(permissions.properties);
  if (Object.keys(scopes).length > 0 && !('copilot-requests' in scopes))
    scopes['copilot-requests'] = { type: 'string', enum: ['write', 'none'] };
  return schema;
}

export function describeSchemaErrors(errors: ErrorObject[]): string[] {
  return errors.map((error) => {
    const where = error.instancePath === '' ? '(top level)' : error.instancePath;
    const params = error.params as Json;
    const extra =
      typeof params.additionalProperty === 'string'
        ? ` (${params.additionalProperty})`
        : Array.isArray(params.allowedValues)
          ? ` (${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`
          : '';
    return `${where}: ${error.message ?? 'invalid'}${extra}`;
  });
}

// ---------------------------------------------------------------------------------------------
// The project's rules for action.yml

export const dogCommands = ['run', 'plan', 'verify', 'aggregate', 'capture', 'decide'] as const;

export function actionRules(action: Json): string[] {
  const problems: string[] = [];
  const runs = record(action.runs);
  if (runs.using !== 'node24')
    problems.push(`runs.using must be node24, not ${JSON.stringify(runs.using)}`);
  if (runs.main !== 'dist/action.js')
    problems.push(`runs.main must be dist/action.js, not ${JSON.stringify(runs.main)}`);
  for (const [name, input] of Object.entries(record(action.inputs)))
    if (text(record(input).description).trim() === '')
      problems.push(`inputs.${name} has no description`);
  for (const [name, output] of Object.entries(record(action.outputs)))
    if (text(record(output).description).trim() === '')
      problems.push(`outputs.${name} has no description`);
  const command = record(record(action.inputs).command);
  const described = text(command.description);
  for (const name of dogCommands)
    if (!described.includes(`\`${name}\``))
      problems.push(`inputs.command's description does not mention \`${name}\``);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The project's rules for workflows

/** What a caller of a reusable workflow may pass, may read and must grant. */
export type CalledWorkflow = {
  inputs: Set<string>;
  secrets: Set<string>;
  outputs: Set<string>;
  /** The highest level any of its jobs requests, per scope: the least a caller must grant. */
  permissions: Map<string, string>;
};

export type RuleContext = {
  /** Inputs declared by action.yml. */
  actionInputs: Set<string>;
  /** DoG's reusable workflows by file name (`dog.yml`, `dog-decide.yml`). */
  reusable: Map<string, CalledWorkflow>;
  /** `name`s of the workflows in the same directory (for `workflow_run.workflows`). */
  siblingNames: Set<string>;
};

/** The caller's view of a reusable workflow (its `workflow_call` and its jobs' permissions). */
export function calledWorkflowOf(workflow: Json): CalledWorkflow {
  const call = record(record(workflow.on).workflow_call);
  return {
    inputs: new Set(Object.keys(record(call.inputs))),
    secrets: new Set(Object.keys(record(call.secrets))),
    outputs: new Set(Object.keys(record(call.outputs))),
    permissions: permissionCeiling(workflow),
  };
}

/** `uses` of the DoG action itself (this checkout or the published one). */
export function isDogAction(uses: string): boolean {
  return uses === './' || uses === '.' || /^dog-ci\/dog@/.test(uses);
}

/** The file name of the DoG reusable workflow `uses` calls (`dog.yml`), if it calls one. */
function reusableDogFile(uses: string): string | undefined {
  const match =
    /^dog-ci\/dog\/\.github\/workflows\/([\w-]+)\.ya?ml@/.exec(uses) ??
    /^\.\/\.github\/workflows\/(dog(?:-[\w-]+)?)\.ya?ml$/.exec(uses);
  return match ? `${match[1]}.yml` : undefined;
}

const pinnedRef = /^(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/;
const writeLevels = new Set(['write']);
const untrustedInRun =
  /\$\{\{[^}]*(github\.event\.|github\.head_ref|inputs\.|steps\.[\w-]+\.outputs|needs\.[\w-]+\.outputs)/;
const prHeadRef =
  /github\.event\.pull_request\.head|github\.head_ref|github\.event\.workflow_run\.head_(sha|branch|commit)|refs\/pull\/|pull\/\$\{\{|gh pr checkout/;

type Step = Json & { uses?: unknown; run?: unknown; with?: unknown };
type Job = Json;

function triggers(workflow: Json): Set<string> {
  const on = workflow.on;
  if (typeof on === 'string') return new Set([on]);
  if (Array.isArray(on)) return new Set(on.map(text));
  return new Set(Object.keys(record(on)));
}

function permissionsAreReadOnly(permissions: unknown): boolean {
  if (permissions === 'read-all') return true;
  if (!isRecord(permissions)) return false;
  return Object.values(permissions).every((level) => !writeLevels.has(text(level)));
}

function permissionOf(job: Job, scope: string): string {
  const permissions = job.permissions;
  if (permissions === 'write-all') return 'write';
  if (permissions === 'read-all') return 'read';
  return text(record(permissions)[scope]) || 'none';
}

function stepsOf(job: Job): Step[] {
  return list(job.steps).filter(isRecord);
}

function dogSteps(job: Job): Step[] {
  return stepsOf(job).filter((step) => isDogAction(text(step.uses)));
}

function dogCommandOf(job: Job): string | undefined {
  const step = dogSteps(job)[0];
  if (step === undefined) return undefined;
  return text(record(step.with).command) || 'run';
}

function needsOf(job: Job): string[] {
  return list(job.needs).map(text);
}

const levelRank: Record<string, number> = { none: 0, read: 1, write: 2 };

/** Per scope, the highest level any job of `workflow` requests. */
export function permissionCeiling(workflow: Json): Map<string, string> {
  const ceiling = new Map<string, string>();
  for (const job of Object.values(record(workflow.jobs)))
    for (const [scope, level] of Object.entries(record(record(job).permissions)))
      if ((levelRank[text(level)] ?? 0) > (levelRank[ceiling.get(scope) ?? 'none'] ?? 0))
        ceiling.set(scope, text(level));
  return ceiling;
}

/** Inputs a workflow declares (workflow_call and workflow_dispatch together). */
function declaredInputs(workflow: Json): Set<string> {
  const on = record(workflow.on);
  return new Set([
    ...Object.keys(record(record(on.workflow_call).inputs)),
    ...Object.keys(record(record(on.workflow_dispatch).inputs)),
  ]);
}

/** Checks one workflow against the project's rules; returns readable problems. */
export function workflowRules(workflow: Json, context: RuleContext): string[] {
  const problems: string[] = [];
  const jobs = record(workflow.jobs);
  const events = triggers(workflow);
  const privileged = events.has('pull_request_target') || events.has('workflow_run');

  // Permissions: read-only (or none) by default, anything more per job.
  const topLevel = workflow.permissions;
  const topReadOnly = topLevel !== undefined && permissionsAreReadOnly(topLevel);
  if (topLevel !== undefined && !topReadOnly)
    problems.push('top-level permissions must be {} or read-only; grant writes per job');

  // workflow_run must name a workflow that exists beside this one.
  for (const name of list(record(record(workflow.on).workflow_run).workflows).map(text))
    if (!context.siblingNames.has(name))
      problems.push(`on.workflow_run.workflows names "${name}", which no workflow here is called`);

  // workflow_call outputs point at existing job outputs (every job output they name).
  for (const [name, output] of Object.entries(
    record(record(record(workflow.on).workflow_call).outputs),
  )) {
    const matches = [...text(record(output).value).matchAll(/jobs\.([\w-]+)\.outputs\.([\w-]+)/g)];
    if (
      matches.length === 0 ||
      matches.some((match) => !(match[2]! in record(record(jobs[match[1]!]).outputs)))
    )
      problems.push(`on.workflow_call.outputs.${name} does not point at a job output`);
  }

  // `inputs.<name>` resolves only to an input this workflow declares (inside a called workflow,
  // the caller's workflow_dispatch inputs are github.event.inputs, not inputs).
  const inputs = declaredInputs(workflow);
  for (const match of JSON.stringify(jobs).matchAll(/(?<![\w.])inputs\.([\w-]+)/g))
    if (!inputs.has(match[1]!))
      problems.push(`inputs.${match[1]} is not an input of this workflow`);

  const verifyJobs = Object.entries(jobs).filter(
    ([, job]) => dogCommandOf(record(job)) === 'verify',
  );

  for (const [id, rawJob] of Object.entries(jobs)) {
    const job = record(rawJob);
    const at = `jobs.${id}`;
    const jobText = JSON.stringify(job);

    if (job.permissions === undefined && !topReadOnly)
      problems.push(`${at}: declares no permissions (and the workflow default is not read-only)`);
    if (permissionOf(job, 'contents') === 'write')
      problems.push(`${at}: contents: write is never needed here`);

    // References to other jobs' outputs and to steps must resolve.
    const needs = needsOf(job);
    for (const match of jobText.matchAll(/needs\.([\w-]+)\.(outputs\.([\w-]+)|result)/g)) {
      const [, other, , output] = match;
      if (!needs.includes(other!))
        problems.push(`${at}: uses needs.${other} without needs: ${other}`);
      else if (output !== undefined && !outputsOf(record(jobs[other!]), context).has(output))
        problems.push(`${at}: job ${other} has no output ${output}`);
    }
    const stepIds = new Set(stepsOf(job).map((step) => text(step.id)));
    for (const match of jobText.matchAll(/steps\.([\w-]+)\.outputs/g))
      if (!stepIds.has(match[1]!)) problems.push(`${at}: no step with id ${match[1]}`);

    // Matrices never cancel siblings: each job settles its own goals.
    const strategy = record(job.strategy);
    if (strategy.matrix !== undefined && strategy['fail-fast'] !== false)
      problems.push(`${at}: a matrix job must set strategy.fail-fast: false`);

    // Reusable-workflow calls.
    const jobUses = text(job.uses);
    if (jobUses !== '') {
      checkPinned(jobUses, at, problems);
      if (job.secrets === 'inherit')
        problems.push(`${at}: secrets: inherit hands over every secret; pass them one by one`);
      const file = reusableDogFile(jobUses);
      if (file !== undefined) checkReusableCall(job, at, file, context, problems);
    }

    for (const [index, step] of stepsOf(job).entries()) {
      const where = `${at}.steps[${index}]`;
      const uses = text(step.uses);
      const run = text(step.run);
      if (uses !== '') checkPinned(uses, where, problems);
      if (untrustedInRun.test(run))
        problems.push(`${where}: run interpolates an expression; pass it through env instead`);
      if (/^actions\/checkout@/.test(uses)) {
        const withs = record(step.with);
        if (withs['persist-credentials'] !== false)
          problems.push(`${where}: actions/checkout must set persist-credentials: false`);
        if (privileged && prHeadRef.test(`${text(withs.ref)} ${text(withs.repository)}`))
          problems.push(`${where}: checks out the pull request's head in a privileged workflow`);
      }
      if (privileged && prHeadRef.test(run))
        problems.push(`${where}: fetches the pull request's head in a privileged workflow`);
      if (isDogAction(uses)) checkDogStep(step, where, context, problems);
    }

    // Privileged workflow_run jobs start only after a successful capture run.
    if (events.has('workflow_run') && needs.length === 0 && job.uses === undefined)
      if (!/github\.event\.workflow_run\.conclusion == 'success'/.test(text(job.if)))
        problems.push(`${at}: must run only if github.event.workflow_run.conclusion == 'success'`);

    const command = dogCommandOf(job);
    if (command === undefined) continue;
    if (dogSteps(job).length > 1) problems.push(`${at}: more than one DoG step`);
    const mentionsSecrets = /secrets\./.test(jobText);
    if (mentionsSecrets && command !== 'verify' && command !== 'run')
      problems.push(`${at}: only verify (and run) jobs may see secrets, not ${command}`);
    if (
      command !== 'verify' &&
      command !== 'run' &&
      permissionOf(job, 'copilot-requests') === 'write'
    )
      problems.push(
        `${at}: only verify (and run) jobs call a model, not ${command}: no copilot-requests: write`,
      );
    // The REST cache listing is how DoG proves which scope a cache entry is in.
    const restores = command === 'plan' || command === 'run' || command === 'aggregate';
    const actions = permissionOf(job, 'actions');
    if (restores && actions !== 'read' && actions !== 'write')
      problems.push(`${at}: ${command} restores the cache and needs actions: read for its listing`);
    const reports = command === 'aggregate' || command === 'run' || command === 'decide';
    if (!reports && permissionOf(job, 'checks') === 'write')
      problems.push(`${at}: ${command} must not hold checks: write`);
    if (command === 'capture') {
      for (const [scope, level] of Object.entries(record(job.permissions)))
        if (text(level) === 'write') problems.push(`${at}: capture must not hold ${scope}: write`);
      if (privileged) problems.push(`${at}: capture belongs in the unprivileged pull_request run`);
    }
    if (command === 'aggregate') {
      const condition = text(job.if);
      if (!/always\(\)/.test(condition) || !/needs\.[\w-]+\.result == 'success'/.test(condition))
        problems.push(`${at}: aggregate must run if always() && needs.<plan>.result == 'success'`);
      for (const [verifyId] of verifyJobs)
        if (!needs.includes(verifyId)) problems.push(`${at}: aggregate must need ${verifyId}`);
      if (permissionOf(job, 'checks') !== 'write')
        problems.push(`${at}: aggregate needs checks: write for the check run`);
    }
    if (command === 'plan' && verifyJobs.length > 0) {
      const maxWaves = text(record(dogSteps(job)[0]!.with)['max-waves']);
      if (maxWaves !== String(verifyJobs.length))
        problems.push(
          `${at}: max-waves is ${maxWaves || 'unset'} but the workflow wires ${verifyJobs.length} verify waves`,
        );
    }
  }

  checkWaves(jobs, verifyJobs, problems);
  problems.push(...cacheModeRules(workflow, isDogAction));
  return problems;
}

/** A call of a DoG reusable workflow passes what it declares and grants what its jobs ask. */
function checkReusableCall(
  job: Job,
  at: string,
  file: string,
  context: RuleContext,
  problems: string[],
): void {
  const called = context.reusable.get(file);
  if (called === undefined) {
    problems.push(`${at}: DoG ships no reusable workflow ${file}`);
    return;
  }
  for (const key of Object.keys(record(job.with)))
    if (!called.inputs.has(key)) problems.push(`${at}: ${file} has no input "${key}"`);
  for (const key of Object.keys(record(job.secrets)))
    if (!called.secrets.has(key)) problems.push(`${at}: ${file} declares no secret "${key}"`);
  // GitHub refuses the whole run (before any if:) when a called job asks for more.
  for (const [scope, level] of called.permissions)
    if ((levelRank[permissionOf(job, scope)] ?? 0) < (levelRank[level] ?? 0))
      problems.push(
        `${at}: grants ${scope}: ${permissionOf(job, scope)}, but a job of ${file} requests ${scope}: ${level}`,
      );
}

/** Outputs of a job: its own, or the reusable DoG workflow's; unknown for other calls. */
function outputsOf(job: Job, context: RuleContext): { has: (name: string) => boolean } {
  const uses = text(job.uses);
  if (uses === '') return new Set(Object.keys(record(job.outputs)));
  const file = reusableDogFile(uses);
  if (file !== undefined) return context.reusable.get(file)?.outputs ?? new Set<string>();
  return { has: () => true };
}

function checkPinned(uses: string, where: string, problems: string[]): void {
  if (uses.startsWith('./') || uses === '.' || uses.startsWith('docker://')) return;
  const at = uses.lastIndexOf('@');
  const ref = at < 0 ? '' : uses.slice(at + 1);
  if (!pinnedRef.test(ref))
    problems.push(`${where}: ${uses} must be pinned to a version tag (vN) or a commit SHA`);
}

function checkDogStep(step: Step, where: string, context: RuleContext, problems: string[]): void {
  const withs = record(step.with);
  for (const key of Object.keys(withs))
    if (!context.actionInputs.has(key)) problems.push(`${where}: action.yml has no input "${key}"`);
  const command = text(withs.command);
  if (command === '') problems.push(`${where}: set command explicitly`);
  else if (!(dogCommands as readonly string[]).includes(command))
    problems.push(`${where}: unknown command "${command}"`);
  if (
    command === 'verify' &&
    text(withs['matrix-entry']).replace(/\s+/g, '') !== '${{toJSON(matrix)}}'
  )
    problems.push(`${where}: verify needs matrix-entry: \${{ toJSON(matrix) }}`);
  if (command !== 'verify' && withs['matrix-entry'] !== undefined)
    problems.push(`${where}: matrix-entry belongs to verify only`);
}

/** Verify waves: wave k reads matrix .wk, needs wave k-1 and runs only when wave k has work. */
function checkWaves(jobs: Json, verifyJobs: Array<[string, unknown]>, problems: string[]): void {
  const byWave = new Map<number, string>();
  for (const [id, rawJob] of verifyJobs) {
    const job = record(rawJob);
    const at = `jobs.${id}`;
    const matrix = text(record(job.strategy).matrix);
    const match = /^\$\{\{\s*fromJSON\(needs\.([\w-]+)\.outputs\.matrix\)\.w(\d+)\s*\}\}$/.exec(
      matrix,
    );
    if (!match) {
      problems.push(
        `${at}: strategy.matrix must be \${{ fromJSON(needs.<plan>.outputs.matrix).wN }}`,
      );
      continue;
    }
    const [, plan, waveText] = match;
    const wave = Number(waveText);
    if (byWave.has(wave)) problems.push(`${at}: wave ${wave} is wired twice`);
    byWave.set(wave, id);
    const condition = text(job.if);
    if (
      !new RegExp(`fromJSON\\(needs\\.${plan}\\.outputs\\.waves\\) >= ${wave}\\b`).test(condition)
    )
      problems.push(`${at}: must run only if fromJSON(needs.${plan}.outputs.waves) >= ${wave}`);
    if (wave > 1) {
      if (!/always\(\)|!cancelled\(\)/.test(condition))
        problems.push(`${at}: wave ${wave} must also run after a failed earlier wave`);
      if (!condition.includes(`needs.${plan}.result == 'success'`))
        problems.push(`${at}: wave ${wave} must check needs.${plan}.result == 'success'`);
    }
    if (permissionOf(job, 'checks') === 'write')
      problems.push(`${at}: verify must not hold checks: write`);
  }
  const waves = [...byWave.keys()].sort((a, b) => a - b);
  waves.forEach((wave, index) => {
    if (wave !== index + 1) problems.push(`verify waves must be numbered 1..n, found w${wave}`);
    const previous = byWave.get(wave - 1);
    const id = byWave.get(wave)!;
    if (previous !== undefined && !needsOf(record(jobs[id])).includes(previous))
      problems.push(`jobs.${id}: wave ${wave} must need ${previous}`);
  });
}
