// What a step leaves for the runner in its command files (GITHUB_OUTPUT, GITHUB_ENV), parsed
// as the runner reads them. The commands in its output are workflowCommands.ts.

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
