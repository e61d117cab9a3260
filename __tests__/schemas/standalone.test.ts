// The bundles validate with code the build generated from the schemas (standalone.ts), the
// sources with validators Ajv compiles at run time from the same set-up. Both must judge every
// document alike, errors included: the generated module runs here in a process of its own,
// as the bundles run it, against real documents and broken ones.
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { schemaDocuments, type SchemaName } from '../../src/schemas/documents.js';
import { schemaAjv } from '../../src/schemas/schemaAjv.js';
import { standaloneValidatorsCode } from '../../src/schemas/standalone.js';

// Inside the repository, so the generated code's imports resolve from node_modules.
const DIR = join(process.cwd(), 'node_modules', '.cache', 'dog-standalone-test');

type Verdict = { valid: boolean; errors: unknown };
type Case = { schema: SchemaName; document: unknown };

async function exampleDocuments(): Promise<Case[]> {
  const cases: Case[] = [];
  for (const example of ['deck', 'release-bundle']) {
    const dir = join(process.cwd(), 'examples', example, '.dog');
    cases.push({
      schema: 'graph',
      document: parse(await readFile(join(dir, 'graph.yaml'), 'utf8')),
    });
    cases.push({
      schema: 'config',
      document: parse(await readFile(join(dir, 'config.yaml'), 'utf8')),
    });
  }
  return cases;
}

/** Each example broken the ways people break them, and odd values for every schema. */
function brokenCases(examples: readonly Case[]): Case[] {
  const broken: Case[] = [];
  for (const { schema, document } of examples) {
    const doc = document as Record<string, unknown>;
    broken.push({ schema, document: { ...doc, unknownField: true } });
    const [first] = Object.keys(doc);
    if (first) broken.push({ schema, document: { ...doc, [first]: 1 } });
    broken.push({ schema, document: { ...doc, schemaVersion: 1 } });
  }
  for (const schema of Object.keys(schemaDocuments) as SchemaName[])
    for (const document of [{}, [], null, 'text', 0, { runId: 'x', at: 'not a date' }])
      broken.push({ schema, document });
  return broken;
}

function runtimeVerdicts(cases: readonly Case[]): Verdict[] {
  const ajv = schemaAjv();
  return cases.map(({ schema, document }) => {
    const validate = ajv.getSchema(schemaDocuments[schema].$id);
    if (!validate) throw new Error(`no ${schema}`);
    const valid = validate(document) === true;
    return { valid, errors: validate.errors ?? null };
  });
}

async function generatedVerdicts(cases: readonly Case[]): Promise<Verdict[]> {
  await mkdir(DIR, { recursive: true });
  const shim =
    "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n";
  await writeFile(join(DIR, 'validators.mjs'), shim + standaloneValidatorsCode());
  const ids = cases.map(({ schema }) => schemaDocuments[schema].$id);
  const program = `
    import { precompiledValidators } from './validators.mjs';
    import { readFileSync } from 'node:fs';
    const { ids, documents } = JSON.parse(readFileSync(0, 'utf8'));
    const verdicts = documents.map((document, i) => {
      const validate = precompiledValidators[ids[i]];
      const valid = validate(document);
      return { valid, errors: validate.errors ?? null };
    });
    process.stdout.write(JSON.stringify(verdicts));`;
  await writeFile(join(DIR, 'judge.mjs'), program);
  const input = JSON.stringify({ ids, documents: cases.map((c) => c.document) });
  const child = spawnSync(process.execPath, [join(DIR, 'judge.mjs')], { input, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`the generated validators failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Verdict[];
}

afterAll(async () => {
  await rm(DIR, { recursive: true, force: true });
});

test('the generated validators judge real and broken documents as Ajv does at run time', async () => {
  const examples = await exampleDocuments();
  const cases = [...examples, ...brokenCases(examples)];
  const runtime = runtimeVerdicts(cases);
  expect(runtime.slice(0, examples.length).every((v) => v.valid)).toBe(true);
  expect(runtime.filter((v) => !v.valid).length).toBeGreaterThan(cases.length / 2);
  expect(await generatedVerdicts(cases)).toEqual(JSON.parse(JSON.stringify(runtime)));
});

test('every schema has a generated validator, and the sources compile none ahead', async () => {
  const code = standaloneValidatorsCode();
  for (const document of Object.values(schemaDocuments))
    expect(code).toContain(`${JSON.stringify(document.$id)}: schema`);
  const { precompiledValidators } = await import('../../src/schemas/precompiled.js');
  expect(precompiledValidators).toBeUndefined();
});

test('the bundles carry the generated validators', async () => {
  const dist = join(process.cwd(), 'dist');
  const { readdir } = await import('node:fs/promises');
  const chunks = (await readdir(dist)).filter((name) => name.endsWith('.js'));
  let found = false;
  for (const chunk of chunks) {
    const text = await readFile(join(dist, chunk), 'utf8');
    if (text.includes('src/schemas/precompiled.ts') && text.includes('precompiledValidators = {'))
      found = true;
  }
  expect(found).toBe(true);
});
