// `dog validate` writes nothing, so an interrupt ends it at once, even while it compiles a
// large graph; in-process callers see the cancellation through io.signal.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { dog, put, workspace } from './harness.js';

const BIN = resolve('src/cli/bin.ts');
const TSX = pathToFileURL(resolve('node_modules/tsx/dist/loader.mjs')).href;

/** A valid graph of about 6 MB: root → 200 groups → 180 leaves each. */
function bigGraph(): string {
  const nodes: Record<string, unknown> = {};
  const contains: { parent: string; child: string }[] = [];
  const groups: string[] = [];
  for (let g = 0; g < 200; g += 1) {
    const group = `group${g}`;
    const leaves: string[] = [];
    for (let l = 0; l < 180; l += 1) {
      const id = `leaf${g}.${l}`;
      leaves.push(id);
      nodes[id] = {
        kind: 'leaf',
        title: 'A leaf',
        target: 'x.txt',
        verifier: { mode: 'programmatic', script: 'file.exists' },
      };
      contains.push({ parent: group, child: id });
    }
    nodes[group] = {
      kind: 'composite',
      title: 'A group',
      completion: { op: 'all', items: leaves.map((id) => ({ op: 'ref', id })) },
    };
    groups.push(group);
    contains.push({ parent: 'root', child: group });
  }
  nodes.root = {
    kind: 'composite',
    title: 'Everything',
    completion: { op: 'all', items: groups.map((id) => ({ op: 'ref', id })) },
  };
  return JSON.stringify({ schemaVersion: '1', id: 'big', root: 'root', nodes, contains });
}

/** A nested all/any expression `depth` levels deep around one ref. */
function deepGraph(depth: number): unknown {
  let completion: unknown = { op: 'ref', id: 'a' };
  for (let level = 1; level < depth; level += 1) {
    completion = { op: level % 2 === 1 ? 'all' : 'any', items: [completion] };
  }
  return {
    schemaVersion: '1',
    id: 'deep',
    root: 'root',
    nodes: {
      root: { kind: 'composite', title: 'Deep', completion },
      a: {
        kind: 'leaf',
        title: 'A',
        target: 'a.txt',
        verifier: { mode: 'programmatic', script: 'file.exists' },
      },
    },
    contains: [{ parent: 'root', child: 'a' }],
  };
}

type Ended = { code: number | null; signal: NodeJS.Signals | null; stderr: string };

function start(args: string[], cwd: string) {
  const child = spawn(process.execPath, ['--import', TSX, BIN, ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<Ended>((resolveEnded) =>
    child.on('exit', (code, signal) => resolveEnded({ code, signal, stderr })),
  );
  return { child, ended };
}

describe('dog validate and interrupts', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)(
    '%s ends validate of a large graph at once',
    async (signal) => {
      const ws = await workspace({ 'x.txt': 'x' }, undefined, {
        limits: { maxNodes: 100_000, maxGraphBytes: 16 * 1024 * 1024 },
      });
      await put(ws, '.dog/graph.json', bigGraph());
      const { child, ended } = start(['validate'], ws);
      // Past start-up, well inside the several seconds the graph takes to parse and check.
      await new Promise((r) => setTimeout(r, 2500));
      const sent = performance.now();
      child.kill(signal);
      const result = await ended;
      expect(result).toEqual({ code: null, signal, stderr: '' });
      expect(performance.now() - sent).toBeLessThan(1000);
    },
    60_000,
  );

  test('a graph whose completion is nested 40 deep validates in seconds', async () => {
    const ws = await workspace({ 'a.txt': 'a' });
    const path = join(ws, 'deep.json');
    await writeFile(path, JSON.stringify(deepGraph(40)));
    const { child, ended } = start(['validate', path], ws);
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const result = await ended;
    clearTimeout(timer);
    expect(result).toEqual({ code: 0, signal: null, stderr: `${path}: valid\n` });
  }, 30_000);

  test('an in-process validate whose signal is aborted exits 130 and reports nothing', async () => {
    const ws = await workspace({ 'a.txt': 'a' }, deepGraph(3));
    const controller = new AbortController();
    controller.abort();
    const result = await dog(['validate', '--json'], ws, controller.signal);
    expect(result).toEqual({ code: 130, stdout: '', stderr: 'dog: validate cancelled\n' });
  });
});
