// One SARIF result per goal a person should look at: its rule (the goal), its level (from the
// state), where the evidence points, and a fingerprint from the GM digest, so that the same
// verdict on the same bytes and verifier is the same alert in every run.
import type { ReportSettlement } from '../../core/report/model.js';
import { nextStepOf } from '../../core/report/nextStep.js';
import { reasonOf } from '../../core/report/reason.js';
import type { EvidenceLocation } from '../../core/types.js';
import { annotationPath } from '../github/annotations.js';
import type { GoalEntry } from '../github/goals.js';
import { cleanText } from '../github/markdown.js';
import { cutText, type SarifLimits } from './limits.js';
import type { SarifLevel, SarifLocation, SarifResult, SarifRule } from './types.js';

/** The key under `partialFingerprints`; a new version if what it hashes ever changes. */
export const FINGERPRINT_KEY = 'dogGmDigest/v1';

/**
 * failure → error (a failure the graph tolerates → note, as its annotation is a notice),
 * needs_human → warning, any other inconclusive verdict (a cancelled vote) → note. Passing,
 * pending and blocked goals have none: a blocked goal's cause has its own result.
 */
export function sarifLevel(entry: GoalEntry): SarifLevel | undefined {
  const { state, verdict } = entry.settlement;
  if (state === 'failure') return entry.tolerated ? 'note' : 'error';
  if (state === 'needs_human') return 'warning';
  if (verdict === 'inconclusive' && state !== 'success') return 'note';
  return undefined;
}

export type PathPlacer = (path: string) => string | undefined;

/** Evidence paths are relative to the workspace; `prefix` is the workspace in the repository. */
export function repositoryPaths(prefix: string): PathPlacer {
  const base = annotationPath(prefix);
  return (path) => {
    const inWorkspace = annotationPath(path);
    if (inWorkspace === undefined) return undefined;
    return base === undefined ? inWorkspace : `${base}/${inWorkspace}`;
  };
}

function uriOf(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function evidenceLocation(location: EvidenceLocation, path: string): SarifLocation {
  const said = cleanText(location.message).trim();
  const line = Number.isSafeInteger(location.line) && location.line >= 1 ? location.line : 0;
  return {
    physicalLocation: {
      artifactLocation: { uri: uriOf(path) },
      ...(line === 0 ? {} : { region: { startLine: line } }),
    },
    ...(said === '' ? {} : { message: { text: cutText(said, 1_024) } }),
  };
}

export type PlacedLocations = { locations: SarifLocation[]; unplaced: number; cut: number };

/**
 * The evidence's locations with a usable path (at most `max`), else the goal's target, else
 * the graph file: GitHub shows no result without a location.
 */
export function locationsOf(
  settlement: ReportSettlement,
  place: PathPlacer,
  fallback: string | undefined,
  max: number,
): PlacedLocations {
  const locations: SarifLocation[] = [];
  let unplaced = 0;
  for (const location of settlement.locations ?? []) {
    const path = place(location.path);
    if (path === undefined) unplaced += 1;
    else locations.push(evidenceLocation(location, path));
  }
  const cut = Math.max(0, locations.length - max);
  if (locations.length > 0) return { locations: locations.slice(0, max), unplaced, cut };
  const target = place(settlement.target ?? '') ?? (fallback && annotationPath(fallback));
  if (target === undefined) return { locations: [], unplaced, cut };
  return {
    locations: [{ physicalLocation: { artifactLocation: { uri: uriOf(target) } } }],
    unplaced,
    cut,
  };
}

function messageOf(entry: GoalEntry, limits: SarifLimits): string {
  const s = entry.settlement;
  const step = nextStepOf(s);
  const lines = [
    `${entry.key} ${s.state}${entry.tolerated ? ' (tolerated by the graph)' : ''}: ${reasonOf(s) ?? s.state}`,
  ];
  if (step !== undefined) lines.push(`Next step: ${step}`);
  if (s.error) lines.push(s.error.message);
  return cutText(cleanText(lines.join('\n')), limits.messageChars);
}

function verifierTags(s: ReportSettlement): string[] {
  const v = s.verifier;
  if (!v) return ['dog'];
  return ['dog', v.mode, ...(v.script ? [v.script] : []), ...(v.model ? [v.model] : [])];
}

export function ruleOf(entry: GoalEntry, level: SarifLevel, limits: SarifLimits): SarifRule {
  const title = cleanText(entry.title).replace(/\s+/g, ' ').trim() || entry.key;
  const v = entry.settlement.verifier;
  const how =
    v === undefined
      ? ''
      : v.mode === 'programmatic'
        ? ` Verified by script ${v.script ?? ''}.`
        : ` Verified by a model${v.model ? ` (${v.model})` : ''}, ${v.votes ?? 1} vote(s).`;
  return {
    id: entry.key,
    name: cutText(entry.key, limits.ruleNameChars),
    shortDescription: { text: cutText(title, limits.descriptionChars) },
    fullDescription: {
      text: cutText(`DoG goal ${entry.key}: ${title}.${how}`, limits.descriptionChars),
    },
    defaultConfiguration: { level },
    properties: {
      tags: verifierTags(entry.settlement).slice(0, limits.tagsPerRule),
      kind: entry.kind,
      ...(entry.settlement.target === undefined ? {} : { target: entry.settlement.target }),
    },
  };
}

/** What the fingerprint hashes: the GM digest, else what a decision binds to, else the goal. */
export function fingerprintOf(entry: GoalEntry, graphId: string): string {
  const s = entry.settlement;
  return s.gmDigest ?? s.specDigest ?? `${graphId}/${entry.key}/${s.target ?? ''}`;
}

export function resultOf(
  entry: GoalEntry,
  level: SarifLevel,
  ruleIndex: number,
  placed: PlacedLocations,
  context: { graphId: string; limits: SarifLimits },
): SarifResult {
  const s = entry.settlement;
  return {
    ruleId: entry.key,
    ruleIndex,
    level,
    message: { text: messageOf(entry, context.limits) },
    locations: placed.locations,
    partialFingerprints: { [FINGERPRINT_KEY]: fingerprintOf(entry, context.graphId) },
    properties: {
      state: s.state,
      inherited: s.inherited,
      tolerated: entry.tolerated,
      ...(s.verdict === undefined ? {} : { verdict: s.verdict }),
      ...(s.gmDigest === undefined ? {} : { gmDigest: s.gmDigest }),
      ...(s.captureDigest === undefined ? {} : { captureDigest: s.captureDigest }),
      ...(placed.cut > 0 ? { locationsLeftOut: placed.cut } : {}),
      ...(placed.unplaced > 0 ? { locationsUnplaced: placed.unplaced } : {}),
    },
  };
}
