// The digest chain's cost per run: sealing a report (every node digest and the root digest),
// checking it (`dog verify-report` from the report alone) and the record digests, against
// serializing the same report as JSON (what writing it costs anyway), measured in the same run.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { NO_ANCHORS, recordDigestOf, sealReport } from '../src/core/report/chain.js';
import { checkChain } from '../src/core/report/chainCheck.js';
import type { ReportNode, RunReport } from '../src/core/report/model.js';
import type { Digest, VerificationRecord } from '../src/core/types.js';
import { markdownTable } from './markdown.js';
import { median } from './median.js';

const SIZES = [100, 1_000, 10_000] as const;
const ROUNDS = 9;
const FAN_OUT = 10;

function digestOf(n: number): Digest {
  return `sha256:${n.toString(16).padStart(64, '0')}`;
}

function recordOf(id: string, n: number): VerificationRecord {
  return {
    schemaVersion: '1',
    goalId: id,
    role: 'leaf',
    runId: 'bench-run',
    graphDigest: digestOf(1),
    captureDigest: digestOf(n),
    gmDigest: digestOf(n + 1),
    verifier: {
      mode: 'programmatic',
      script: 'file.exists',
      scriptDigest: digestOf(2),
      params: null,
    },
    verdict: 'pass',
    evidence: { path: `targets/${id}.txt`, bytes: 1024 + n, sha256: digestOf(n).slice(7) },
    usage: { durationMs: 12, tokens: 0, costUsd: 0 },
    attempts: 1,
    isolation: 'bubblewrap',
    origin: { kind: 'local', event: 'local', ref: 'refs/heads/main' },
    settledAt: '2026-12-01T00:00:00.000Z',
  };
}

/** A report of `leaves` leaves under composites of FAN_OUT children each, below one root. */
function reportOf(leaves: number): { report: RunReport; records: VerificationRecord[] } {
  const nodes: Record<string, ReportNode> = {};
  const records: VerificationRecord[] = [];
  const groups: string[] = [];
  for (let g = 0; g * FAN_OUT < leaves; g += 1) {
    const children: string[] = [];
    for (let i = g * FAN_OUT; i < Math.min(leaves, (g + 1) * FAN_OUT); i += 1) {
      const id = `leaf-${i}`;
      const record = recordOf(id, i);
      records.push(record);
      children.push(id);
      nodes[id] = {
        kind: 'leaf',
        title: `Check ${id}`,
        state: 'success',
        inherited: false,
        verdict: 'pass',
        target: `targets/${id}.txt`,
        verifier: { mode: 'programmatic', script: 'file.exists' },
        captureDigest: record.captureDigest,
        gmDigest: record.gmDigest,
        evidence: record.evidence,
        usage: record.usage,
        isolation: 'bubblewrap',
        rerunReason: 'new',
        recordDigest: recordDigestOf(record),
        ...(record.origin ? { origin: record.origin } : {}),
      };
    }
    const id = `group-${g}`;
    groups.push(id);
    nodes[id] = composite(id, children);
  }
  nodes.root = composite('root', groups);
  const report: RunReport = {
    schemaVersion: '1',
    runId: 'bench-run',
    graph: { id: 'bench', digest: digestOf(1), root: 'root' },
    rootState: 'success',
    nodes,
    totals: { verified: leaves, inherited: 0, blocked: 0, tokens: 0, costUsd: 0, wallMs: 1 },
    warnings: [],
  };
  return { report, records };
}

function composite(id: string, children: string[]): ReportNode {
  return {
    kind: 'composite',
    title: `Group ${id}`,
    state: 'success',
    inherited: false,
    children,
    completion: { op: 'all', items: children.map((child) => ({ op: 'ref' as const, id: child })) },
  };
}

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

export function runChainBench(): { rows: string[][]; notes: string[] } {
  const rows = [
    [
      'leaves',
      'JSON.stringify ms',
      'seal ms',
      'seal ÷ stringify',
      'check ms',
      'check ÷ stringify',
      'record digests ms',
    ],
  ];
  for (const size of SIZES) {
    const { report, records } = reportOf(size);
    const sealed = sealReport(report, NO_ANCHORS);
    if (!checkChain(sealed).ok) throw new Error('the bench report does not check');
    const samples = {
      json: [] as number[],
      seal: [] as number[],
      check: [] as number[],
      records: [] as number[],
    };
    for (let round = 0; round < ROUNDS + 2; round += 1) {
      const json = timed(() => JSON.stringify(sealed));
      const seal = timed(() => sealReport(report, NO_ANCHORS));
      const check = timed(() => checkChain(sealed));
      const digests = timed(() => records.forEach(recordDigestOf));
      if (round < 2) continue;
      samples.json.push(json);
      samples.seal.push(seal);
      samples.check.push(check);
      samples.records.push(digests);
    }
    const json = median(samples.json);
    const seal = median(samples.seal);
    const check = median(samples.check);
    rows.push([
      size.toLocaleString('en-US'),
      json.toFixed(2),
      seal.toFixed(2),
      `${(seal / json).toFixed(1)}×`,
      check.toFixed(2),
      `${(check / json).toFixed(1)}×`,
      median(samples.records).toFixed(2),
    ]);
  }
  const notes = [
    `A report of N programmatic leaves (evidence of three fields, an origin, a record digest) under composites of ${FAN_OUT} children each, below one root. Median of ${ROUNDS} rounds after 2 warm-up rounds; each round times all four steps in turn on the same report, in process.`,
    'Reference: JSON.stringify of the sealed report, which every run does anyway to write it. seal: every node digest and the root digest (sealReport, run once per report). check: dog verify-report from the report alone (checkChain). record digests: recordDigestOf over every record, which buildReport runs once per settlement.',
    "The chain canonicalizes each node once for its digest: its cost grows with the report's size, linearly, and stays a small multiple of serializing the report.",
  ];
  return { rows, notes };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, notes } = runChainBench();
  process.stdout.write(`${markdownTable(rows)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
}
