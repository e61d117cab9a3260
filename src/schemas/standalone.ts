// The project's validators as code, for the build (scripts/build.mjs): an ES module whose
// `precompiledValidators` maps each schema's $id to its validate function, compiled by Ajv
// from schemaAjv() — the same instance, options and formats the run-time path uses.
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { schemaDocuments } from './documents.js';
import { schemaAjv } from './schemaAjv.js';

type StandaloneCode = (ajv: ReturnType<typeof schemaAjv>, refs: Record<string, string>) => string;
const standaloneModule = standaloneCodeModule as unknown as StandaloneCode & {
  default?: StandaloneCode;
};
const standaloneCode: StandaloneCode = standaloneModule.default ?? standaloneModule;

export function standaloneValidatorsCode(): string {
  const ids = Object.values(schemaDocuments).map((document) => document.$id);
  const refs = Object.fromEntries(ids.map((id, i) => [`schema${i}`, id]));
  const byId = ids.map((id, i) => `${JSON.stringify(id)}: schema${i}`).join(',\n  ');
  return `${standaloneCode(schemaAjv(true), refs)}\nexport const precompiledValidators = {\n  ${byId}\n};\n`;
}
