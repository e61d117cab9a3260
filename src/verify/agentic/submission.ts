// Checks a submit_verdict call and pulls the file/line locations its evidence names.
import { stat } from 'node:fs/promises';
import { canonicalJson } from '../../core/digest.js';
import type { Digest, ErrorInfo, JsonValue, JudgeOutput } from '../../core/types.js';
import { validateJudgeOutput } from '../../schemas/validate.js';
import { isEmptyEvidence } from '../../core/outcome.js';
import { lineCount } from './fileKind.js';
import { resolveInside, type CaptureRoot } from './paths.js';

/** A place in the capture that evidence points at, for annotations. Path is capture-relative. */
export type EvidenceLocation = { path: string; line: number; message: string };

export type SubmissionCheck = { ok: true; output: JudgeOutput } | { ok: false; error: ErrorInfo };

export type SubmissionContext = {
  captureDigest: Digest;
  maxEvidenceBytes: number;
  /** Whether an earlier turn's tool call showed capture content (ToolOutcome.observed). */
  readCapture: boolean;
};

export const MAX_LOCATIONS = 50;
const MAX_MESSAGE_CHARS = 500;
const MAX_WALK_NODES = 10_000;
const MAX_WALK_DEPTH = 32;

function fault(category: ErrorInfo['category'], message: string): SubmissionCheck {
  return { ok: false, error: { category, message } };
}

/** Every value stored under a `captureDigest` key, anywhere in the evidence (bounded walk). */
function claimedDigests(evidence: JsonValue): unknown[] {
  const found: unknown[] = [];
  const stack: [JsonValue, number][] = [[evidence, 0]];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_WALK_NODES) {
    const [value, depth] = stack.pop() as [JsonValue, number];
    visited += 1;
    if (value === null || typeof value !== 'object' || depth > MAX_WALK_DEPTH) continue;
    if (!Array.isArray(value) && 'captureDigest' in value) found.push(value.captureDigest);
    for (const child of Array.isArray(value) ? value : Object.values(value))
      stack.push([child, depth + 1]);
  }
  return found;
}

/** A `captureDigest` named in the evidence that is not the digest of the capture verified. */
export function digestMismatch(evidence: JsonValue, captureDigest: Digest): ErrorInfo | undefined {
  const wrong = claimedDigests(evidence).find((digest) => digest !== captureDigest);
  if (wrong === undefined) return undefined;
  return {
    category: 'digest_mismatch',
    message: `evidence names captureDigest ${snippet(JSON.stringify(wrong))}, but the capture verified is ${captureDigest}`,
  };
}

function snippet(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}

/** Settles a submit_verdict call: schema, evidence, digest, size, proof of reading. */
export function checkSubmission(
  args: Record<string, unknown> | undefined,
  rawArguments: string,
  context: SubmissionContext,
): SubmissionCheck {
  if (args === undefined) {
    return fault(
      'malformed_output',
      `submit_verdict arguments are not a JSON object: ${snippet(rawArguments)}`,
    );
  }
  const validation = validateJudgeOutput(args);
  if (!validation.ok) {
    const problems = validation.problems.slice(0, 5).map((p) => `${p.pointer || '/'} ${p.message}`);
    return fault(
      'malformed_output',
      `submit_verdict does not match the judge-output schema: ${problems.join('; ')}`,
    );
  }
  const output = validation.value;
  const mismatch = digestMismatch(output.evidence, context.captureDigest);
  if (mismatch) return { ok: false, error: mismatch };
  if (output.verdict === 'inconclusive') return { ok: true, output };
  if (isEmptyEvidence(output.evidence)) {
    return fault(
      'empty_evidence',
      `the agent said ${output.verdict} without evidence that says something (a non-blank string, or a number or boolean under a named key)`,
    );
  }
  let bytes: number;
  try {
    bytes = Buffer.byteLength(canonicalJson(output.evidence), 'utf8');
  } catch {
    return fault('malformed_output', 'the evidence cannot be encoded as canonical JSON');
  }
  if (bytes > context.maxEvidenceBytes) {
    return fault(
      'evidence_too_large',
      `evidence is ${bytes} bytes; the limit is ${context.maxEvidenceBytes}`,
    );
  }
  if (output.verdict === 'pass' && !context.readCapture) {
    return fault(
      'unverified_pass',
      'the agent said pass without having read the capture (no read_file that returned content and no search_text that listed a matching line, in a turn before submitting)',
    );
  }
  return { ok: true, output };
}

type Candidate = { path: string; line: number; message: string };

function candidateOf(value: { [key: string]: JsonValue }): Candidate | undefined {
  const { path, line, message } = value;
  if (typeof path !== 'string' || typeof line !== 'number') return undefined;
  if (!Number.isSafeInteger(line) || line < 1) return undefined;
  const text = typeof message === 'string' ? message.slice(0, MAX_MESSAGE_CHARS) : '';
  return { path, line, message: text };
}

/** Objects shaped {path, line, message?} anywhere in the evidence, in document order. */
function candidates(evidence: JsonValue): Candidate[] {
  const found: Candidate[] = [];
  const stack: [JsonValue, number][] = [[evidence, 0]];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_WALK_NODES && found.length < MAX_LOCATIONS * 4) {
    const [value, depth] = stack.pop() as [JsonValue, number];
    visited += 1;
    if (value === null || typeof value !== 'object' || depth > MAX_WALK_DEPTH) continue;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value)) {
      const candidate = candidateOf(value);
      if (candidate) found.push(candidate);
    }
    for (const child of [...children].reverse()) stack.push([child, depth + 1]);
  }
  return found;
}

/**
 * The locations the evidence names that exist in the capture: a regular file inside the root and
 * a line within it. Others are dropped. Bounded, de-duplicated, paths normalized. `toRelative`
 * turns a path as its author wrote it into one relative to the capture root.
 */
export async function extractLocations(
  evidence: JsonValue,
  root: CaptureRoot,
  toRelative: (path: string) => string = (path) => path,
): Promise<EvidenceLocation[]> {
  const result: EvidenceLocation[] = [];
  const seen = new Set<string>();
  const lines = new Map<string, number>();
  for (const candidate of candidates(evidence)) {
    if (result.length >= MAX_LOCATIONS) break;
    const resolved = await resolveInside(root, toRelative(candidate.path));
    if (!resolved.ok) continue;
    let count = lines.get(resolved.abs);
    if (count === undefined) {
      const info = await stat(resolved.abs);
      count = info.isFile() ? await lineCount(resolved.abs, info.size) : 0;
      lines.set(resolved.abs, count);
    }
    if (candidate.line > count) continue;
    const location = { path: resolved.rel, line: candidate.line, message: candidate.message };
    const key = JSON.stringify(location);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(location);
  }
  return result;
}
