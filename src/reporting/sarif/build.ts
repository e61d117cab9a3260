// A SARIF 2.1.0 log of one DoG run: one run per graph, categorised `dog/<graph id>`, a rule
// per goal with a result, a result per failing or waiting goal. Whatever GitHub's limits
// leave out is counted in the run's properties and said in a tool notification.
import type { CompiledGraph } from '../../core/graph/model.js';
import type { RunReport } from '../../core/report/model.js';
import { goalEntries, type GoalEntry } from '../github/goals.js';
import { verifierExtensions } from './extensions.js';
import { GITHUB_SARIF_LIMITS, type SarifLimits } from './limits.js';
import { locationsOf, repositoryPaths, resultOf, ruleOf, sarifLevel } from './results.js';
import type { SarifLevel, SarifLog, SarifNotification, SarifResult, SarifRule } from './types.js';
import { SARIF_SCHEMA_URI } from './types.js';

export type SarifOptions = {
  toolVersion: string;
  /** The workspace's directory in the repository (`''` when it is the checkout's root). */
  workspacePrefix?: string;
  /** The graph file, repository-relative: the location of a result with no other. */
  graphPath?: string;
  limits?: Partial<SarifLimits>;
};

export const DOG_INFORMATION_URI = 'https://github.com/dog-ci/dog';

/** `automationDetails.id`: everything before the last `/` is the category code scanning uses. */
export function sarifCategory(report: RunReport): string {
  return `dog/${report.graph.id}`;
}

export type Omissions = {
  results: number;
  locations: number;
  unplacedLocations: number;
  extensions: number;
};

type Reported = { entry: GoalEntry; level: SarifLevel };

export function buildSarif(
  report: RunReport,
  graph: CompiledGraph,
  options: SarifOptions,
): SarifLog {
  const limits = { ...GITHUB_SARIF_LIMITS, ...options.limits };
  const reported = goalEntries(report, graph).flatMap((entry): Reported[] => {
    const level = entry.kind === 'composite' ? undefined : sarifLevel(entry);
    return level === undefined ? [] : [{ entry, level }];
  });
  const kept = reported.slice(0, Math.min(limits.resultsPerRun, limits.rulesPerRun));
  const place = repositoryPaths(options.workspacePrefix ?? '');
  const rules: SarifRule[] = [];
  const results: SarifResult[] = [];
  const omitted: Omissions = {
    results: reported.length - kept.length,
    locations: 0,
    unplacedLocations: 0,
    extensions: 0,
  };
  for (const { entry, level } of kept) {
    const placed = locationsOf(
      entry.settlement,
      place,
      options.graphPath,
      limits.locationsPerResult,
    );
    omitted.locations += placed.cut;
    omitted.unplacedLocations += placed.unplaced;
    rules.push(ruleOf(entry, level, limits));
    results.push(
      resultOf(entry, level, rules.length - 1, placed, { graphId: report.graph.id, limits }),
    );
  }
  const allExtensions = verifierExtensions(kept.map((r) => r.entry));
  const extensions = allExtensions.slice(0, limits.extensionsPerRun);
  omitted.extensions = allExtensions.length - extensions.length;
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'DoG',
            version: options.toolVersion,
            informationUri: DOG_INFORMATION_URI,
            rules,
          },
          ...(extensions.length === 0 ? {} : { extensions }),
        },
        automationDetails: { id: `${sarifCategory(report)}/${report.runId}` },
        invocations: [invocationOf(report, omittedNotes(omitted, reported.length, limits))],
        results,
        properties: runProperties(report, omitted),
      },
    ],
  };
}

function invocationOf(
  report: RunReport,
  notes: SarifNotification[],
): SarifLog['runs'][0]['invocations'][0] {
  return {
    // DoG itself ran to the end; what it found is in the results, not here.
    executionSuccessful: true,
    ...(report.startedAt ? { startTimeUtc: report.startedAt } : {}),
    ...(report.finishedAt ? { endTimeUtc: report.finishedAt } : {}),
    ...(notes.length === 0 ? {} : { toolExecutionNotifications: notes }),
  };
}

function runProperties(report: RunReport, omitted: Omissions): Record<string, unknown> {
  const cut = Object.entries(omitted).filter(([, n]) => n > 0);
  return {
    runId: report.runId,
    graphId: report.graph.id,
    graphDigest: report.graph.digest,
    rootState: report.rootState,
    ...(report.trigger?.sha ? { commit: report.trigger.sha } : {}),
    ...(cut.length === 0 ? {} : { truncated: Object.fromEntries(cut) }),
  };
}

function omittedNotes(omitted: Omissions, total: number, limits: SarifLimits): SarifNotification[] {
  const notes: SarifNotification[] = [];
  const warn = (text: string) => notes.push({ level: 'warning', message: { text } });
  if (omitted.results > 0)
    warn(
      `${omitted.results} of ${total} results were left out: GitHub takes at most ${limits.resultsPerRun.toLocaleString('en-US')} per run. The most severe are kept; DoG's report lists every goal.`,
    );
  if (omitted.locations > 0)
    warn(
      `${omitted.locations} evidence locations were left out: GitHub takes at most ${limits.locationsPerResult.toLocaleString('en-US')} per result. DoG's report has them all.`,
    );
  if (omitted.extensions > 0)
    warn(
      `${omitted.extensions} verifiers were left out of tool.extensions: GitHub takes at most ${limits.extensionsPerRun} per run.`,
    );
  if (omitted.unplacedLocations > 0)
    notes.push({
      level: 'note',
      message: {
        text: `${omitted.unplacedLocations} evidence locations named no file of the repository (absolute, outside the workspace, or not a plain path) and are not in this log.`,
      },
    });
  return notes;
}
