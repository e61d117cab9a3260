// `dog run` on a machine whose companion settings name a host-local store: a second clone of
// the same repository inherits what the first verified, through the machine's store.
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWithBwrap } from '../sandbox/support.js';
import { allOf, dog, workspace } from './harness.js';
import type { RunReport } from '../../src/core/report/model.js';

const FILES = { 'README.md': '# Tool\n\nnpm install tool\n', 'data.json': '{"ok": true}\n' };
const GRAPH = allOf({
  readme: { target: 'README.md', script: 'text.includes', params: { text: 'install' } },
  data: { target: 'data.json', script: 'json.valid' },
});

let machine: string;
beforeAll(async () => {
  machine = await mkdtemp(join(tmpdir(), 'dog-machine-'));
  await chmod(machine, 0o755);
});
afterAll(() => rm(machine, { recursive: true, force: true }));

async function runIn(ws: string, settings: string): Promise<RunReport> {
  const env = { PATH: process.env.PATH, DOG_COMPANION_CONFIG: settings };
  const result = await dog(['run', '--json'], ws, undefined, env);
  if (result.code !== 0) throw new Error(`dog run exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as RunReport;
}

describeWithBwrap('the host-local store for dog run', () => {
  test('a second clone inherits through the machine store, not its own', async () => {
    const settings = join(machine, 'companion.yaml');
    const store = join(machine, 'store');
    await writeFile(settings, `store: {path: ${store}, maxBytes: 10485760}\n`);
    const first = await runIn(await workspace(FILES, GRAPH), settings);
    expect(first.totals).toMatchObject({ verified: 2, inherited: 0 });
    expect((await readdir(join(store, 'records', 'gm'))).length).toBeGreaterThan(0);

    const clone = await workspace(FILES, GRAPH);
    const second = await runIn(clone, settings);
    expect(second.totals).toMatchObject({ verified: 0, inherited: 2 });
    expect(second.isolation?.kind).toBe('bubblewrap');
  });

  test('an unusable host store is a warning, and the run goes on with its own store', async () => {
    const settings = join(machine, 'open.yaml');
    const store = join(machine, 'open-store');
    await writeFile(settings, `store: {path: ${store}, maxBytes: 10485760}\n`);
    await mkdir(store, { mode: 0o777 });
    await chmod(store, 0o777);
    const env = { PATH: process.env.PATH, DOG_COMPANION_CONFIG: settings };
    const result = await dog(['run', '--json'], await workspace(FILES, GRAPH), undefined, env);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/the host-local store .* is not used: .*writ/);
  });
});
