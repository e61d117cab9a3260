// Text DoG did not write is never obeyed as a workflow command, read as the runner reads it,
// whether it is written at once or in pieces; a person still reads it, and a JSON document
// keeps its meaning.
import {
  CommandNeutraliser,
  neutraliseCommands,
  singleLogLine,
} from '../../src/core/workflowCommands.js';
import { HOSTILE_LINES, HOSTILE_TEXT, unescapedLog } from '../support/actions/hostileLines.js';
import { parseWorkflowCommands } from '../support/actions/workflowCommands.js';

test('each hostile line is a command to the runner as it is', () => {
  for (const line of HOSTILE_LINES) expect(parseWorkflowCommands(line)).toHaveLength(1);
});

test('no line of neutralised text is a command, and it reads as it was written', () => {
  const escaped = neutraliseCommands(HOSTILE_TEXT);
  expect(parseWorkflowCommands(escaped)).toEqual([]);
  expect(unescapedLog(escaped)).toBe(HOSTILE_TEXT);
  expect(escaped).toContain(':\\u003aadd-mask::failure');
  expect(escaped).toContain('##\\u005badd-mask]failure');
});

test('text without commands is left as it is', () => {
  const plain = 'DoG: docs → pass in 0.1 s\n  a: b :: c\n# heading [x]\n';
  expect(neutraliseCommands(plain)).toBe(plain);
});

test('a stream written in pieces never lets a command through, wherever it is cut', () => {
  for (const line of HOSTILE_LINES) {
    const text = `before\n${line}\n`;
    for (let cut = 0; cut <= text.length; cut++) {
      const stream = new CommandNeutraliser();
      const out = stream.write(text.slice(0, cut)) + stream.write(text.slice(cut));
      expect(parseWorkflowCommands(out)).toEqual([]);
      expect(unescapedLog(out)).toBe(text);
    }
  }
  const stream = new CommandNeutraliser();
  const byChar = [...HOSTILE_TEXT].map((c) => stream.write(c)).join('');
  expect(parseWorkflowCommands(byChar)).toEqual([]);
});

test('a JSON document keeps its meaning and starts no command', () => {
  const document = { evidence: { lines: HOSTILE_LINES, note: '###[ and ##[##[' } };
  for (const json of [JSON.stringify(document, null, 2), JSON.stringify(document)]) {
    const escaped = new CommandNeutraliser().write(json);
    expect(parseWorkflowCommands(escaped)).toEqual([]);
    expect(JSON.parse(escaped)).toEqual(document);
  }
});

test('a long run of line breaks is escaped in linear time', () => {
  const text = `${'\n'.repeat(200_000)}x`;
  const started = performance.now();
  expect(neutraliseCommands(text)).toBe(text);
  expect(performance.now() - started).toBeLessThan(1000);
});

test('a single log line shows its line breaks', () => {
  expect(singleLogLine('crash, writing to stderr:\n::error::x\r\ny')).toBe(
    'crash, writing to stderr:\\n::error::x\\r\\ny',
  );
});
