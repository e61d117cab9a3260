// Every workflow command a verifier could try to slip into a job log, in each form the runner
// accepts (actions/runner ActionCommand.cs): v2 `::name::` at a line start, after blanks that
// .NET's TrimStart removes, after a carriage return; v1 `##[name]` anywhere in a line. Each
// line says which form it is, so the log still shows it after DoG escaped it.

/** The token an injected `::stop-commands::` uses; DoG's own commands must outlive it. */
export const INJECTED_STOP_TOKEN = 'pwnedtoken42';

export const HOSTILE_LINES: readonly string[] = [
  '::error::pwned error',
  '::warning file=README.md,line=1::pwned warning',
  '::notice title=pwned::pwned notice',
  '::add-mask::failure',
  `::stop-commands::${INJECTED_STOP_TOKEN}`,
  '::set-output name=x::pwned output',
  '::save-state name=x::pwned state',
  '::group::pwned group',
  '::endgroup::',
  '::debug::pwned debug',
  '::echo::on',
  '   ::error::pwned after spaces',
  '\t::error::pwned after a tab',
  '\u00a0\u2003::error::pwned after Unicode spaces',
  '\u0085::error::pwned after NEL',
  'a carriage return\r::error::pwned after CR',
  'mixed case ::ErRoR::is not at the start, but ##[ErRoR]pwned legacy',
  '##[add-mask]failure',
  `##[stop-commands]${INJECTED_STOP_TOKEN}`,
  'text before ##[set-output name=x]pwned legacy output',
];

/** The hostile lines as one text, the way a script prints them. */
export const HOSTILE_TEXT = `${HOSTILE_LINES.join('\n')}\n`;

/** Words of the hostile lines a person must still read in the log (after DoG escaped them). */
export const READABLE_WORDS: readonly string[] = [
  'pwned error',
  'add-mask',
  'stop-commands',
  'set-output name=x',
  'pwned after CR',
  'pwned legacy',
];

/** Undoes DoG's escapes of command characters, to read a log as a person does. */
export function unescapedLog(text: string): string {
  return text.replace(/\\u003a/g, ':').replace(/\\u005b/g, '[');
}
