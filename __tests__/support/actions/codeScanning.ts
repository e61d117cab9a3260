// Code scanning's SARIF endpoints as GitHub answers them. `POST …/code-scanning/sarifs` wants
// a token with `security-events: write` (403 "Resource not accessible by integration"
// otherwise; a fork pull request's token is read-only whatever its workflow asks), a 40-hex
// `commit_sha`, a full `ref`, and `sarif` as base64 of a gzip file of at most 10 MB (413 above,
// 400 when it does not decode). The decoded file is checked against the SARIF 2.1.0 schema and
// GitHub's hard limits; a file over them is accepted (202) and then fails processing, as on
// GitHub. `GET …/code-scanning/sarifs/{id}` answers the processing status, and
// `GET …/commits/{sha}/pulls` the open pull requests whose head is that commit.
import { gunzipSync } from 'node:zlib';
import { sarifSchemaProblems } from '../sarifSchema.js';
import { isRecord, parseJson, sendJson } from './http.js';
import type { ReviewLoopState } from './reviewLoop.js';
import { forbidden, notFound, type Context, type Route } from './restRouter.js';

const UPLOAD_DOCS =
  'https://docs.github.com/rest/code-scanning/code-scanning#upload-an-analysis-as-sarif-data';
/** "10 MB" for the gzip-compressed file; the smaller reading, as DoG's own limit. */
export const SARIF_GZIP_LIMIT = 10_000_000;
const HARD_LIMITS = {
  runs: 20,
  results: 25_000,
  rules: 25_000,
  extensions: 100,
  locations: 1_000,
  tags: 20,
};

export type SarifUploadRecord = {
  id: string;
  commitSha: string;
  ref: string;
  /** The decoded SARIF log. */
  sarif: unknown;
  token: string;
  processing: 'pending' | 'complete' | 'failed';
  errors: string[];
};

export type CodeScanningState = {
  /** Tokens whose job was granted `security-events: write`. */
  writers: Set<string>;
  /** Tokens of pull_request runs from a fork: read-only, whatever the workflow grants. */
  forkTokens: Set<string>;
  uploads: SarifUploadRecord[];
  /** Answers before a file's status turns from pending to what its processing found. */
  pendingPolls: number;
};

export function codeScanningState(): CodeScanningState {
  return { writers: new Set(), forkTokens: new Set(), uploads: [], pendingPolls: 0 };
}

let nextSarifId = 1;

export function codeScanningRoutes(
  state: CodeScanningState,
  review: ReviewLoopState,
  site: { apiUrl: string; repository: string },
): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^\/code-scanning\/sarifs$/,
      handle: (ctx) => upload(state, site, ctx),
    },
    {
      method: 'GET',
      pattern: /^\/code-scanning\/sarifs\/([^/]+)$/,
      handle: (ctx) => status(state, site, ctx),
    },
    {
      method: 'GET',
      pattern: /^\/commits\/([0-9a-f]{40})\/pulls$/,
      handle: (ctx) => sendJson(ctx.res, 200, pullsOf(review, ctx.params[0] ?? '')),
    },
  ];
}

function mayWrite(state: CodeScanningState, token: string): boolean {
  return state.writers.has(token) && !state.forkTokens.has(token);
}

function badRequest(ctx: Context, problem: string): void {
  ctx.violate('rule', [problem]);
  sendJson(ctx.res, 400, { message: problem, documentation_url: UPLOAD_DOCS, status: '400' });
}

function upload(
  state: CodeScanningState,
  site: { apiUrl: string; repository: string },
  ctx: Context,
): void {
  if (!mayWrite(state, ctx.token))
    return forbidden(ctx.res, 'code-scanning/code-scanning#upload-an-analysis-as-sarif-data');
  const body = parseJson(ctx.body);
  if (!isRecord(body)) return badRequest(ctx, 'Problems parsing JSON');
  const { commit_sha: commitSha, ref, sarif } = body;
  if (typeof commitSha !== 'string' || !/^[0-9a-fA-F]{40}$/.test(commitSha))
    return badRequest(ctx, 'commit_sha must be 40 hexadecimal characters');
  if (typeof ref !== 'string' || !/^refs\/(heads|tags|pull)\/.+$/.test(ref))
    return badRequest(
      ctx,
      'ref must be refs/heads/<branch>, refs/tags/<tag> or refs/pull/<number>/(head|merge)',
    );
  if (typeof sarif !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(sarif) || sarif.length % 4 !== 0)
    return badRequest(ctx, 'sarif is not base64');
  const gzip = Buffer.from(sarif, 'base64');
  if (gzip.length > SARIF_GZIP_LIMIT) {
    ctx.violate('rule', [`the gzip-compressed SARIF is ${gzip.length} bytes, over 10 MB`]);
    return sendJson(ctx.res, 413, {
      message: 'Payload Too Large',
      documentation_url: UPLOAD_DOCS,
      status: '413',
    });
  }
  const log = decode(gzip);
  if (typeof log === 'string') return badRequest(ctx, log);
  const problems = [...sarifSchemaProblems(log), ...limitProblems(log)];
  if (problems.length > 0) ctx.violate('schema', problems);
  const id = `dog-sarif-${nextSarifId++}`;
  state.uploads.push({
    id,
    commitSha,
    ref,
    sarif: log,
    token: ctx.token,
    processing: problems.length > 0 ? 'failed' : 'complete',
    errors: problems,
  });
  sendJson(ctx.res, 202, {
    id,
    url: `${site.apiUrl}/repos/${site.repository}/code-scanning/sarifs/${id}`,
  });
}

function decode(gzip: Buffer): unknown {
  let text: string;
  try {
    text = gunzipSync(gzip).toString('utf8');
  } catch {
    return 'sarif is not gzip-compressed';
  }
  const log = parseJson(Buffer.from(text));
  return log === undefined ? 'the decoded sarif is not JSON' : log;
}

type Loose = Record<string, unknown>;
const list = (value: unknown): Loose[] => (Array.isArray(value) ? (value as Loose[]) : []);

/** GitHub's hard limits ("SARIF results exceed limits"): over any, the analysis is rejected. */
function limitProblems(log: unknown): string[] {
  const runs = list((log as Loose | null)?.runs);
  const problems: string[] = [];
  if (runs.length > HARD_LIMITS.runs)
    problems.push(`${runs.length} runs, over ${HARD_LIMITS.runs}`);
  for (const run of runs) {
    const tool = (run.tool ?? {}) as Loose;
    const rules = list((tool.driver as Loose | undefined)?.rules);
    if (list(run.results).length > HARD_LIMITS.results)
      problems.push(`over ${HARD_LIMITS.results} results in a run`);
    if (rules.length > HARD_LIMITS.rules) problems.push(`over ${HARD_LIMITS.rules} rules in a run`);
    if (list(tool.extensions).length > HARD_LIMITS.extensions)
      problems.push(`over ${HARD_LIMITS.extensions} tool extensions`);
    if (list(run.results).some((r) => list(r.locations).length > HARD_LIMITS.locations))
      problems.push(`a result with over ${HARD_LIMITS.locations} locations`);
    if (
      rules.some((r) => list((r.properties as Loose | undefined)?.tags).length > HARD_LIMITS.tags)
    )
      problems.push(`a rule with over ${HARD_LIMITS.tags} tags`);
  }
  return problems;
}

function status(
  state: CodeScanningState,
  site: { apiUrl: string; repository: string },
  ctx: Context,
): void {
  const found = state.uploads.find((u) => u.id === ctx.params[0]);
  if (found === undefined) return notFound(ctx.res);
  if (!mayWrite(state, ctx.token))
    return forbidden(ctx.res, 'code-scanning/code-scanning#get-information-about-a-sarif-upload');
  if (state.pendingPolls > 0) {
    state.pendingPolls -= 1;
    return sendJson(ctx.res, 200, {
      processing_status: 'pending',
      analyses_url: null,
      errors: null,
    });
  }
  sendJson(ctx.res, 200, {
    processing_status: found.processing,
    analyses_url: `${site.apiUrl}/repos/${site.repository}/code-scanning/analyses?sarif_id=${found.id}`,
    errors: found.errors.length > 0 ? found.errors : null,
  });
}

function pullsOf(review: ReviewLoopState, sha: string): object[] {
  return [...review.pulls.values()]
    .filter((pull) => pull.headSha === sha)
    .map((pull) => ({
      number: pull.number,
      state: 'open',
      head: { sha: pull.headSha, ref: pull.headRef },
      base: { sha: pull.baseSha },
    }));
}
