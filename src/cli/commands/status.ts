import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import { workKey } from '../../core/graph/model.js';
import { decisionLine } from '../../core/human/words.js';
import { redactReport } from '../../core/redactOutcome.js';
import type { RunReport } from '../../core/report/model.js';
import { oneLine } from '../../core/report/reason.js';
import type { VerificationRecord } from '../../core/types.js';
import { validateAgainst } from '../../schemas/validate.js';
import { hostRedactor } from '../../engine/host/secrets.js';
import { isRunId, LocalStore } from '../../storage/localStore.js';
import { ansiPaint, colourEnabled, noPaint } from '../../reporting/colour.js';
import { formatSummary } from '../../reporting/terminalSummary.js';
import type { CliArgs } from '../args.js';
import { commandContext, storeDirOf } from '../context.js';
import type { Io } from '../io.js';
import { quoteInput } from '../quoteInput.js';
import { listRuns, renderRunList } from './runList.js';

/** The alias of the run that finished last, which is also what no argument shows. */
export const LATEST = 'latest';
const SEE_RUNS = 'run "dog status --list" to see the runs in this store';

/** `dog status [RUN|latest]`, `dog status --list`. Reads without taking the lock; writes nothing. */
export async function commandStatus(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const runId = args.positional === LATEST ? undefined : args.positional;
  if (runId !== undefined && !isRunId(runId))
    throw new UserError(
      `${quoteInput(runId)} is not a run id (run ids look like 20261201T202648Z-59bc86); ${SEE_RUNS}`,
    );
  const context = await commandContext(args, io);
  const storeDir = storeDirOf(args, io, context.workspace);
  const store = await LocalStore.openExisting(storeDir);
  if (args.list) {
    const runs = await listRuns(store);
    io.stdout.write(
      args.json ? `${JSON.stringify({ store: storeDir, runs }, null, 2)}\n` : renderRunList(runs),
    );
    return ExitCode.success;
  }
  const stored = await store.readReport(runId);
  if (!stored) throw new UserError(await missingReport(store, runId));
  // A report stored before a credential was known (or redacted) must not show it now.
  const report = redactReport(hostRedactor(context.config, [io.env]), stored);
  if (args.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const paint = colourEnabled(io.env, io.stdout.isTTY) ? ansiPaint : noPaint;
    io.stdout.write(formatSummary(report, { paint, reportPath: store.reportPath(report.runId) }));
    for (const line of await decidedSince(store, report)) io.stdout.write(`${line}\n`);
  }
  return ExitCode.success;
}

/** Decisions people recorded about this run after it finished: the next run applies them. */
async function decidedSince(store: LocalStore, report: RunReport): Promise<string[]> {
  const lines: string[] = [];
  for (const [id, node] of Object.entries(report.nodes)) {
    const key = node.kind === 'leaf' ? id : workKey(id, 'assert');
    const settled = node.kind === 'leaf' ? node : node.assert;
    if (!settled || settled.decidedBy) continue;
    const stored = await store.findDecision(key);
    const valid = validateAgainst<VerificationRecord>('record', stored);
    const decided = valid.ok ? valid.value.decidedBy : undefined;
    if (!valid.ok || decided?.run !== report.runId) continue;
    lines.push(
      `decided since: ${key} ${oneLine(decisionLine(decided, valid.value.verdict))} (the next dog run applies it)`,
    );
  }
  return lines;
}

export async function missingReport(store: LocalStore, runId: string | undefined): Promise<string> {
  if (runId === undefined) return `no run has finished in ${store.root} yet; ${SEE_RUNS}`;
  const meta = await store.readMeta(runId);
  if (!meta) return `no run "${runId}" in ${store.root}; ${SEE_RUNS}`;
  if (meta.status === 'finished')
    return `the report of run "${runId}" in ${store.root} is missing or not JSON; the store is damaged`;
  const why = meta.status === 'running' ? 'is still running' : 'was interrupted';
  return `run "${runId}" ${why} and has no report; ${SEE_RUNS}`;
}
