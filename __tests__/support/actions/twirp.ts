// Twirp over JSON, as the results service speaks it: `POST /twirp/<package>.<Service>/<Method>`
// with a protobuf-JSON body (snake_case names, int64 as strings, wrapper types as bare values)
// and errors as `{code, msg}` with the HTTP status Twirp assigns to the code.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, isRecord, parseJson, sendJson, type Handler } from './http.js';
import { parseRuntimeToken, type BackendIds, type Caller } from './runtimeToken.js';

export const RESULTS_PACKAGE = 'github.actions.results.api.v1';

const STATUS = {
  invalid_argument: 400,
  malformed: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  bad_route: 404,
  already_exists: 409,
  failed_precondition: 412,
  resource_exhausted: 429,
  internal: 500,
} as const;

export type TwirpCode = keyof typeof STATUS;

export class TwirpError extends Error {
  constructor(
    readonly code: TwirpCode,
    message: string,
    /** Response headers besides the body (e.g. `retry-after` on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type TwirpRequest = Record<string, unknown>;
export type TwirpMethod = (request: TwirpRequest, caller: Caller) => object | Promise<object>;
export type TwirpService = Record<string, TwirpMethod>;

export type TwirpCall = {
  service: string;
  method: string;
  status: number;
  code?: TwirpCode;
  caller?: BackendIds;
  request?: TwirpRequest;
};

/** Routes Twirp calls to `services` (keyed by short service name) and logs each call. */
export function twirpHandler(services: Record<string, TwirpService>, log: TwirpCall[]): Handler {
  return async (req, res, body) => {
    const match = /^\/twirp\/([\w.]+)\.(\w+)\/(\w+)$/.exec(req.url ?? '');
    const [pkg, service, method] = match ? match.slice(1) : [];
    const call: TwirpCall = {
      service: service ?? '?',
      method: method ?? req.url ?? '?',
      status: 0,
    };
    log.push(call);
    try {
      const handler = pkg === RESULTS_PACKAGE ? services[service ?? '']?.[method ?? ''] : undefined;
      if (req.method !== 'POST' || handler === undefined) {
        throw new TwirpError('bad_route', `no handler for ${req.method ?? ''} ${req.url ?? ''}`);
      }
      const caller = authenticate(req);
      call.caller = { runBackendId: caller.runBackendId, jobBackendId: caller.jobBackendId };
      call.request = parseRequest(req, body);
      reply(res, call, 200, await handler(call.request, caller));
    } catch (err) {
      const error = err instanceof TwirpError ? err : new TwirpError('internal', String(err));
      call.code = error.code;
      reply(res, call, STATUS[error.code], { code: error.code, msg: error.message }, error.headers);
    }
  };
}

function reply(
  res: ServerResponse,
  call: TwirpCall,
  status: number,
  body: object,
  headers: Record<string, string> = {},
): void {
  call.status = status;
  sendJson(res, status, body, headers);
}

function authenticate(req: IncomingMessage): Caller {
  const auth = header(req, 'authorization') ?? '';
  const token = /^Bearer (\S+)$/.exec(auth)?.[1];
  if (token === undefined) throw new TwirpError('unauthenticated', 'missing bearer token');
  const ids = parseRuntimeToken(token);
  if (ids === undefined)
    throw new TwirpError('unauthenticated', 'token has no Actions.Results scope');
  return ids;
}

function parseRequest(req: IncomingMessage, body: Buffer): TwirpRequest {
  const type = header(req, 'content-type') ?? '';
  if (!type.startsWith('application/json')) {
    throw new TwirpError('bad_route', `unsupported content type ${type}`);
  }
  const parsed = parseJson(body);
  if (!isRecord(parsed)) throw new TwirpError('malformed', 'body is not a JSON object');
  return parsed;
}

export function stringField(request: TwirpRequest, name: string, required = true): string {
  const value = request[name];
  if (value === undefined && !required) return '';
  if (typeof value !== 'string' || (required && value === '')) {
    throw new TwirpError('invalid_argument', `${name} is required and must be a string`);
  }
  return value;
}

/** An int64 field: protobuf JSON writes it as a decimal string (numbers are accepted too). */
export function int64Field(request: TwirpRequest, name: string): number | undefined {
  const value = request[name];
  if (value === undefined) return undefined;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^-?\d+$/.test(text)) {
    throw new TwirpError('invalid_argument', `${name} must be an int64`);
  }
  return Number(text);
}

/** The caller may only act on its own run and job: the ids in the body must be its token's. */
export function requireOwnIds(request: TwirpRequest, caller: BackendIds): void {
  requireOwnRun(request, caller);
  const job = stringField(request, 'workflow_job_run_backend_id');
  if (job !== caller.jobBackendId) {
    throw new TwirpError('permission_denied', `job backend id ${job} is not the token's`);
  }
}

/**
 * Reads may name another job of the caller's run: the client passes on the ids of the job that
 * uploaded the artifact (as ListArtifacts returned them) to GetSignedArtifactURL and DeleteArtifact.
 */
export function requireOwnRun(request: TwirpRequest, caller: BackendIds): string {
  const run = stringField(request, 'workflow_run_backend_id');
  if (run !== caller.runBackendId) {
    throw new TwirpError('permission_denied', `run backend id ${run} is not the token's`);
  }
  return stringField(request, 'workflow_job_run_backend_id');
}
