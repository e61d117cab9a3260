// Validators compiled at build time, by $id. Here, in the sources, there are none: validate.ts
// compiles at run time. The bundles replace this module with the code standalone.ts generates
// (scripts/build.mjs), so the CLI and the Action never generate code while they run.
import type { ValidateFunction } from 'ajv/dist/2020.js';

export const precompiledValidators: Readonly<Record<string, ValidateFunction>> | undefined =
  undefined;
