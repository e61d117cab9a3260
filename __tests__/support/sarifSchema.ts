// The OASIS SARIF 2.1.0 schema (SchemaStore's copy, vendored in __tests__/fixtures/schemastore)
// as a validator: the problems with a log, none when it is valid SARIF.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { ajvFor, describeSchemaErrors, schemaDir, type Json } from '../action/workflowRules.js';

let compiled: ValidateFunction | undefined;

export function sarifSchemaProblems(log: unknown): string[] {
  if (compiled === undefined) {
    const schema = JSON.parse(readFileSync(join(schemaDir, 'sarif-2.1.0.json'), 'utf8')) as Json;
    compiled = ajvFor(schema).compile(schema);
  }
  return compiled(log) ? [] : describeSchemaErrors(compiled.errors ?? []);
}
