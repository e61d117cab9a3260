// Reading the trusted tree: paths stay inside the repository, a missing graph is a clear
// error, and the contents API's answers (file, directory, 404, 403) map to what DoG needs.
import { ContentsApiTree, type ContentsClient } from '../../../src/action/contentsTree.js';
import {
  changedInWorkspace,
  readTrustedFiles,
  type TreeReader,
} from '../../../src/action/trusted.js';
import { UserError } from '../../../src/core/errors.js';

class MapTree implements TreeReader {
  readonly description = 'a test tree';
  constructor(private readonly files: Record<string, string>) {}
  read(path: string) {
    return Promise.resolve(path in this.files ? Buffer.from(this.files[path]!) : undefined);
  }
  listFiles(dir: string) {
    const names = Object.keys(this.files)
      .filter((p) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes('/'))
      .map((p) => p.slice(dir.length + 1));
    return Promise.resolve(names.length ? names : undefined);
  }
}

const scriptsDir = () => Promise.resolve('.dog/scripts');

describe('readTrustedFiles', () => {
  it('reads graph, config and scripts, and finds the default graph name', async () => {
    const tree = new MapTree({
      '.dog/graph.yml': 'g',
      '.dog/config.yaml': 'c',
      '.dog/scripts/lint': '#!/bin/sh\n',
      '.dog/scripts/.hidden': 'x',
    });
    const files = await readTrustedFiles(tree, { graph: undefined, config: undefined }, scriptsDir);
    expect(files).toMatchObject({ graphPath: '.dog/graph.yml', graph: 'g', config: 'c' });
    expect(files.scripts).toEqual([
      { name: 'lint', content: Buffer.from('#!/bin/sh\n').toString('base64') },
    ]);
  });

  it.each(['../outside.yaml', '/etc/passwd', 'a/../../b'])('refuses the path %s', async (graph) => {
    await expect(
      readTrustedFiles(new MapTree({}), { graph, config: undefined }, scriptsDir),
    ).rejects.toThrow(/must be a path inside the repository/);
  });

  it('says where it looked when there is no graph, and when a named config is missing', async () => {
    await expect(
      readTrustedFiles(new MapTree({}), { graph: undefined, config: undefined }, scriptsDir),
    ).rejects.toThrow(
      'no graph in a test tree: looked for .dog/graph.yaml, .dog/graph.yml, .dog/graph.json; commit one at .dog/graph.yaml (or set the graph input to where it is)',
    );
    await expect(
      readTrustedFiles(
        new MapTree({ 'g.yaml': 'g' }),
        { graph: 'g.yaml', config: 'c.yaml' },
        scriptsDir,
      ),
    ).rejects.toThrow('the configuration c.yaml does not exist in a test tree');
  });

  it('lists what a pull request changed against the trusted files', async () => {
    const trusted = await readTrustedFiles(
      new MapTree({ '.dog/graph.yaml': 'base', '.dog/scripts/a': '1' }),
      { graph: undefined, config: undefined },
      scriptsDir,
    );
    const head = new MapTree({
      '.dog/graph.yaml': 'head',
      '.dog/scripts/a': '1',
      '.dog/scripts/b': '2',
      '.dog/config.yaml': 'new',
    });
    expect(await changedInWorkspace(trusted, head, '.dog/scripts')).toEqual([
      '.dog/graph.yaml',
      '.dog/config.yaml',
      '.dog/scripts/b',
    ]);
  });
});

describe('ContentsApiTree', () => {
  const calls: string[] = [];
  const client = (answer: (path: string) => unknown): ContentsClient => ({
    getContent: ({ path, ref }) => {
      calls.push(`${path}@${ref}`);
      const data = answer(path);
      return data instanceof Error ? Promise.reject(data) : Promise.resolve({ data });
    },
  });
  const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

  it('reads files and directories under the workspace prefix at the given commit', async () => {
    const tree = new ContentsApiTree(
      client((path) =>
        path.endsWith('scripts')
          ? [
              { type: 'file', name: 'a' },
              { type: 'dir', name: 'sub' },
            ]
          : { type: 'file', encoding: 'base64', content: Buffer.from('hello').toString('base64') },
      ),
      { owner: 'o', repo: 'r' },
      'f'.repeat(40),
      'examples/app',
    );
    expect((await tree.read('.dog/graph.yaml'))?.toString()).toBe('hello');
    expect(await tree.listFiles('.dog/scripts')).toEqual(['a']);
    expect(calls.at(0)).toBe(`examples/app/.dog/graph.yaml@${'f'.repeat(40)}`);
  });

  it('treats 404 as absent and anything else as an error naming the permission', async () => {
    const missing = new ContentsApiTree(
      client(() => httpError(404)),
      { owner: 'o', repo: 'r' },
      'a'.repeat(40),
    );
    expect(await missing.read('x')).toBeUndefined();
    const denied = new ContentsApiTree(
      client(() => httpError(403)),
      { owner: 'o', repo: 'r' },
      'a'.repeat(40),
    );
    const error = await denied.read('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(/HTTP 403.*permissions: contents: read/);
  });

  it('refuses a file the API does not inline (over 1 MB)', async () => {
    const tree = new ContentsApiTree(
      client(() => ({ type: 'file', encoding: 'none', content: '' })),
      { owner: 'o', repo: 'r' },
      'a'.repeat(40),
    );
    await expect(tree.read('big')).rejects.toThrow(/too large for the contents API/);
  });
});
