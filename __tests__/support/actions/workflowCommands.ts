// The workflow commands a step's output gives the runner, read as actions/runner reads them
// (src/Runner.Common/ActionCommand.cs, src/Runner.Worker/ActionCommandManager.cs,
// Handlers/OutputManager.cs):
// - a stream is cut into lines by StreamReader.ReadLine: at "\r\n", "\r" and "\n";
// - v2 (`TryParseV2`): the line, after TrimStart (char.IsWhiteSpace), starts with `::`; the
//   command info runs to the next `::`; its name (up to the first space) must be registered;
//   properties are `k=v` split at `,`; the data is the rest, `%0D`, `%0A`, `%25` undone;
// - v1 (`TryParse`), tried when v2 fails: `##[` ANYWHERE in the line, the command info up to
//   the next `]`, properties split at `;`;
// - names compare without case; while `stop-commands` is in force only `::<token>::` (the
//   token, registered as a command) is obeyed, every other command is plain text.

export type WorkflowCommand = {
  command: string;
  properties: Record<string, string>;
  message: string;
  /** The log line the command was read from. */
  line: string;
};

/** The commands actions/runner registers (ActionCommandManager's extensions). */
const REGISTERED = [
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'warning',
  'error',
  'notice',
  'group',
  'endgroup',
  'echo',
  'stop-commands',
];

/**
 * .NET's char.IsWhiteSpace, what string.TrimStart() removes (JavaScript's \s differs): U+0009
 * to U+000D, U+0085, the space separators (U+180E among them in older Unicode), U+2028, U+2029.
 */
const DOTNET_LEADING_WHITESPACE =
  /^[\t\n\v\f\r\u0020\u0085\u00a0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

type Parsed = { command: string; properties: Record<string, string>; data: string };

/** Every command one output stream (stdout or stderr) gives the runner, in order. */
export function parseWorkflowCommands(output: string): WorkflowCommand[] {
  const registered = new Set(REGISTERED);
  let stopToken: string | undefined;
  const commands: WorkflowCommand[] = [];
  for (const line of output.split(/\r\n|\r|\n/)) {
    const parsed = parseV2(line, registered) ?? parseV1(line, registered);
    if (parsed === undefined) continue;
    if (stopToken !== undefined) {
      if (parsed.command !== stopToken) continue;
      registered.delete(stopToken);
      stopToken = undefined;
    } else if (parsed.command === 'stop-commands') {
      // ValidateStopToken: an empty token, a command's name or `pause-logging` is refused.
      const token = parsed.data.toLowerCase();
      if (token === '' || token === 'pause-logging' || registered.has(token)) continue;
      stopToken = token;
      registered.add(token);
    }
    commands.push({
      command: parsed.command,
      properties: parsed.properties,
      message: parsed.data,
      line,
    });
  }
  return commands;
}

function parseV2(line: string, registered: ReadonlySet<string>): Parsed | undefined {
  const message = line.replace(DOTNET_LEADING_WHITESPACE, '');
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const command = (space < 0 ? info : info.slice(0, space)).toLowerCase();
  if (!registered.has(command)) return undefined;
  const properties = space > 0 ? propertiesOf(info.slice(space + 1).trim(), ',', v2Value) : {};
  return { command, properties, data: v2Data(message.slice(end + 2)) };
}

function parseV1(line: string, registered: ReadonlySet<string>): Parsed | undefined {
  const prefix = line.indexOf('##[');
  if (prefix < 0) return undefined;
  const close = line.indexOf(']', prefix);
  if (close < 0) return undefined;
  const info = line.slice(prefix + 3, close);
  const space = info.indexOf(' ');
  const command = (space < 0 ? info : info.slice(0, space)).toLowerCase();
  if (!registered.has(command)) return undefined;
  const properties = space > 0 ? propertiesOf(info.slice(space + 1), ';', v1Value) : {};
  return { command, properties, data: v1Value(line.slice(close + 1)) };
}

function propertiesOf(
  text: string,
  separator: string,
  unescape: (value: string) => string,
): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const pair of text.split(separator).filter((p) => p !== '')) {
    const eq = pair.indexOf('=');
    // .NET's Split('=', 2, RemoveEmptyEntries): an empty key or value makes no pair.
    if (eq > 0 && eq < pair.length - 1)
      properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1));
  }
  return properties;
}

function v2Data(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

function v2Value(text: string): string {
  return text
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',')
    .replace(/%25/g, '%');
}

function v1Value(text: string): string {
  return text
    .replace(/%3B/g, ';')
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%5D/g, ']')
    .replace(/%25/g, '%');
}
