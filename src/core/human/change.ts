// What a checked `/dog` command changes: one decision record, or retry requests bound to the
// digests the report holds for each goal named. Pure: the caller says who asked, when, and
// which run's report the person looked at; nothing is read or saved here.
import { UserError } from '../errors.js';
import type { CompiledGraph } from '../graph/model.js';
import type { ReportSettlement, RunReport } from '../report/model.js';
import type { Digest, VerificationRecord } from '../types.js';
import type { DogCommand, RetryTarget } from './command.js';
import { decisionRecord } from './decision.js';
import { retryKeys } from './retry.js';

/** A person's request to verify one work item again, once, for the bytes they looked at. */
export type RetryRequest = {
  key: string;
  captureDigest: Digest;
  gmDigest?: Digest;
  requestedBy: string;
  /** When the decide run recorded it (its own clock, never the comment's). */
  at: string;
  /** The DoG run whose report the person looked at. */
  run: string;
};

export type ReviewChange = { decisions?: VerificationRecord[]; retries?: RetryRequest[] };

export type ChangeRequest = {
  command: DogCommand;
  /**
   * The report of DoG's own run for the pull request's head (its graph is `graph`), as the
   * decisions saved so far settle it.
   */
  report: RunReport;
  /** The DoG run whose report the person looked at: the one GitHub re-runs for a retry. */
  reportRun: string;
  graph: CompiledGraph;
  login: string;
  /** The decide run's own clock. */
  at: string;
};

/** The change `request.command` makes, or a sentence saying why it cannot be carried out. */
export function changeOf(request: ChangeRequest): ReviewChange | string {
  const { command } = request;
  if (command.kind === 'retry') return retriesOf(command.target, request);
  try {
    const record = decisionRecord({
      report: request.report,
      key: command.goal,
      decision: command.kind,
      login: request.login,
      reason: command.reason,
      at: request.at,
    });
    return { decisions: [record] };
  } catch (error) {
    if (error instanceof UserError) return error.message;
    throw error;
  }
}

function retriesOf(target: RetryTarget, request: ChangeRequest): ReviewChange | string {
  const { report, graph } = request;
  let keys: Set<string>;
  try {
    keys = retryKeys(['goal' in target ? target.goal : target.group], graph, report);
  } catch (error) {
    if (error instanceof UserError) return error.message.replace(/^--retry: /, '');
    throw error;
  }
  const retries: RetryRequest[] = [];
  for (const key of keys) {
    const node = settlementOf(report, key);
    // A goal the report shows without a capture was never verified: nothing to do again.
    if (!node?.captureDigest) continue;
    retries.push({
      key,
      captureDigest: node.captureDigest,
      ...(node.gmDigest ? { gmDigest: node.gmDigest } : {}),
      requestedBy: request.login,
      at: request.at,
      run: request.reportRun,
    });
  }
  if (retries.length === 0)
    return 'goal' in target
      ? `nothing to retry: the report shows no verification of ${target.goal} (it was not captured)`
      : `nothing to retry: no goal of the report is ${target.group === 'failed' ? 'failed' : 'waiting for a person'}`;
  return { retries };
}

function settlementOf(report: RunReport, key: string): ReportSettlement | undefined {
  return key.endsWith('#assert') ? report.nodes[key.slice(0, -7)]?.assert : report.nodes[key];
}
