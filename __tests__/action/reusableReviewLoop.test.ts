// The review loop shipped in the reusable workflow: which of dog.yml's jobs each event runs
// (conditions evaluated with GitHub's expression language), what the decide step is handed,
// and what the caller example must declare for decide to hand a command on to it.
import { join } from 'node:path';
import { Evaluator, Lexer, Parser, data } from '@actions/expressions';
import { jobsThatRun, type EventContext } from './workflowConditions.js';
import { readYaml, repoRoot, type Json } from './workflowRules.js';

const dog = readYaml(join(repoRoot, '.github/workflows/dog.yml'));
const caller = readYaml(join(repoRoot, 'examples/workflows/reusable.yml'));
const dogJobs = dog.jobs as Record<string, Json>;
const PIPELINE = ['plan', 'verify-1', 'verify-2', 'verify-3', 'aggregate'];
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

const noReviewInputs = { decision: '', goal: '', reason: '', 'comment-id': '' };

describe('which jobs of dog.yml an event runs', () => {
  test.each<[string, EventContext, string[]]>([
    ['a push', event('push', { ref: 'refs/heads/main' }), PIPELINE],
    [
      'a pull request',
      event('pull_request', {
        pull_request: { number: 7, head: { repo: { full_name: REPOSITORY.full_name } } },
      }),
      PIPELINE,
    ],
    ['a /dog comment on a pull request', commentOn('/dog approve judged reads well'), ['decide']],
    ['a comment on a pull request that is no command', commentOn('LGTM, /dog approve later'), []],
    ['a /dog comment on an issue', commentOn('/dog approve judged fine', false), []],
    [
      'the issue_comment run handing a command on',
      dispatch({ ...noReviewInputs, 'pull-request': '7', 'comment-id': '9' }),
      ['decide'],
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
      ['decide'],
    ],
    [
      'a dispatch without a pull request',
      dispatch({ ...noReviewInputs, 'pull-request': '' }),
      PIPELINE,
    ],
    ['a dispatch from a caller that declares no inputs', dispatch(null), PIPELINE],
  ])('%s', (_name, context, expected) => {
    expect(jobsThatRun(dog, context)).toEqual(expected);
  });

  test('a skipped plan skips every verify wave and aggregate', () => {
    const skippedPlan = { ...dog, jobs: { ...dogJobs, plan: { ...dogJobs.plan, if: 'false' } } };
    expect(jobsThatRun(skippedPlan, event('push', {}))).toEqual([]);
  });
});

describe('the decide job of dog.yml', () => {
  const decide = dogJobs.decide ?? {};
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
    });
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

  test('the workflow output carries the root decide re-settled when no aggregate ran', () => {
    const output = ((dog.on as Json).workflow_call as Json).outputs as Json;
    expect((output['root-state'] as Json).value).toBe(
      '${{ jobs.aggregate.outputs.root-state || jobs.decide.outputs.root-state }}',
    );
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
    ]);
    // Dispatch inputs are optional: a dispatch without pull-request runs the pipeline.
    for (const input of Object.values(inputs)) expect(input.required).toBe(false);
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
