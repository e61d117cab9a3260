import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { canonicalJson } from '../core/digest.js';
import type { ErrorInfo, JudgeOutput } from '../core/types.js';
import { validateJudgeOutput } from '../schemas/validate.js';
import { isEmptyEvidence } from '../core/outcome.js';

export type JudgeCheck = { ok: true; output: JudgeOutput } | { ok: false; error: ErrorInfo };

export type JudgeFile =
  | { kind: 'absent' }
  | { kind: 'text'; text: string }
  | { kind: 'too_large'; bytes: number }
  | { kind: 'not_regular' };

const SNIPPET_CHARS = 200;

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS)}…` : flat);
}

/**
 * Reads the judge file the script wrote, at most `maxBytes`. The scratch is writable by the
 * script, so the file is opened without following symlinks and must be a regular file.
 */
export async function readJudgeFile(path: string, maxBytes: number): Promise<JudgeFile> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'not_regular' };
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { kind: 'not_regular' };
    if (stat.size > maxBytes) return { kind: 'too_large', bytes: stat.size };
    // One byte past what stat saw, to notice a file still growing past the bound.
    const buffer = Buffer.alloc(stat.size + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > maxBytes) return { kind: 'too_large', bytes: bytesRead };
    return { kind: 'text', text: buffer.subarray(0, bytesRead).toString('utf8') };
  } finally {
    await handle.close();
  }
}

/** The last line of stdout with anything but whitespace, or undefined. */
export function lastNonEmptyLine(stdout: string): { line: string; first: boolean } | undefined {
  const lines = stdout.split('\n');
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index]?.trim();
    if (line) return { line, first: index === 0 };
  }
  return undefined;
}

function malformed(message: string): JudgeCheck {
  return { ok: false, error: { category: 'malformed_output', message } };
}

/** Parses and checks judge output text: schema, non-empty evidence, evidence size. */
export function checkJudgeText(text: string, maxEvidenceBytes: number, from: string): JudgeCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed(`judge output from ${from} is not JSON: ${snippet(text)}`);
  }
  const validation = validateJudgeOutput(value);
  if (!validation.ok) {
    const problems = validation.problems.slice(0, 5).map((p) => `${p.pointer || '/'} ${p.message}`);
    return malformed(`judge output from ${from} does not match the schema: ${problems.join('; ')}`);
  }
  const output = validation.value;
  let canonical: string;
  try {
    canonical = canonicalJson(output.evidence);
  } catch {
    // Non-finite numbers (1e999) or nesting too deep to encode.
    return malformed(
      `judge output from ${from} has evidence that cannot be encoded as canonical JSON`,
    );
  }
  if (isEmptyEvidence(output.evidence)) {
    return {
      ok: false,
      error: {
        category: 'empty_evidence',
        message: `judge output from ${from} has empty evidence (${snippet(canonical)}); a verdict needs evidence that says something: a non-blank string, or a number or boolean under a named key`,
      },
    };
  }
  const bytes = Buffer.byteLength(canonical);
  if (bytes > maxEvidenceBytes) {
    return {
      ok: false,
      error: {
        category: 'evidence_too_large',
        message: `evidence is ${bytes} bytes (canonical JSON); the limit is ${maxEvidenceBytes}`,
      },
    };
  }
  return { ok: true, output };
}
