#!/usr/bin/env node
// Extracts the few request-body schemas the fake GitHub API validates against from an
// unpacked `@octokit/openapi` package (~385 MB, too big to depend on) into a small fixture.
//
//   cd "$(mktemp -d)" && npm pack @octokit/openapi && tar -xzf octokit-openapi-*.tgz
//   node scripts/extract-openapi-fixture.mjs "$PWD/package" [out.json]
//
// Every `$ref` a schema needs is inlined, so each operation's schema compiles on its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

/** @typedef {{ method: string, path: string }} OperationRef */

/** @type {Record<string, OperationRef>} */
const OPERATIONS = {
  'checks/create': { method: 'post', path: '/repos/{owner}/{repo}/check-runs' },
  'checks/update': { method: 'patch', path: '/repos/{owner}/{repo}/check-runs/{check_run_id}' },
};

const DEFAULT_OUT = fileURLToPath(
  new URL('../__tests__/fixtures/github-openapi.json', import.meta.url),
);

/**
 * @param {unknown} root
 * @param {string} ref
 * @returns {unknown}
 */
function lookup(root, ref) {
  if (!ref.startsWith('#/')) throw new Error(`external $ref not supported: ${ref}`);
  /** @type {unknown} */
  let node = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !(key in node)) {
      throw new Error(`dangling $ref: ${ref}`);
    }
    node = /** @type {Record<string, unknown>} */ (node)[key];
  }
  return node;
}

/**
 * Returns a copy of `node` with every `$ref` replaced by its target, recursively.
 * @param {unknown} root
 * @param {unknown} node
 * @param {string[]} trail refs being expanded, to refuse cycles instead of looping
 * @returns {unknown}
 */
function inline(root, node, trail = []) {
  if (Array.isArray(node)) return node.map((item) => inline(root, item, trail));
  if (typeof node !== 'object' || node === null) return node;
  const record = /** @type {Record<string, unknown>} */ (node);
  const ref = record['$ref'];
  if (typeof ref === 'string') {
    if (trail.includes(ref)) throw new Error(`recursive $ref cannot be inlined: ${ref}`);
    return inline(root, lookup(root, ref), [...trail, ref]);
  }
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(record)) out[key] = inline(root, value, trail);
  return out;
}

/**
 * @param {unknown} spec
 * @param {string} id
 * @param {OperationRef} operation
 */
function extractOperation(spec, id, operation) {
  const pointer = `#/paths/${operation.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${operation.method}`;
  const found = /** @type {Record<string, unknown>} */ (lookup(spec, pointer));
  if (found['operationId'] !== id) {
    throw new Error(`${pointer} is ${String(found['operationId'])}, expected ${id}`);
  }
  const body = /** @type {Record<string, unknown>} */ (inline(spec, found['requestBody']));
  const content = /** @type {Record<string, Record<string, unknown>>} */ (body['content']);
  const json = content['application/json'];
  if (json === undefined) throw new Error(`${id} has no application/json request body`);
  const docs = /** @type {Record<string, unknown> | undefined} */ (found['externalDocs']);
  return {
    method: operation.method.toUpperCase(),
    path: operation.path,
    documentation_url: docs?.['url'],
    schema: json['schema'],
    examples: json['examples'] ?? {},
  };
}

/**
 * @param {string} path
 * @returns {unknown}
 */
function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * @param {string} packageDir
 * @param {string} outFile
 */
async function main(packageDir, outFile) {
  const pkg = /** @type {{ name: string, version: string }} */ (
    readJson(join(packageDir, 'package.json'))
  );
  const file = 'generated/api.github.com.json';
  const spec = /** @type {{ openapi: string }} */ (readJson(join(packageDir, file)));
  /** @type {Record<string, unknown>} */
  const operations = {};
  for (const [id, operation] of Object.entries(OPERATIONS)) {
    operations[id] = extractOperation(spec, id, operation);
  }
  const fixture = {
    $comment: `Request-body schemas extracted from ${pkg.name}@${pkg.version} (${file}) by scripts/extract-openapi-fixture.mjs. Regenerate, do not edit.`,
    'x-source': {
      package: pkg.name,
      version: pkg.version,
      file,
      openapi: spec.openapi,
    },
    operations,
  };
  // Formatted as the repository's `prettier --check` expects, so regenerating stays lint-clean.
  const options = (await prettier.resolveConfig(outFile)) ?? {};
  const text = await prettier.format(JSON.stringify(fixture), { ...options, filepath: outFile });
  writeFileSync(outFile, text);
  process.stdout.write(`wrote ${Object.keys(operations).join(', ')} from ${pkg.version}\n`);
}

const [packageDir, outFile] = process.argv.slice(2);
if (packageDir === undefined) {
  process.stderr.write(
    'usage: extract-openapi-fixture.mjs <unpacked @octokit/openapi dir> [out]\n',
  );
  process.exit(2);
}
await main(packageDir, outFile ?? DEFAULT_OUT);
