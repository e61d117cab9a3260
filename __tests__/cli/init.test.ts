import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { RELEASE_BASE } from '../../src/cli/packageRoot.js';
import { dog, put, runJson } from '../e2e/harness.js';

async function repository(files: Record<string, string>, name = 'my-repo'): Promise<string> {
  const root = join(await mkdtemp(join(tmpdir(), 'dog-init-')), name);
  await mkdir(join(root, '.git'), { recursive: true });
  for (const [path, content] of Object.entries(files)) await put(root, path, content);
  return root;
}

const read = (root: string, file: string): Promise<string> => readFile(join(root, file), 'utf8');

test('dog init writes a graph that validates and runs, ignores the store and prints the next steps', async () => {
  const repo = await repository({
    'README.md': '# My repo\n',
    'package.json': '{"name":"x"}\n',
    'src/a.ts': '',
  });
  const init = await dog(['init'], join(repo, 'src'));
  expect(init.code).toBe(0);
  expect(init.stdout).toContain(`dog: initialised ${repo}`);
  expect(init.stdout).toContain('wrote .dog/graph.yaml (goals: readme, package-json)');
  expect(init.stdout).toContain('added .dog/store/ to .gitignore');
  expect(init.stdout).toMatch(/Next steps:\n {2}dog run /);
  expect(init.stdout).toContain('examples/workflows/single-job.yml');
  expect(init.stdout).toContain('.github/workflows/dog.yml');

  const graph = await read(repo, '.dog/graph.yaml');
  expect(graph.split('\n')[0]).toBe(
    `# yaml-language-server: $schema=${RELEASE_BASE}/schemas/graph.schema.json`,
  );
  expect(RELEASE_BASE).toMatch(
    /^https:\/\/raw\.githubusercontent\.com\/dog-ci\/dog\/v\d+\.\d+\.\d+$/,
  );
  expect(parse(graph)).toMatchObject({ id: 'my-repo', nodes: { readme: { target: 'README.md' } } });
  const config = await read(repo, '.dog/config.yaml');
  expect(config).toContain(`$schema=${RELEASE_BASE}/schemas/config.schema.json`);
  expect(config).toContain('#   maxBytes: 1073741824');
  expect(await read(repo, '.gitignore')).toBe(
    "# dog's local store (records, captures, runs)\n.dog/store/\n",
  );

  expect((await dog(['validate'], repo)).code).toBe(0);
  const run = await runJson(repo);
  expect(run.code).toBe(0);
  expect(run.report.rootState).toBe('success');
  expect(run.report.totals.verified).toBe(2);
  expect(Object.keys(run.report.nodes).sort()).toEqual(['package-json', 'readme', 'root']);
});

test('dog init refuses to overwrite (exit 2, nothing written) unless --force', async () => {
  const repo = await repository({ 'README.md': 'hi' });
  await put(repo, '.dog/graph.yaml', 'mine: true\n');
  const refused = await dog(['init'], repo);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('.dog/graph.yaml already exists');
  expect(refused.stderr).toContain('--force');
  expect(await read(repo, '.dog/graph.yaml')).toBe('mine: true\n');
  await expect(read(repo, '.dog/config.yaml')).rejects.toThrow(/ENOENT/);
  await expect(read(repo, '.gitignore')).rejects.toThrow(/ENOENT/);

  const forced = await dog(['init', '--force'], repo);
  expect(forced.code).toBe(0);
  expect(await read(repo, '.dog/graph.yaml')).toContain('script: file.non_empty');
  const again = await dog(['init'], repo);
  expect(again.code).toBe(2);
  expect(again.stderr).toContain('.dog/graph.yaml and .dog/config.yaml already exist');
  await put(repo, '.dog/graph.json', '{}');
  expect((await dog(['init', '--workspace', join(repo, 'nope')], repo)).code).toBe(2);
});

test('an empty repository gets a goal that holds: git ignores the store', async () => {
  const repo = await repository({}, 'Odd name (2)');
  expect((await dog(['init'], repo)).code).toBe(0);
  const graph = parse(await read(repo, '.dog/graph.yaml')) as { id: string };
  expect(graph.id).toBe('Odd-name-2-');
  const run = await runJson(repo);
  expect(run.code).toBe(0);
  expect(run.report.nodes['store-ignored']?.state).toBe('success');
});

test('an existing .gitignore is appended to once, and left alone when it already ignores .dog/', async () => {
  const repo = await repository({ 'README.md': 'hi', '.gitignore': 'node_modules' });
  expect((await dog(['init'], repo)).code).toBe(0);
  expect(await read(repo, '.gitignore')).toBe(
    "node_modules\n# dog's local store (records, captures, runs)\n.dog/store/\n",
  );
  const other = await repository({ 'README.md': 'hi', '.gitignore': 'dist\n/.dog/\n' });
  const init = await dog(['init'], other);
  expect(init.stdout).toContain('.gitignore already ignores .dog/store/');
  expect(await read(other, '.gitignore')).toBe('dist\n/.dog/\n');
});

test('without a repository, dog init initialises the current directory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'dog-init-plain-'));
  await writeFile(join(dir, 'README'), 'plain');
  const init = await dog(['init'], dir);
  expect(init.code).toBe(0);
  expect(init.stdout).toContain(`dog: initialised ${dir}`);
  expect(parse(await read(dir, '.dog/graph.yaml'))).toMatchObject({
    nodes: { readme: { target: 'README' } },
  });
});
