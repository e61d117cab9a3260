// Check runs: create (POST) and update (PATCH), validated against GitHub's OpenAPI schema plus
// the rules GitHub documents in prose but leaves out of the schema.
import { isRecord } from './http.js';
import { requestBodyErrors, type OperationId } from './openapi.js';

export type Annotation = {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
  raw_details?: string;
  start_column?: number;
  end_column?: number;
};

export type CheckRun = {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  started_at: string | null;
  completed_at: string | null;
  details_url?: string;
  external_id?: string;
  output: {
    title: string | null;
    summary: string | null;
    text: string | null;
    annotations: Annotation[];
  };
  actions: unknown[];
  /** Accepted request bodies, create first. */
  bodies: Record<string, unknown>[];
};

export type Rejection = { kind: 'schema' | 'rule'; problems: string[] };

/** Problems in a create/update body: schema first, then GitHub's prose rules. */
export function checkRunBodyProblems(
  id: OperationId,
  body: unknown,
  knownCommits: ReadonlySet<string>,
): Rejection | undefined {
  const schema = requestBodyErrors(id, body);
  if (schema.length > 0) return { kind: 'schema', problems: schema };
  const rules = ruleProblems(id, body as Record<string, unknown>, knownCommits);
  return rules.length > 0 ? { kind: 'rule', problems: rules } : undefined;
}

function ruleProblems(
  id: OperationId,
  body: Record<string, unknown>,
  knownCommits: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  const completing = body['status'] === 'completed' || body['completed_at'] !== undefined;
  // "Required if you provide completed_at or a status of completed" (both operations).
  if (completing && body['conclusion'] === undefined) {
    problems.push('conclusion is required when status is completed or completed_at is given');
  }
  // "You cannot change a check run conclusion to stale, only GitHub can set this."
  if (body['conclusion'] === 'stale') problems.push('conclusion cannot be set to stale');
  const sha = body['head_sha'];
  if (id === 'checks/create' && knownCommits.size > 0 && !knownCommits.has(String(sha))) {
    problems.push(`No commit found for SHA: ${String(sha)}`);
  }
  return problems;
}

let nextCheckRunId = 21_000_000_000;

export function createCheckRun(body: Record<string, unknown>): CheckRun {
  const run: CheckRun = {
    id: nextCheckRunId++,
    name: String(body['name']),
    head_sha: String(body['head_sha']),
    status: 'queued',
    conclusion: null,
    started_at: new Date().toISOString(),
    completed_at: null,
    output: { title: null, summary: null, text: null, annotations: [] },
    actions: [],
    bodies: [],
  };
  applyUpdate(run, body);
  return run;
}

/** Applies a valid body: output text replaces, annotations append (GitHub's documented rule). */
export function applyUpdate(run: CheckRun, body: Record<string, unknown>): void {
  run.bodies.push(body);
  for (const key of ['name', 'details_url', 'external_id', 'started_at'] as const) {
    if (typeof body[key] === 'string') run[key] = body[key];
  }
  if (typeof body['status'] === 'string') run.status = body['status'];
  if (typeof body['conclusion'] === 'string') {
    run.conclusion = body['conclusion'];
    run.status = 'completed';
  }
  if (run.status === 'completed') {
    run.completed_at =
      typeof body['completed_at'] === 'string' ? body['completed_at'] : new Date().toISOString();
  }
  if (Array.isArray(body['actions'])) run.actions = body['actions'] as unknown[];
  const output = body['output'];
  if (!isRecord(output)) return;
  for (const key of ['title', 'summary', 'text'] as const) {
    if (typeof output[key] === 'string') run.output[key] = output[key];
  }
  if (Array.isArray(output['annotations'])) {
    run.output.annotations.push(...(output['annotations'] as Annotation[]));
  }
}

/** The check-run object GitHub answers with (the fields clients read, plausibly filled). */
export function checkRunJson(run: CheckRun, apiUrl: string, repo: string): object {
  const url = `${apiUrl}/repos/${repo}/check-runs/${run.id}`;
  return {
    id: run.id,
    node_id: Buffer.from(`CheckRun${run.id}`).toString('base64'),
    head_sha: run.head_sha,
    external_id: run.external_id ?? '',
    url,
    html_url: `https://github.com/${repo}/runs/${run.id}`,
    details_url: run.details_url ?? `https://github.com/${repo}/runs/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: {
      title: run.output.title,
      summary: run.output.summary,
      text: run.output.text,
      annotations_count: run.output.annotations.length,
      annotations_url: `${url}/annotations`,
    },
    name: run.name,
    check_suite: { id: 30_000_000_000 + (run.id % 1000) },
    app: { id: 15368, slug: 'github-actions', name: 'GitHub Actions', owner: { login: 'github' } },
    pull_requests: [],
  };
}
