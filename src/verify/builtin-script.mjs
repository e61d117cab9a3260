// @ts-check
// DoG built-in programmatic scripts. Dependency-free: it runs inside the sandbox with nothing
// but Node. Usage: node builtin-script.mjs <name>, with DOG_TARGET, DOG_PARAMS and DOG_OUTPUT
// set as for any programmatic script. It always writes one judge output and exits 0 unless it
// was called wrongly (unknown name) or met a fault it cannot describe.

import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, readdirSync, statSync, writeFileSync } from 'node:fs';

/** @typedef {{ [key: string]: JsonValue }} JsonObject */
/** @typedef {null | boolean | number | string | JsonArray | JsonObject} JsonValue */
/** @typedef {{ [index: number]: JsonValue, length: number }} JsonArray */
/** @typedef {{ verdict: 'pass' | 'fail' | 'inconclusive', evidence: JsonValue }} Judge */
/** @typedef {{ [key: string]: JsonValue }} Params */

const CHUNK_BYTES = 64 * 1024;
const MAX_JSON_BYTES = 64 * 1024 * 1024;
const MAX_SEARCH_TEXT_BYTES = 4096;
const SAMPLE_NAMES = 20;

/** @param {JsonValue} evidence @returns {Judge} */
const pass = (evidence) => ({ verdict: 'pass', evidence });
/** @param {JsonValue} evidence @returns {Judge} */
const fail = (evidence) => ({ verdict: 'fail', evidence });
/** @param {JsonValue} evidence @returns {Judge} */
const inconclusive = (evidence) => ({ verdict: 'inconclusive', evidence });

/** @param {string} path */
function kindOf(path) {
  try {
    const stat = statSync(path);
    if (stat.isFile()) return 'file';
    if (stat.isDirectory()) return 'directory';
    return 'other';
  } catch {
    return 'missing';
  }
}

/**
 * Reads a file in chunks, handing each to `onChunk`; returns its size.
 * @param {string} path @param {(chunk: Buffer) => boolean | void} onChunk return true to stop
 */
function readChunks(path, onChunk) {
  const fd = openSync(path, 'r');
  const buffer = Buffer.alloc(CHUNK_BYTES);
  let total = 0;
  try {
    for (;;) {
      const count = readSync(fd, buffer, 0, buffer.length, null);
      if (count === 0) return total;
      total += count;
      if (onChunk(buffer.subarray(0, count)) === true) return total;
    }
  } finally {
    closeSync(fd);
  }
}

/** @param {string} path @returns {{ bytes: number, sha256: string }} */
function hashFile(path) {
  const hash = createHash('sha256');
  const bytes = readChunks(path, (chunk) => {
    hash.update(chunk);
  });
  return { bytes, sha256: hash.digest('hex') };
}

/** @param {string} path @param {string} expected @returns {Judge} */
function wrongKind(path, expected) {
  return fail({ path, expected, found: kindOf(path) === 'missing' ? 'nothing' : kindOf(path) });
}

/**
 * Params must be exactly the listed keys (all required). Returns a problem or undefined.
 * @param {JsonValue} params @param {string[]} keys @returns {string | undefined}
 */
function paramProblem(params, keys) {
  if (keys.length === 0) {
    const empty = params === null || (isObject(params) && Object.keys(params).length === 0);
    return empty ? undefined : 'this script takes no params';
  }
  if (!isObject(params)) return `params must be an object with ${keys.join(', ')}`;
  const unknown = Object.keys(params).filter((key) => !keys.includes(key));
  if (unknown.length > 0) return `unknown params: ${unknown.join(', ')}`;
  const missing = keys.filter((key) => !(key in params));
  if (missing.length > 0) return `missing params: ${missing.join(', ')}`;
  return undefined;
}

/** @param {JsonValue} value @returns {value is Params} */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @param {string} path @param {string} problem @param {JsonValue} params @returns {Judge} */
function badParams(path, problem, params) {
  return inconclusive({ path, problem: `invalid params: ${problem}`, params });
}

/** @type {Record<string, (path: string, params: JsonValue) => Judge>} */
const scripts = {
  'file.exists': (path, params) => {
    const problem = paramProblem(params, []);
    if (problem) return badParams(path, problem, params);
    if (kindOf(path) !== 'file') return wrongKind(path, 'a regular file');
    return pass({ path, exists: true, ...hashFile(path) });
  },

  'file.non_empty': (path, params) => {
    const problem = paramProblem(params, []);
    if (problem) return badParams(path, problem, params);
    if (kindOf(path) !== 'file') return wrongKind(path, 'a non-empty regular file');
    const facts = hashFile(path);
    if (facts.bytes > 0) return pass({ path, ...facts });
    return fail({ path, expected: 'a non-empty regular file', found: 'an empty file (0 bytes)' });
  },

  'file.sha256': (path, params) => {
    const problem = paramProblem(params, ['sha256']);
    if (problem) return badParams(path, problem, params);
    const raw = /** @type {Params} */ (params).sha256;
    const expected = typeof raw === 'string' ? raw.toLowerCase().replace(/^sha256:/, '') : '';
    if (!/^[0-9a-f]{64}$/.test(expected)) {
      return badParams(path, 'params.sha256 must be 64 hexadecimal characters', params);
    }
    if (kindOf(path) !== 'file') return wrongKind(path, `a regular file with sha256 ${expected}`);
    const facts = hashFile(path);
    if (facts.sha256 === expected) return pass({ path, ...facts });
    return fail({
      path,
      bytes: facts.bytes,
      expected: { sha256: expected },
      found: { sha256: facts.sha256 },
    });
  },

  'text.includes': (path, params) => {
    const problem = paramProblem(params, ['text']);
    if (problem) return badParams(path, problem, params);
    const text = /** @type {Params} */ (params).text;
    if (typeof text !== 'string' || text.length === 0) {
      return badParams(path, 'params.text must be a non-empty string', params);
    }
    if (Buffer.byteLength(text) > MAX_SEARCH_TEXT_BYTES) {
      return badParams(path, `params.text must be at most ${MAX_SEARCH_TEXT_BYTES} bytes`, params);
    }
    if (kindOf(path) !== 'file') return wrongKind(path, 'a regular file to search');
    const found = searchFile(path, Buffer.from(text, 'utf8'));
    if (found.offset >= 0)
      return pass({ path, text, bytes: found.bytes, offset: found.offset, line: found.line });
    return fail({
      path,
      bytes: found.bytes,
      expected: { includes: text },
      found: 'text not present',
    });
  },

  'json.valid': (path, params) => {
    const problem = paramProblem(params, []);
    if (problem) return badParams(path, problem, params);
    if (kindOf(path) !== 'file') return wrongKind(path, 'a regular file holding JSON');
    const bytes = statSync(path).size;
    if (bytes > MAX_JSON_BYTES) {
      return inconclusive({
        path,
        bytes,
        problem: `file exceeds the ${MAX_JSON_BYTES}-byte JSON parse limit`,
      });
    }
    return checkJson(path);
  },

  'dir.non_empty': (path, params) => {
    const problem = paramProblem(params, []);
    if (problem) return badParams(path, problem, params);
    if (kindOf(path) !== 'directory') return wrongKind(path, 'a non-empty directory');
    const names = readdirSync(path).sort();
    if (names.length === 0) {
      return fail({
        path,
        expected: 'a directory with at least one entry',
        found: 'an empty directory',
      });
    }
    return pass({ path, entries: names.length, names: names.slice(0, SAMPLE_NAMES) });
  },
};

/**
 * Streams the file looking for the needle, carrying the last needle-1 bytes across chunks.
 * @param {string} path @param {Buffer} needle
 */
function searchFile(path, needle) {
  let carry = Buffer.alloc(0);
  let base = 0; // file offset of carry[0]
  let newlinesBeforeBase = 0;
  let offset = -1;
  let line = 0;
  const bytes = readChunks(path, (chunk) => {
    const window = Buffer.concat([carry, chunk]);
    const at = window.indexOf(needle);
    if (at >= 0) {
      offset = base + at;
      line = newlinesBeforeBase + countNewlines(window.subarray(0, at)) + 1;
      return true;
    }
    const keep = Math.min(window.length, needle.length - 1);
    newlinesBeforeBase += countNewlines(window.subarray(0, window.length - keep));
    base += window.length - keep;
    carry = Buffer.from(window.subarray(window.length - keep));
    return false;
  });
  return { bytes: offset >= 0 ? statSync(path).size : bytes, offset, line };
}

/** @param {Buffer} buffer */
function countNewlines(buffer) {
  let count = 0;
  for (let at = buffer.indexOf(10); at >= 0; at = buffer.indexOf(10, at + 1)) count += 1;
  return count;
}

/** @param {string} path @returns {Judge} */
function checkJson(path) {
  /** @type {Buffer[]} */
  const chunks = [];
  readChunks(path, (chunk) => {
    chunks.push(Buffer.from(chunk));
  });
  const data = Buffer.concat(chunks);
  const sha256 = createHash('sha256').update(data).digest('hex');
  const facts = { path, bytes: data.length, sha256 };
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return fail({ ...facts, expected: 'valid JSON', found: 'bytes that are not valid UTF-8' });
  }
  try {
    const value = JSON.parse(text);
    return pass({
      ...facts,
      type: Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail({ ...facts, expected: 'valid JSON', found: message.slice(0, 500) });
  }
}

/** @returns {JsonValue | Error} */
function readParams() {
  const raw = process.env.DOG_PARAMS;
  if (raw === undefined || raw === '') return null;
  try {
    return JSON.parse(raw);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function main() {
  const name = process.argv[2] ?? '';
  const script = Object.hasOwn(scripts, name) ? scripts[name] : undefined;
  if (!script) {
    process.stderr.write(
      `unknown built-in script "${name}"; known: ${Object.keys(scripts).join(', ')}\n`,
    );
    process.exitCode = 2;
    return;
  }
  const target = process.env.DOG_TARGET;
  const params = readParams();
  /** @type {Judge} */
  let judge;
  if (!target) judge = inconclusive({ problem: 'DOG_TARGET is not set' });
  else if (params instanceof Error) {
    judge = badParams(target, `DOG_PARAMS is not JSON (${params.message})`, null);
  } else judge = script(target, params);
  const line = JSON.stringify(judge);
  const output = process.env.DOG_OUTPUT;
  if (output) writeFileSync(output, `${line}\n`);
  else process.stdout.write(`${line}\n`);
}

main();
