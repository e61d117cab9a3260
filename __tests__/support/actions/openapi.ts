// Request-body validation against GitHub's published OpenAPI description, from the fixture
// scripts/extract-openapi-fixture.mjs cuts out of @octokit/openapi.
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

export type OperationId = 'checks/create' | 'checks/update';

type Operation = {
  method: string;
  path: string;
  documentation_url: string;
  schema: object;
  examples: Record<string, { value: unknown }>;
};

type Fixture = {
  'x-source': { package: string; version: string };
  operations: Record<OperationId, Operation>;
};

// ajv-formats is CommonJS; under Node's ESM interop its function may sit on `.default`.
type AddFormats = (ajv: Ajv) => unknown;
const formatsModule = addFormatsModule as unknown as AddFormats & { default?: AddFormats };
const addFormats: AddFormats = formatsModule.default ?? formatsModule;

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/github-openapi.json', import.meta.url), 'utf8'),
) as Fixture;

// OpenAPI 3.0 schemas are a draft-04/07 dialect; `strict: false` lets through its extra
// keywords (`example`, `x-*`); Ajv knows OpenAPI's `nullable` itself.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validators = new Map<OperationId, ValidateFunction>();

function validator(id: OperationId): ValidateFunction {
  let validate = validators.get(id);
  if (validate === undefined) {
    validate = ajv.compile(fixture.operations[id].schema);
    validators.set(id, validate);
  }
  return validate;
}

export const OPENAPI_SOURCE = `${fixture['x-source'].package}@${fixture['x-source'].version}`;

/** Problems with `body` as GitHub words them ("For 'properties/x', ..."); empty when valid. */
export function requestBodyErrors(id: OperationId, body: unknown): string[] {
  const validate = validator(id);
  if (validate(body)) return [];
  return (validate.errors ?? []).map(describe);
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the body' : `'properties${error.instancePath}'`;
  return `For ${where}, ${error.message ?? error.keyword} (${error.schemaPath}).`;
}

export function documentationUrl(id: OperationId): string {
  return fixture.operations[id].documentation_url;
}

/** The request examples GitHub publishes with the operation. */
export function publishedExamples(id: OperationId): unknown[] {
  return Object.values(fixture.operations[id].examples).map((example) => example.value);
}
