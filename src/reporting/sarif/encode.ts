// The SARIF file as GitHub takes it: JSON, gzip-compressed under the upload limit, and the
// base64 of that for the REST endpoint. A log over the limit loses its least severe results
// (rule and result together, from the end) until it fits, and says how many in the run.
import { gzipSync } from 'node:zlib';
import { GITHUB_SARIF_LIMITS } from './limits.js';
import type { SarifLog, SarifRun } from './types.js';

export type EncodedSarif = {
  log: SarifLog;
  json: string;
  gzip: Buffer;
  /** Results left out so the compressed file fits `gzipBytes`. */
  droppedForSize: number;
};

function serialise(log: SarifLog): { json: string; gzip: Buffer } {
  const json = `${JSON.stringify(log, null, 2)}\n`;
  return { json, gzip: gzipSync(json) };
}

/** The run with only its first `keep` results (and their rules), and a note of the rest. */
function keepFirst(run: SarifRun, keep: number, limitBytes: number): SarifRun {
  const dropped = run.results.length - keep;
  const invocation = run.invocations[0] ?? { executionSuccessful: true };
  const note = {
    level: 'warning' as const,
    message: {
      text: `${dropped} of ${run.results.length} results were left out so the gzip-compressed file stays under GitHub's ${(limitBytes / 1_000_000).toFixed(0)} MB upload limit. The most severe are kept; DoG's report lists every goal.`,
    },
  };
  const truncated = {
    ...(run.properties['truncated'] as object | undefined),
    resultsForSize: dropped,
  };
  return {
    ...run,
    tool: {
      ...run.tool,
      driver: { ...run.tool.driver, rules: run.tool.driver.rules?.slice(0, keep) },
    },
    results: run.results.slice(0, keep),
    invocations: [
      {
        ...invocation,
        toolExecutionNotifications: [...(invocation.toolExecutionNotifications ?? []), note],
      },
    ],
    properties: { ...run.properties, truncated },
  };
}

/** `log` has one run (buildSarif's shape); the largest prefix of its results that fits is kept. */
export function encodeSarif(
  log: SarifLog,
  gzipBytes = GITHUB_SARIF_LIMITS.gzipBytes,
): EncodedSarif {
  const whole = serialise(log);
  const run = log.runs[0];
  if (whole.gzip.length <= gzipBytes || run === undefined)
    return { log, ...whole, droppedForSize: 0 };
  const attempt = (keep: number) => {
    const cut: SarifLog = { ...log, runs: [keepFirst(run, keep, gzipBytes), ...log.runs.slice(1)] };
    return { log: cut, ...serialise(cut) };
  };
  let low = 0;
  let high = run.results.length - 1;
  let best = attempt(0);
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const tried = attempt(mid);
    if (tried.gzip.length <= gzipBytes) {
      best = tried;
      low = mid + 1;
    } else high = mid - 1;
  }
  return { ...best, droppedForSize: run.results.length - (best.log.runs[0]?.results.length ?? 0) };
}
