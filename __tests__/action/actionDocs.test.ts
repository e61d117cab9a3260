// README.md's inputs/outputs table is generated from action.yml by scripts/action-docs.mjs.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  END_MARKER,
  OUT_OF_DATE_MESSAGE,
  START_MARKER,
  codeCell,
  escapeCell,
  renderActionDocs,
  replaceBetweenMarkers,
  updateReadme,
} from '../../scripts/action-docs.mjs';

const execFileAsync = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..', '..');
const script = join(repoRoot, 'scripts', 'action-docs.mjs');

const actionYaml = [
  'name: t',
  'description: t',
  'inputs:',
  '  plain:',
  '    description: A plain input.',
  '    required: true',
  '  token:',
  '    description: The token.',
  '    default: ${{ github.token }}',
  '  piped:',
  '    description: |-',
  '      One | two',
  '      second line',
  "    default: 'a|b'",
  '  empty:',
  '    description: Empty default.',
  "    default: ''",
  '  numeric:',
  '    description: A number.',
  '    default: 3',
  '  ticks:',
  '    description: Backticks.',
  '    default: a`b',
  '  old:',
  '    description: Old input.',
  '    deprecationMessage: Use plain.',
  'outputs:',
  '  result:',
  '    description: The | result.',
  'runs:',
  '  using: node24',
  '  main: dist/action.js',
  '',
].join('\n');

function row(markdown: string, name: string): string {
  const line = markdown.split('\n').find((l) => l.startsWith(`| \`${name}\` |`));
  if (line === undefined) throw new Error(`no row for ${name} in:\n${markdown}`);
  return line;
}

async function run(args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await execFileAsync(process.execPath, [script, ...args], { cwd });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}

describe('cell escaping', () => {
  test('escapes pipes and turns line breaks into <br>', () => {
    expect(escapeCell('a | b\nc\r\nd')).toBe('a \\| b<br>c<br>d');
  });
  test('code cells use a fence longer than any backtick run and render empty as two quotes', () => {
    expect(codeCell('run')).toBe('`run`');
    expect(codeCell('')).toBe("`''`");
    expect(codeCell('a`b')).toBe('``a`b``');
    expect(codeCell('`x')).toBe('`` `x ``');
    expect(codeCell('a|b')).toBe('`a\\|b`');
  });
});

describe('renderActionDocs', () => {
  const markdown = renderActionDocs(actionYaml);

  test('renders an inputs table with name, description, default and required', () => {
    expect(markdown).toContain('| name | description | default | required |');
    expect(row(markdown, 'plain')).toBe('| `plain` | A plain input. |  | yes |');
    expect(row(markdown, 'empty')).toBe("| `empty` | Empty default. | `''` | no |");
    expect(row(markdown, 'numeric')).toBe('| `numeric` | A number. | `3` | no |');
    expect(row(markdown, 'ticks')).toBe('| `ticks` | Backticks. | ``a`b`` | no |');
  });
  test('renders ${{ github.token }} literally', () => {
    expect(row(markdown, 'token')).toBe('| `token` | The token. | `${{ github.token }}` | no |');
  });
  test('escapes pipes and newlines in descriptions and defaults', () => {
    expect(row(markdown, 'piped')).toBe('| `piped` | One \\| two<br>second line | `a\\|b` | no |');
    expect(row(markdown, 'result')).toBe('| `result` | The \\| result. |');
  });
  test('mentions deprecations', () => {
    expect(row(markdown, 'old')).toContain('Old input.<br>**Deprecated:** Use plain.');
  });
  test('every table row has as many cells as its header', () => {
    const cells = (line: string) => line.replace(/\\\|/g, '').split('|').length;
    const lines = markdown.split('\n').filter((l) => l.startsWith('|'));
    const inputs = lines.filter((l) => cells(l) === 6);
    const outputs = lines.filter((l) => cells(l) === 4);
    expect(inputs.length + outputs.length).toBe(lines.length);
    expect(inputs).toHaveLength(2 + 7);
    expect(outputs).toHaveLength(2 + 1);
  });
  test('keeps file order and wraps the block in prettier-ignore comments', () => {
    const names = [...markdown.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(names).toEqual([
      'plain',
      'token',
      'piped',
      'empty',
      'numeric',
      'ticks',
      'old',
      'result',
    ]);
    expect(markdown).toMatch(/<!-- prettier-ignore-start -->[\s\S]*<!-- prettier-ignore-end -->/);
  });
  test('an action without inputs or outputs says so', () => {
    const text = renderActionDocs('name: t\nruns: {using: node24, main: a.js}\n');
    expect(text).toContain('This action has no inputs.');
    expect(text).toContain('This action has no outputs.');
  });
  test('rejects a malformed inputs section', () => {
    expect(() => renderActionDocs('inputs: [a, b]\n')).toThrow(
      'action.yml: inputs must be a mapping',
    );
  });
});

describe('markers', () => {
  const readme = `# T\n\nbefore\n\n${START_MARKER}\nstale\n${END_MARKER}\n\nafter\n`;

  test('replaces only the text between the markers', () => {
    const updated = updateReadme(readme, actionYaml);
    expect(updated.startsWith(`# T\n\nbefore\n\n${START_MARKER}\n`)).toBe(true);
    expect(updated.endsWith(`${END_MARKER}\n\nafter\n`)).toBe(true);
    expect(updated).not.toContain('stale');
    expect(updateReadme(updated, actionYaml)).toBe(updated);
  });
  test.each([
    ['# T\n', `README.md has no ${START_MARKER} and no ${END_MARKER} marker`],
    [`# T\n${START_MARKER}\n`, `README.md has no ${END_MARKER} marker`],
    [`# T\n${END_MARKER}\n`, `README.md has no ${START_MARKER} marker`],
    [`${END_MARKER}\n${START_MARKER}\n`, `has ${END_MARKER} before ${START_MARKER}`],
    [`${START_MARKER}\n${END_MARKER}\n${START_MARKER}\n`, 'exactly once each'],
  ])('a README without a proper marker pair fails clearly (%#)', (text, message) => {
    expect(() => replaceBetweenMarkers(text, 'x')).toThrow(message);
  });
});

describe('the committed README', () => {
  test('is up to date with action.yml', async () => {
    const [readme, action] = await Promise.all([
      readFile(join(repoRoot, 'README.md'), 'utf8'),
      readFile(join(repoRoot, 'action.yml'), 'utf8'),
    ]);
    if (updateReadme(readme, action) !== readme) throw new Error(OUT_OF_DATE_MESSAGE);
  });
});

describe('the script as a program', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dog-action-docs-'));
    await copyFile(join(repoRoot, 'action.yml'), join(dir, 'action.yml'));
    await copyFile(join(repoRoot, 'README.md'), join(dir, 'README.md'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('--check passes on an up-to-date copy and fails after action.yml changes', async () => {
    expect(await run(['--check'], dir)).toEqual({ code: 0, stderr: '' });

    const action = await readFile(join(dir, 'action.yml'), 'utf8');
    await writeFile(
      join(dir, 'action.yml'),
      action.replace('Name of the check run.', 'Name of the check run | renamed.'),
    );
    const drift = await run(['--check'], dir);
    expect(drift.code).toBe(1);
    expect(drift.stderr).toContain(OUT_OF_DATE_MESSAGE);
    // --check never writes.
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe(
      await readFile(join(repoRoot, 'README.md'), 'utf8'),
    );

    expect((await run([], dir)).code).toBe(0);
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toContain(
      'Name of the check run \\| renamed.',
    );
    expect(await run(['--check'], dir)).toEqual({ code: 0, stderr: '' });
  });

  test('a README without markers is a clear error (exit 2)', async () => {
    await writeFile(join(dir, 'README.md'), '# no markers here\n');
    const result = await run(['--check'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`README.md has no ${START_MARKER}`);
  });

  test('an unknown flag is a usage error', async () => {
    expect((await run(['--chek'], dir)).code).toBe(2);
  });
});
