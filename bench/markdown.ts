// The one markdown table writer of the benchmarks: header row first.
export function markdownTable(rows: string[][]): string {
  const [header = [], ...body] = rows;
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}
