// Workflow runs as the review loop sees them: listed for the repository or for one workflow
// (by its file name, as GitHub's `workflow_id` accepts), filtered by head SHA and event, newest
// first; re-runs; workflow dispatches of the files GitHub knows, with their declared inputs.
import { isRecord, parseJson, sendJson } from './http.js';
import { forbidden, notFound, unprocessable, type Context, type Route } from './restRouter.js';
import type { ReviewLoopState, WorkflowRun } from './reviewLoop.js';

export function workflowRunRoutes(state: ReviewLoopState): Route[] {
  return [
    { method: 'GET', pattern: /^\/actions\/runs$/, handle: (ctx) => listRuns(state, ctx) },
    {
      method: 'GET',
      pattern: /^\/actions\/workflows\/([^/]+)\/runs$/,
      handle: (ctx) => listRuns(state, ctx, decodeURIComponent(ctx.params[0] ?? '')),
    },
    {
      method: 'POST',
      pattern: /^\/actions\/runs\/(\d+)\/(rerun|rerun-failed-jobs)$/,
      handle: (ctx) => rerun(state, ctx),
    },
    {
      method: 'POST',
      pattern: /^\/actions\/workflows\/([^/]+)\/dispatches$/,
      handle: (ctx) => dispatch(state, ctx),
    },
  ];
}

/** GitHub's `workflow_id` is the workflow's numeric id or its file name (`dog.yml`). */
function ofWorkflow(run: WorkflowRun, workflow: string | undefined): boolean {
  if (workflow === undefined) return true;
  const file = run.path.replace(/@.*$/, '').split('/').pop();
  return file === workflow;
}

function listRuns(state: ReviewLoopState, ctx: Context, workflow?: string): void {
  const sha = ctx.url.searchParams.get('head_sha');
  const event = ctx.url.searchParams.get('event');
  const perPage = Math.min(Number(ctx.url.searchParams.get('per_page') ?? 30) || 30, 100);
  const runs = state.workflowRuns
    .filter((r) => sha === null || r.head_sha === sha)
    .filter((r) => (event === null || r.event === event) && ofWorkflow(r, workflow))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  sendJson(ctx.res, 200, {
    total_count: runs.length,
    workflow_runs: runs.slice(0, perPage).map((r) => ({ ...r, status: 'completed' })),
  });
}

function rerun(state: ReviewLoopState, ctx: Context): void {
  const runId = Number(ctx.params[0]);
  if (!state.workflowRuns.some((r) => r.id === runId)) return notFound(ctx.res);
  if (state.denied.has('actions:write')) return forbidden(ctx.res, 'actions/workflow-runs');
  state.reruns.push({ runId, failedOnly: ctx.params[1] === 'rerun-failed-jobs' });
  sendJson(ctx.res, 201, {});
}

function dispatch(state: ReviewLoopState, ctx: Context): void {
  if (state.denied.has('actions:write')) return forbidden(ctx.res, 'actions/workflows');
  const workflow = decodeURIComponent(ctx.params[0] ?? '');
  const declared = state.dispatchable.get(workflow);
  if (declared === undefined) return notFound(ctx.res);
  const body = parseJson(ctx.body);
  if (!isRecord(body) || typeof body.ref !== 'string') return unprocessable(ctx, 'ref is required');
  const inputs = isRecord(body.inputs) ? body.inputs : {};
  const unexpected = Object.keys(inputs).filter((name) => !declared.includes(name));
  if (unexpected.length > 0)
    return unprocessable(ctx, `Unexpected inputs provided: ${JSON.stringify(unexpected)}`);
  if (Object.keys(inputs).length > 25) return unprocessable(ctx, 'at most 25 inputs');
  if (!Object.values(inputs).every((v) => typeof v === 'string'))
    return unprocessable(ctx, 'inputs are strings');
  state.dispatches.push({ workflow, ref: body.ref, inputs: inputs as Record<string, string> });
  ctx.res.writeHead(204).end();
}
