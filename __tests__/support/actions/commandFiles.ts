// What a step leaves for the runner: the GITHUB_OUTPUT file and the `::command::` lines on
// stdout (annotations, masks), parsed as the runner reads them.

/** Parses a GITHUB_OUTPUT (or GITHUB_ENV) file: `name<<DELIM\nvalue\nDELIM` and `name=value`. */
export function parseCommandFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line === '') continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc !== null) {
      const [, name = '', delimiter = ''] = heredoc;
      const end = lines.indexOf(delimiter, i + 1);
      if (end < 0) throw new Error(`matching delimiter not found: ${delimiter}`);
      out[name] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`invalid line in command file: ${line}`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

export type WorkflowCommand = {
  command: string;
  properties: Record<string, string>;
  message: string;
};

/** `::name key=value,key=value::message` lines, with the runner's escapes undone. */
export function parseWorkflowCommands(stdout: string): WorkflowCommand[] {
  const commands: WorkflowCommand[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const match = /^::([\w-]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (match === null) continue;
    const properties: Record<string, string> = {};
    for (const pair of (match[2] ?? '').split(',')) {
      const eq = pair.indexOf('=');
      if (eq > 0) properties[pair.slice(0, eq)] = unescape(pair.slice(eq + 1), true);
    }
    commands.push({
      command: match[1] ?? '',
      properties,
      message: unescape(match[3] ?? '', false),
    });
  }
  return commands;
}

function unescape(text: string, property: boolean): string {
  let out = text.replace(/%0D/g, '\r').replace(/%0A/g, '\n');
  if (property) out = out.replace(/%3A/g, ':').replace(/%2C/g, ',');
  return out.replace(/%25/g, '%');
}
