// The job-level `cache-mode:` (GitHub changelog 2026-09-10; read | write | write-only | none,
// enforced by the cache service; a reusable workflow's jobs never get more than the calling
// job declared). The vendored SchemaStore snapshot predates it: `withCacheMode` adds exactly
// the key and its four values to both job shapes. `cacheModeRules` is the project's rule: every
// job that runs DoG, or calls a DoG reusable workflow, declares the mode its command needs, and
// only the jobs that save to the cache (aggregate, run, decide, and their callers) declare
// `write` (docs/action.md, "Cache mode per job").
import type { Json } from './workflowRules.js';

export const CACHE_MODES = ['read', 'write', 'write-only', 'none'] as const;

/** What each DoG command does with the Actions cache, and so the mode its job declares. */
export const CACHE_MODE_OF_COMMAND: Record<string, (typeof CACHE_MODES)[number]> = {
  plan: 'read', // restores the record pack and the decisions; saves nothing
  verify: 'none', // records go to artifacts; the cache is neither read nor written
  capture: 'none', // captures go to artifacts
  aggregate: 'write', // restores the newest pack again, merges, saves it
  run: 'write', // plan and aggregate in one job
  decide: 'write', // reads the decisions entries and saves a new one
};

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema with `cache-mode` allowed on normal and reusable-call jobs, nothing else changed. */
export function withCacheMode(schema: Json): Json {
  const definitions = isRecord(schema.definitions) ? schema.definitions : {};
  for (const shape of ['normalJob', 'reusableWorkflowCallJob']) {
    const job = definitions[shape];
    const properties = isRecord(job) && isRecord(job.properties) ? job.properties : undefined;
    if (properties !== undefined && !('cache-mode' in properties))
      properties['cache-mode'] = {
        description:
          'What the job may do with the Actions cache: read, write (both), write-only or none. A called workflow cannot widen it.',
        type: 'string',
        enum: [...CACHE_MODES],
      };
  }
  return schema;
}

/** The DoG command a job runs (its first DoG step's), or `call` for a DoG reusable workflow. */
function dogRoleOf(job: Json, isDogAction: (uses: string) => boolean): string | undefined {
  if (typeof job.uses === 'string')
    return /^(?:dog-ci\/dog\/|\.\/)\.github\/workflows\/dog[\w-]*\.ya?ml/.test(job.uses)
      ? 'call'
      : undefined;
  const steps = Array.isArray(job.steps) ? job.steps.filter(isRecord) : [];
  const step = steps.find((s) => typeof s.uses === 'string' && isDogAction(s.uses));
  if (step === undefined) return undefined;
  const command = isRecord(step.with) ? step.with.command : undefined;
  return typeof command === 'string' && command !== '' ? command : 'run';
}

export function cacheModeRules(workflow: Json, isDogAction: (uses: string) => boolean): string[] {
  const problems: string[] = [];
  const jobs = isRecord(workflow.jobs) ? workflow.jobs : {};
  for (const [id, value] of Object.entries(jobs)) {
    if (!isRecord(value)) continue;
    const role = dogRoleOf(value, isDogAction);
    if (role === undefined) continue;
    // A caller bounds every job of the called workflow, the saving one among them.
    const expected = role === 'call' ? 'write' : CACHE_MODE_OF_COMMAND[role];
    if (expected === undefined) continue; // an unknown command is reported elsewhere
    const what = role === 'call' ? 'calls a DoG reusable workflow' : `runs DoG ${role}`;
    const declared = value['cache-mode'];
    if (declared === undefined) {
      problems.push(`jobs.${id}: ${what} but declares no cache-mode (it needs ${expected})`);
    } else if (declared === 'write' && expected !== 'write') {
      problems.push(
        `jobs.${id}: cache-mode: write, but ${role} saves nothing to the cache; only aggregate, run and decide jobs (and their callers) declare write (${role}: ${expected})`,
      );
    } else if (declared !== expected) {
      problems.push(
        `jobs.${id}: ${what} and must declare cache-mode: ${expected}, not ${JSON.stringify(declared)}`,
      );
    }
  }
  return problems;
}
