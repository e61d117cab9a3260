// `dog decide approve|reject GOAL --reason TEXT [--by NAME] [--run RUN]`: a person's decision
// about a goal of a run's report (default: the latest), written to the local store as a
// human record. The next `dog run` settles the goal from it while the bytes and the verifier
// stay those of that run.
import { userInfo } from 'node:os';
import { ExitCode, UserError, type ExitCodeValue } from '../../core/errors.js';
import { decisionRecord } from '../../core/human/decision.js';
import { parseLogin } from '../../core/human/input.js';
import { decisionLine } from '../../core/human/words.js';
import { workKey } from '../../core/graph/model.js';
import { isRunId, LocalStore } from '../../storage/localStore.js';
import type { CliArgs } from '../args.js';
import { commandContext, storeDirOf } from '../context.js';
import type { Io } from '../io.js';
import { localProvenance } from '../provenance.js';
import { quoteInput } from '../quoteInput.js';
import { LATEST, missingReport } from './status.js';

export async function commandDecide(args: CliArgs, io: Io): Promise<ExitCodeValue> {
  const decide = args.decide;
  if (!decide) throw new Error('dog decide without its arguments');
  const runId = args.run === undefined || args.run === LATEST ? undefined : args.run;
  if (runId !== undefined && !isRunId(runId))
    throw new UserError(`--run: ${quoteInput(runId)} is not a run id (see "dog status --list")`);
  const login = parseLogin(decide.by ?? osLogin());
  const context = await commandContext(args, io);
  const store = await LocalStore.openExisting(storeDirOf(args, io, context.workspace));
  const report = await store.readReport(runId);
  if (!report) throw new UserError(await missingReport(store, runId));
  const record = decisionRecord({
    report,
    key: decide.goal,
    decision: decide.decision,
    login,
    reason: decide.reason,
    at: new Date(),
    origin: (await localProvenance(context.workspace, context.config, io.env)).origin,
  });
  const key = workKey(record.goalId, record.role);
  await store.saveDecision(key, record);
  if (args.json) io.stdout.write(`${JSON.stringify({ key, record }, null, 2)}\n`);
  const said = record.decidedBy ? decisionLine(record.decidedBy, record.verdict) : '';
  io.stderr.write(
    `dog: ${key} ${said} (run ${report.runId})\n` +
      `dog: the next "dog run" settles ${key} from this decision while its bytes and verifier stay the same\n`,
  );
  return ExitCode.success;
}

/** The operating system's user name, held to the login rule (else --by is needed). */
function osLogin(): string {
  let name: string;
  try {
    name = userInfo().username;
  } catch {
    throw new UserError('cannot tell who you are from the operating system; give --by NAME');
  }
  try {
    return parseLogin(name);
  } catch {
    throw new UserError(
      `your user name ${quoteInput(name)} is not a valid login (letters, digits, hyphens); give --by NAME`,
    );
  }
}
