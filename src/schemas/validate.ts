import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { quoted } from '../core/echo.js';
import type { Problem } from '../core/errors.js';
import type { JudgeOutput } from '../core/types.js';
import { schemaDocuments, type SchemaName } from './documents.js';
import { precompiledValidators } from './precompiled.js';
import { schemaAjv } from './schemaAjv.js';

const compiled = new Map<SchemaName, ValidateFunction>();
let runtimeAjv: Ajv2020 | undefined;

/** The build's validator for `name`, or one compiled now from the same set-up. */
function validatorFor(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    const id = schemaDocuments[name].$id;
    validate = precompiledValidators?.[id] ?? (runtimeAjv ??= schemaAjv()).getSchema(id);
    if (!validate) throw new Error(`schema ${name} is not registered`);
    compiled.set(name, validate);
  }
  return validate;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

/** Validates a payload against one of the project's schemas; problems carry JSON pointers. */
export function validateAgainst<T>(name: SchemaName, value: unknown): Validation<T> {
  const validate = validatorFor(name);
  if (validate(value)) return { ok: true, value: value as T };
  return { ok: false, problems: describeErrors(validate.errors ?? [], value) };
}

export function validateJudgeOutput(value: unknown): Validation<JudgeOutput> {
  return validateAgainst<JudgeOutput>('judgeOutput', value);
}

/**
 * Turns Ajv errors into one readable problem per location, dropping combinator noise;
 * `value`, the validated document, lets a message quote what was written.
 */
export function describeErrors(errors: readonly ErrorObject[], value?: unknown): Problem[] {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of errors) {
    if (error.keyword === 'if' || error.keyword === 'oneOf' || error.keyword === 'anyOf') continue;
    const problem = {
      pointer: error.instancePath,
      message: unquotedMessage(error, value) ?? messageFor(error),
    };
    const key = `${problem.pointer}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  if (problems.length === 0 && errors[0]) {
    problems.push({ pointer: errors[0].instancePath, message: messageFor(errors[0]) });
  }
  return problems;
}

function messageFor(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = String(params.additionalProperty ?? params.unevaluatedProperty);
      return `unknown field ${quoted(key)} (remove it or check its spelling)`;
    }
    case 'required':
      return `missing required field "${String(params.missingProperty)}"`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern':
      return params.pattern === '\\S'
        ? 'must not be blank'
        : `must match ${String(params.pattern)}`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : (error.message ?? 'is too short');
    case 'propertyNames':
      return `has an invalid key: ${error.message ?? ''}`;
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}

/**
 * A number or boolean where a string constant is expected, spelled the same (schemaVersion: 1):
 * YAML read an unquoted scalar, so the fix is to quote it.
 */
function unquotedMessage(error: ErrorObject, value: unknown): string | undefined {
  const allowed = (error.params as { allowedValue?: unknown }).allowedValue;
  if (error.keyword !== 'const' || typeof allowed !== 'string') return undefined;
  const written = valueAt(value, error.instancePath);
  if (typeof written !== 'number' && typeof written !== 'boolean') return undefined;
  if (String(written) !== allowed) return undefined;
  const key = error.instancePath.split('/').pop()?.replace(/~1/g, '/').replace(/~0/g, '~');
  const example = key ? ` (${key}: ${JSON.stringify(allowed)})` : '';
  return `must be ${JSON.stringify(allowed)} (a string), not the ${typeof written} ${String(written)}: quote it${example}`;
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
