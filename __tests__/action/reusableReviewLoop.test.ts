// The review loop shipped as a reusable workflow of its own: which jobs of dog.yml and
// dog-decide.yml each event runs through the caller example (conditions evaluated with
// GitHub's expression language), what the decide step is handed, and what the caller must
// declare and grant for each of its two jobs.
import { join } from 'node:path';
import { Evaluator, Lexer, Parser, data } from '@actions/expressions';
import { jobsThatRun, type EventContext } from './workflowConditions.js';
import { permissionCeiling, readYaml, repoRoot, type Json } from './workflowRules.js';

const dog = readYaml(join(repoRoot, '.github/workflows/dog.yml'));
const dogDecide = readYaml(join(repoRoot, '.github/workflows/dog-decide.yml'));
const caller = readYaml(join(repoRoot, 'examples/workflows/reusable.yml'));
const dogJobs = dog.jobs as Record<string, Json>;
const callerJobs = caller.jobs as Record<string, Json>;
const called: Record<string, Json> = {
  'dog-ci/dog/.github/workflows/dog.yml@v1': dog,
  'dog-ci/dog/.github/workflows/dog-decide.yml@v1': dogDecide,
};
const PIPELINE = ['dog/plan', 'dog/verify-1', 'dog/verify-2', 'dog/verify-3', 'dog/aggregate'];
const DECIDE = ['decide/decide'];
const REPOSITORY = { full_name: 'octo-org/octo-repo', default_branch: 'main' };
const PR_URL = 'https://api.github.com/repos/octo-org/octo-repo/pulls/7';

const planRan = { plan: { waves: '3', matrix: '{"w1":[],"w2":[],"w3":[]}' } };

function event(eventName: string, payload: Json): EventContext {
  return { eventName, payload: { repository: REPOSITORY, ...payload }, outputs: planRan };
}

function commentOn(body: string, onPullRequest = true): EventContext {
  return event('issue_comment', {
    action: 'created',
    issue: { number: 7, ...(onPullRequest ? { pull_request: { url: PR_URL } } : {}) },
    comment: { id: 9, body, user: { login: 'alice' } },
  });
}

function dispatch(inputs: Json | null): EventContext {
  return event('workflow_dispatch', { inputs });
}

/**
 * `caller-job/called-job` for every job of a called workflow that runs. Inside a called
 * workflow the `github` context is the caller's, so the same event decides its jobs' `if:`.
 */
function nestedJobsThatRun(context: EventContext): string[] {
  const callerRan = jobsThatRun(caller, { ...context, outputs: {} });
  return callerRan.flatMap((id) => {
    const workflow = called[String(callerJobs[id]!.uses)];
    if (workflow === undefined) return [];
    const inputs = callerJobs[id]!.with as Json;
    return jobsThatRun(workflow, { ...context, inputs }).map((job) => `${id}/${job}`);
  });
}

const noReviewInputs = { decision: '', goal: '', reason: '', 'comment-id': '' };

const events: Array<[string, EventContext, string[]]> = [
  ['a push', event('push', { ref: 'refs/heads/main' }), PIPELINE],
  [
    'a pull request',
    event('pull_request', {
      pull_request: { number: 7, head: { repo: { full_name: REPOSITORY.full_name } } },
    }),
    PIPELINE,
  ],
  ['a /dog comment on a pull request', commentOn('/dog approve judged reads well'), DECIDE],
  ['a comment on a pull request that is no command', commentOn('LGTM, /dog approve later'), []],
  ['a /dog comment on an issue', commentOn('/dog approve judged fine', false), []],
  [
    'the issue_comment run handing a command on',
    dispatch({ ...noReviewInputs, 'pull-request': '7', 'comment-id': '9' }),
    DECIDE,
  ],
  [
    'a decision dispatched from the Actions UI',
    dispatch({
      'pull-request': '7',
      decision: 'approve',
      goal: 'judged',
      reason: 'fine',
      'comment-id': '',
    }),
    DECIDE,
  ],
  [
    'a dispatch without a pull request',
    dispatch({ ...noReviewInputs, 'pull-request': '' }),
    PIPELINE,
  ],
  ['a dispatch from a caller that declares no inputs', dispatch(null), PIPELINE],
];

describe('which jobs an event runs through the caller example', () => {
  test.each(events)('%s', (_name, context, expected) => {
    expect(nestedJobsThatRun(context)).toEqual(expected);
  });
});

describe('each reusable workflow gates itself, for callers that do not', () => {
  test.each(events)('%s', (_name, context, expected) => {
    const strip = (prefix: string) =>
      expected.filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length));
    expect(jobsThatRun(dog, context)).toEqual(strip('dog/'));
    expect(jobsThatRun(dogDecide, context)).toEqual(strip('decide/'));
  });

  test('a skipped plan skips every verify wave and aggregate', () => {
    const skippedPlan = { ...dog, jobs: { ...dogJobs, plan: { ...dogJobs.plan, if: 'false' } } };
    expect(jobsThatRun(skippedPlan, event('push', {}))).toEqual([]);
  });
});

describe('the decide job of dog-decide.yml', () => {
  const decide = (dogDecide.jobs as Record<string, Json>).decide ?? {};
  const step = ((decide.steps ?? []) as Json[]).find((s) =>
    String(s.uses).startsWith('dog-ci/dog@'),
  );

  test("reads the review inputs from the caller's dispatch event, the rest from the call", () => {
    expect(step?.with).toEqual({
      command: 'decide',
      graph: '${{ inputs.graph }}',
      config: '${{ inputs.config }}',
      workspace: '${{ inputs.workspace }}',
      'check-name': '${{ inputs.check-name }}',
      comment: '${{ inputs.comment }}',
      'pull-request': "${{ github.event.inputs['pull-request'] }}",
      decision: '${{ github.event.inputs.decision }}',
      goal: '${{ github.event.inputs.goal }}',
      reason: '${{ github.event.inputs.reason }}',
      'comment-id': "${{ github.event.inputs['comment-id'] }}",
      'head-sha': "${{ github.event.inputs['head-sha'] }}",
      'pipeline-workflow': '${{ inputs.pipeline-workflow || github.workflow_ref }}',
    });
  });

  test("takes the pipeline's inputs that decide uses, with the pipeline's defaults", () => {
    const decideInputs = ((dogDecide.on as Json).workflow_call as Json).inputs as Json;
    const dogInputs = ((dog.on as Json).workflow_call as Json).inputs as Json;
    const names = ['graph', 'config', 'workspace', 'runs-on', 'check-name', 'comment'];
    // pipeline-workflow is decide's own: which workflow's reports it decides on.
    expect(Object.keys(decideInputs).filter((name) => name !== 'pipeline-workflow')).toEqual(names);
    for (const name of names)
      expect([name, (decideInputs[name] as Json).default]).toEqual([
        name,
        (dogInputs[name] as Json).default,
      ]);
  });

  test('writing runs queue one after another; checking runs never wait', () => {
    const concurrency = (decide.concurrency ?? {}) as Json;
    const group = concurrency.group;
    expect(concurrency['cancel-in-progress']).toBe(false);
    expect(evaluate(group, { event_name: 'workflow_dispatch', run_id: '5' })).toBe(
      'dog-decide-record',
    );
    expect(evaluate(group, { event_name: 'issue_comment', run_id: '5' })).toBe(
      'dog-decide-check-5',
    );
  });

  test('the workflow outputs the root decide re-settled; the pipeline only its own', () => {
    const outputOf = (workflow: Json) =>
      ((((workflow.on as Json).workflow_call as Json).outputs as Json)['root-state'] as Json).value;
    expect(outputOf(dogDecide)).toBe('${{ jobs.decide.outputs.root-state }}');
    expect(outputOf(dog)).toBe('${{ jobs.aggregate.outputs.root-state }}');
  });
});

describe('the caller example (examples/workflows/reusable.yml)', () => {
  const on = caller.on as Json;

  test('adds the review-loop triggers, declaring every input decide dispatches', () => {
    expect(on.issue_comment).toEqual({ types: ['created'] });
    const inputs = (on.workflow_dispatch as Json).inputs as Record<string, Json>;
    expect(Object.keys(inputs)).toEqual([
      'pull-request',
      'decision',
      'goal',
      'reason',
      'comment-id',
      'head-sha',
    ]);
    // Dispatch inputs are optional: a dispatch without pull-request runs the pipeline.
    for (const input of Object.values(inputs)) expect(input.required).toBe(false);
  });

  test('two jobs, each granting exactly what its called workflow requests', () => {
    const grantOf = (id: string) => callerJobs[id]!.permissions;
    expect(grantOf('dog')).toEqual({
      contents: 'read',
      actions: 'read',
      checks: 'write',
      'copilot-requests': 'write',
    });
    expect(grantOf('dog')).toEqual(Object.fromEntries(permissionCeiling(dog)));
    expect(grantOf('decide')).toEqual(Object.fromEntries(permissionCeiling(dogDecide)));
  });

  test("the decide job's condition is dog-decide.yml's own", () => {
    const decideJob = (dogDecide.jobs as Record<string, Json>).decide!;
    expect(callerJobs.decide!.if).toBe(decideJob.if);
  });

  test('keeps review-loop runs out of the cancellable pipeline group', () => {
    const { group } = caller.concurrency as Json;
    const at = (eventName: string, payload: Json) =>
      evaluate(group, {
        event_name: eventName,
        run_id: '42',
        ref: 'refs/heads/main',
        event: payload,
      });
    expect(at('push', {})).toBe('dog-refs/heads/main');
    expect(at('pull_request', { pull_request: { number: 7 } })).toBe('dog-7');
    expect(at('issue_comment', { issue: { number: 7 } })).toBe('dog-review-42');
    expect(at('workflow_dispatch', { inputs: { 'pull-request': '7' } })).toBe('dog-review-42');
    expect(at('workflow_dispatch', { inputs: { 'pull-request': '' } })).toBe('dog-refs/heads/main');
  });
});

/** Evaluates a `${{ … }}` string with a `github` context. */
function evaluate(template: unknown, github: Json): string {
  const expression = /^\$\{\{([\s\S]*)\}\}$/.exec(String(template))?.[1] ?? '';
  const parsed = new Parser(new Lexer(expression).lex().tokens, ['github'], []).parse();
  const context = new data.Dictionary({
    key: 'github',
    value: JSON.parse(JSON.stringify(github), data.reviver) as data.ExpressionData,
  });
  return new Evaluator(parsed, context).evaluate().coerceString();
}
