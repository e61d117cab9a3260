// The Action's log, read as the runner reads the step's stdout: a plain line never becomes a
// command; an annotation, the step's error and a group are each one command whose message,
// `file` and title are exactly what DoG passed, whatever they hold.
import { MaskedLog } from '../../../src/action/maskedLog.js';
import { HOSTILE_TEXT, unescapedLog } from '../../support/actions/hostileLines.js';
import { parseWorkflowCommands } from '../../support/actions/workflowCommands.js';

/** What `write` printed on stdout, through @actions/core as in a step. */
function stdoutOf(write: () => void): string {
  const original = process.stdout.write.bind(process.stdout);
  let printed = '';
  process.stdout.write = (chunk: string | Uint8Array) => {
    printed += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  };
  try {
    write();
  } finally {
    process.stdout.write = original;
  }
  return printed;
}

const HOSTILE_FILE = 'site/a,title=pwned,line=9::x\n::error::y.md';

test('a plain line holding commands reaches the log as text a person reads', () => {
  const printed = stdoutOf(() => new MaskedLog([]).info(`DoG: crash\n${HOSTILE_TEXT}`));
  expect(parseWorkflowCommands(printed)).toEqual([]);
  expect(unescapedLog(printed)).toBe(`DoG: crash\n${HOSTILE_TEXT}\n`);
});

test('annotations, the step error and a group carry hostile text as their data only', () => {
  const log = new MaskedLog([]);
  const printed = stdoutOf(() => {
    log.warning(HOSTILE_TEXT, HOSTILE_FILE);
    log.notice(HOSTILE_TEXT, HOSTILE_FILE);
    log.group(`DoG: ${HOSTILE_TEXT}`);
    log.endGroup();
    log.setFailed(HOSTILE_TEXT);
  });
  process.exitCode = undefined;
  expect(parseWorkflowCommands(printed).map((c) => [c.command, c.properties, c.message])).toEqual([
    ['warning', { file: HOSTILE_FILE }, HOSTILE_TEXT],
    ['notice', { file: HOSTILE_FILE }, HOSTILE_TEXT],
    ['group', {}, `DoG: ${HOSTILE_TEXT}`],
    ['endgroup', {}, ''],
    ['error', {}, HOSTILE_TEXT],
  ]);
});
