// Check-run annotations for failing and waiting goals: the goal's own annotation (its reason
// and next step) at the first file/line location its evidence names, else on line 1 of its
// target; then one per further location, with the evidence's own message. Annotation text is
// plain text on GitHub, so it is only cleaned of control characters and cut to GitHub's sizes.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { ReportSettlement, RunReport } from '../../core/report/model.js';
import { nextStepOf } from '../../core/report/nextStep.js';
import { reasonOf } from '../../core/report/reason.js';
import type { EvidenceLocation } from '../../core/types.js';
import { goalEntries, type GoalEntry } from './goals.js';
import { cleanText, truncateBytes, truncateChars } from './markdown.js';

export type AnnotationLevel = 'notice' | 'warning' | 'failure';

/** GitHub's check-run annotation object (the optional column fields are not used). */
export type Annotation = {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: AnnotationLevel;
  message: string;
  title?: string;
  raw_details?: string;
};

/**
 * GitHub documents `message` and `raw_details` as "64 KB" and `title` as 255 characters;
 * 64,000 bytes is within either reading of "KB".
 */
export const ANNOTATION_LIMITS = { messageBytes: 64_000, rawDetailsBytes: 64_000, titleChars: 255 };

/**
 * Our cap per check run. GitHub documents 50 annotations per request (later updates append)
 * but no total per check run that we could confirm; 1,000 bounds a run to 20 update calls.
 */
export const DEFAULT_MAX_ANNOTATIONS = 1000;

export type AnnotationSet = {
  annotations: Annotation[];
  /** Annotations made before the cap. */
  total: number;
  /** Left out by the cap. */
  omitted: number;
  /** The cap that applied. */
  cap: number;
  /** Goals and locations with no usable path: a whole-workspace target or an unsafe path. */
  unplaced: number;
};

/**
 * A repository-relative path for GitHub: `./a//b/` → `a/b` (the workspace is taken to be
 * the repository checkout). Undefined for the workspace root itself and for anything that
 * is not a plain relative path (absolute, `..`, backslashes, control characters): evidence
 * is untrusted and must not point outside.
 *
 * A directory target is annotated on the directory path itself. GitHub documents `path`
 * only as "the path of the file"; the request schema takes any string, and an annotation
 * that matches no file in the diff is listed on the check run without being placed on a
 * line. That GitHub accepts a directory path at run time is not verified here.
 */
export function annotationPath(path: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path) || path.startsWith('/') || /^[A-Za-z]:/.test(path)) {
    return undefined;
  }
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0 || segments.includes('..')) return undefined;
  return segments.join('/');
}

/** needs_human → warning; failure → failure, or notice when the graph absorbed it. */
export function annotationLevel(entry: GoalEntry): AnnotationLevel | undefined {
  const state = entry.settlement.state;
  if (state === 'needs_human') return 'warning';
  if (state === 'failure') return entry.tolerated ? 'notice' : 'failure';
  return undefined;
}

function plain(text: string, maxBytes: number): string {
  return truncateBytes(cleanText(text), maxBytes);
}

function titleOf(text: string): string {
  return truncateChars(cleanText(text).replace(/\s+/g, ' '), ANNOTATION_LIMITS.titleChars);
}

function evidenceDetails(s: ReportSettlement): string | undefined {
  if (s.evidence === undefined) return undefined;
  const json = cleanText(JSON.stringify(s.evidence, null, 2));
  const max = ANNOTATION_LIMITS.rawDetailsBytes;
  if (Buffer.byteLength(json) <= max) return json;
  const tail = '\n… (cut; the full evidence is in the report)';
  return truncateBytes(json, max - Buffer.byteLength(tail)) + tail;
}

type Place = { path: string; line: number; said?: string };

function lineOf(location: EvidenceLocation): number {
  return Number.isSafeInteger(location.line) && location.line >= 1 ? location.line : 1;
}

function goalAnnotation(entry: GoalEntry, place: Place, level: AnnotationLevel): Annotation {
  const s = entry.settlement;
  const step = nextStepOf(s);
  const lines = [
    `${entry.key}: ${entry.title}`,
    `${s.state}${entry.tolerated ? ' (tolerated)' : ''}: ${reasonOf(s) ?? s.state}`,
  ];
  if (place.said !== undefined) lines.push(`Here: ${place.said}`);
  if (step !== undefined) lines.push(`Next step: ${step}`);
  if (entry.tolerated) {
    lines.push('The graph tolerates this failure, so it does not fail the run on its own.');
  }
  if (s.error) lines.push('', s.error.message);
  const details = evidenceDetails(s);
  return {
    path: place.path,
    start_line: place.line,
    end_line: place.line,
    annotation_level: level,
    message: plain(lines.join('\n'), ANNOTATION_LIMITS.messageBytes),
    title: titleOf(`DoG ${entry.key}: ${s.state}${entry.tolerated ? ' (tolerated)' : ''}`),
    ...(details === undefined ? {} : { raw_details: details }),
  };
}

function locationAnnotation(
  entry: GoalEntry,
  location: EvidenceLocation,
  path: string,
  level: AnnotationLevel,
): Annotation {
  const line = lineOf(location);
  const said = location.message.trim() === '' ? 'named by the evidence' : location.message;
  return {
    path,
    start_line: line,
    end_line: line,
    annotation_level: level,
    message: plain(
      `${said}\n(evidence of goal ${entry.key}: ${entry.title})`,
      ANNOTATION_LIMITS.messageBytes,
    ),
    title: titleOf(`DoG ${entry.key}: ${entry.settlement.state} at line ${line}`),
  };
}

/** The locations with a usable path, in evidence order, and how many had none. */
function placedLocations(locations: readonly EvidenceLocation[]): {
  places: { place: Place; location: EvidenceLocation }[];
  unplaced: number;
} {
  const places: { place: Place; location: EvidenceLocation }[] = [];
  let unplaced = 0;
  for (const location of locations) {
    const path = annotationPath(location.path);
    if (path === undefined) unplaced += 1;
    else {
      const said = location.message.trim() === '' ? undefined : location.message;
      places.push({ place: { path, line: lineOf(location), ...(said ? { said } : {}) }, location });
    }
  }
  return { places, unplaced };
}

/**
 * Every annotation of the report, capped at `max`. Goals come in `goalEntries` order
 * (failures, then goals waiting for a person, then tolerated failures), each followed by
 * its locations, so the annotations are most severe first and a cap keeps the worst.
 */
export function buildAnnotations(
  report: RunReport,
  graph: CompiledGraph,
  max = DEFAULT_MAX_ANNOTATIONS,
): AnnotationSet {
  const made: Annotation[] = [];
  let unplaced = 0;
  for (const entry of goalEntries(report, graph)) {
    const level = annotationLevel(entry);
    if (!level || entry.kind === 'composite') continue;
    const placed = placedLocations(entry.settlement.locations ?? []);
    unplaced += placed.unplaced;
    const [first, ...rest] = placed.places;
    const target = annotationPath(entry.settlement.target ?? '');
    if (first) made.push(goalAnnotation(entry, first.place, level));
    else if (target === undefined) unplaced += 1;
    else made.push(goalAnnotation(entry, { path: target, line: 1 }, level));
    for (const { place, location } of rest) {
      made.push(locationAnnotation(entry, location, place.path, level));
    }
  }
  const cap = Math.max(0, Math.floor(max));
  return {
    annotations: made.slice(0, cap),
    total: made.length,
    omitted: Math.max(0, made.length - cap),
    cap,
    unplaced,
  };
}
