// `dog verify-report REPORT [--store S] [--workspace W] [--json]`: recomputes the report's
// digest chain from the report alone; with --store, finds each settlement's record there; with
// --workspace, compiles the workspace's graph and captures each target again, so the report is
// checked to describe those records and those bytes (docs/provenance.md). Writes nothing.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import { checkChain, type ChainBreak } from '../../core/report/chainCheck.js';
import type { RunReport } from '../../core/report/model.js';
import { checkRecords } from '../../core/report/reportRecords.js';
import { checkCaptures } from '../../engine/host/reportCaptures.js';
import { loadGraph, resolveGraphPath } from '../../engine/loadGraph.js';
import { validateAgainst } from '../../schemas/validate.js';
import { LocalStore } from '../../storage/localStore.js';
import { storedRecords } from '../../storage/recordIndex.js';
import type { CliArgs } from '../args.js';
import { commandContext } from '../context.js';
import type { Io } from '../io.js';
import { quoteInput } from '../quoteInput.js';

const MAX_REPORT_BYTES = 256 * 1024 * 1024;

export type ReportVerification = {
  ok: boolean;
  report: string;
  rootDigest?: string;
  nodes?: number;
  /** Settlements whose record was found in the store (--store), whose target was captured again (--workspace). */
  records?: number;
  captures?: number;
  breaks: ChainBreak[];
};

export async function commandVerifyReport(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  if (args.positional === undefined)
    throw new UserError(
      'dog verify-report: give the report file, e.g. dog verify-report dog-report.json',
    );
  const path = resolve(io.cwd, args.positional);
  const verification = await verify(path, await readReport(path), args, io);
  if (args.json) io.stdout.write(`${JSON.stringify(verification, null, 2)}\n`);
  else io.stderr.write(describe(verification));
  return verification.ok ? ExitCode.success : ExitCode.failure;
}

async function verify(
  path: string,
  value: unknown,
  args: CliArgs,
  io: Io,
): Promise<ReportVerification> {
  const valid = validateAgainst<RunReport>('report', value);
  if (!valid.ok)
    return {
      ok: false,
      report: path,
      breaks: valid.problems.map((p) => ({
        message: `not a valid DoG report: ${p.pointer || '/'} ${p.message}`,
      })),
    };
  const report = valid.value;
  const chain = checkChain(report);
  if (!chain.ok) return { ok: false, report: path, breaks: chain.breaks };
  const records = args.store === undefined ? undefined : await recordsCheck(report, args, io);
  const captures = args.workspace === undefined ? undefined : await capturesCheck(report, args, io);
  const breaks = [...(records?.breaks ?? []), ...(captures?.breaks ?? [])];
  return {
    ok: breaks.length === 0,
    report: path,
    rootDigest: chain.rootDigest,
    nodes: chain.nodes,
    ...(records ? { records: records.checked } : {}),
    ...(captures ? { captures: captures.checked } : {}),
    breaks,
  };
}

async function readReport(path: string): Promise<unknown> {
  let text: string;
  try {
    const bytes = await readFile(path);
    if (bytes.byteLength > MAX_REPORT_BYTES)
      throw new UserError(
        `${quoteInput(path)} is larger than a report can be (${MAX_REPORT_BYTES} bytes)`,
      );
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UserError(
      `cannot read the report ${quoteInput(path)} (${code}); give the path of a dog-report.json`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UserError(`${quoteInput(path)} is not JSON; give the path of a dog-report.json`);
  }
}

async function recordsCheck(report: RunReport, args: CliArgs, io: Io) {
  const root = resolve(io.cwd, args.store as string);
  // Refuses what is not a store (no layout marker), so a mistyped path is not "no records".
  await LocalStore.openExisting(root);
  const stored = await storedRecords(root);
  return checkRecords(report, stored.byDigest);
}

async function capturesCheck(report: RunReport, args: CliArgs, io: Io) {
  const context = await commandContext(args, io);
  const graphPath = await resolveGraphPath(
    args.graph === undefined ? undefined : resolve(io.cwd, args.graph),
    context.workspace,
  );
  const graph = await loadGraph(graphPath, {
    maxBytes: context.config.limits.maxGraphBytes,
    limits: context.limits,
    host: context.host,
  });
  const neverCapture = [
    resolve(context.workspace, '.dog/store'),
    ...(args.store ? [resolve(io.cwd, args.store)] : []),
  ];
  return checkCaptures(report, graph, context, neverCapture);
}

function describe(v: ReportVerification): string {
  if (v.ok) {
    const also = [
      ...(v.records === undefined ? [] : [`${v.records} record(s) found in the store`]),
      ...(v.captures === undefined ? [] : [`${v.captures} capture(s) match the workspace`]),
    ];
    return `dog: the report's chain holds: ${v.nodes} node(s), root digest ${v.rootDigest}${also.length ? `; ${also.join(', ')}` : ''}\n`;
  }
  const [first, ...rest] = v.breaks;
  const where = (b: ChainBreak): string =>
    b.node === undefined ? 'the report' : `node ${JSON.stringify(b.node)}`;
  const lines = [
    `dog: the report does not verify: ${first ? `${where(first)}: ${first.message}` : ''}`,
  ];
  for (const b of rest) lines.push(`  also ${where(b)}: ${b.message}`);
  return `${lines.join('\n')}\n`;
}
