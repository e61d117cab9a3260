// The one Ajv set-up for the project's schemas: the options, the formats and every schema
// document. validate.ts compiles from it at run time where no precompiled validators exist
// (tests, `tsx`); the build compiles the same instance to code (standalone.ts), so the bundles
// validate with exactly these rules and never generate code at run time.
import { _, Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { schemaDocuments } from './documents.js';

// ajv-formats is CommonJS; under Node's ESM interop its function may sit on `.default`.
type AddFormats = (ajv: Ajv2020) => unknown;
const formatsModule = addFormatsModule as unknown as AddFormats & { default?: AddFormats };
const addFormats: AddFormats = formatsModule.default ?? formatsModule;

/** `forSource`: keep each validator's code, with formats referenced from ajv-formats. */
export function schemaAjv(forSource = false): Ajv2020 {
  // Validators are compiled from our own schema documents only, never from user data.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    ...(forSource
      ? {
          code: {
            source: true,
            esm: true,
            formats: _`require("ajv-formats/dist/formats").fullFormats`,
          },
        }
      : {}),
  });
  addFormats(ajv);
  for (const document of Object.values(schemaDocuments)) ajv.addSchema(document);
  return ajv;
}
