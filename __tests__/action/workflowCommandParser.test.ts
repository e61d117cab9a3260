// The test stand-in for the runner's command parsing reads a step's output as actions/runner
// does (ActionCommand.TryParseV2, then TryParse; ActionCommandManager's stop-commands): the
// end-to-end tests trust it to see every command the runner would obey.
import { parseWorkflowCommands } from '../support/actions/workflowCommands.js';

const names = (output: string): string[] => parseWorkflowCommands(output).map((c) => c.command);

test('a v2 command is read after the blanks .NET trims, at "\\r", "\\n" and "\\r\\n"', () => {
  expect(names('::error::a\n  ::warning::b\r\t::notice::c\r\n\u0085\u00a0::debug::d')).toEqual([
    'error',
    'warning',
    'notice',
    'debug',
  ]);
  // Not at the start of the line, not registered, or without its closing `::`: plain text.
  expect(names('x ::error::a\n::pwn::b\n::error no end\n')).toEqual([]);
});

test('v2 data and properties are unescaped as the runner does', () => {
  const [command] = parseWorkflowCommands(
    '::error file=a%3Ab%2Cc.md,line=3,title=t::one%0Atwo %25 three',
  );
  expect(command).toMatchObject({
    command: 'error',
    properties: { file: 'a:b,c.md', line: '3', title: 't' },
    message: 'one\ntwo % three',
  });
});

test('a v1 command is read anywhere in a line, its name in any case', () => {
  const commands = parseWorkflowCommands('some text ##[Add-Mask]secret\n##[error file=x;line=2]e');
  expect(commands.map((c) => [c.command, c.message, c.properties])).toEqual([
    ['add-mask', 'secret', {}],
    ['error', 'e', { file: 'x', line: '2' }],
  ]);
});

test('stop-commands silences every command until its token comes back', () => {
  const output = [
    '::stop-commands::tok123',
    '::error::silenced',
    '##[add-mask]silenced',
    '::tok123::',
    '::error::obeyed',
  ].join('\n');
  expect(names(output)).toEqual(['stop-commands', 'tok123', 'error']);
  // A token the runner refuses (empty, or a command's name) stops nothing.
  expect(names('::stop-commands::error\n::error::obeyed')).toEqual(['error']);
});
