// Another local account can create the sandbox work root (`$TMPDIR/dog-sandbox-<uid>`) before
// dog does. Such a work root must stop the run with the fix, under `isolation: auto` too: it
// must never turn into a run without the sandbox.
import { chmod, chown, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWithBwrap } from '../sandbox/support.js';
import { dogProcess } from './cliProcess.js';
import { allOf, put } from './harness.js';

const OTHER_USER = 1500903;
const asRoot = process.getuid?.() === 0;

type Planting = (workRoot: string, base: string) => Promise<void>;

const plantings: [string, Planting][] = [
  [
    'a directory of another user',
    async (workRoot) => {
      await mkdir(workRoot, { mode: 0o755 });
      await chown(workRoot, OTHER_USER, OTHER_USER);
    },
  ],
  [
    'a symbolic link',
    async (workRoot, base) => {
      await mkdir(join(base, 'elsewhere'));
      await symlink(join(base, 'elsewhere'), workRoot);
    },
  ],
  [
    'a directory others can write',
    async (workRoot) => {
      await mkdir(workRoot);
      await chmod(workRoot, 0o777);
    },
  ],
];

const bases: string[] = [];
afterAll(() => Promise.all(bases.map((dir) => rm(dir, { recursive: true, force: true }))));

describeWithBwrap('a planted sandbox work root', () => {
  test.each(plantings)(
    '(%s) stops isolation: auto with the fix',
    async (name, plant) => {
      if (name.includes('another user') && !asRoot) {
        console.warn(`SKIPPED "${name}": needs root to plant a directory as another uid`);
        return;
      }
      const base = await mkdtemp(join(tmpdir(), 'dog-planted-'));
      bases.push(base);
      const ws = join(base, 'ws');
      const tmp = join(base, 'tmp');
      await put(ws, 'build/a.txt', 'bytes\n');
      await put(
        ws,
        '.dog/graph.yaml',
        JSON.stringify(allOf({ built: { target: 'build', script: 'dir.non_empty' } })),
      );
      await put(ws, '.dog/config.yaml', 'isolation: auto\n');
      await mkdir(tmp);
      await plant(join(tmp, `dog-sandbox-${String(process.getuid?.())}`), base);

      const env = { PATH: '/usr/bin:/bin', HOME: base, TMPDIR: tmp };
      const result = await dogProcess(['run', '--json', '--workspace', ws], env);

      // No report: nothing was verified. The error and its fix are on stderr (with --json,
      // stdout may carry the same error as JSON).
      expect(result.stdout).not.toContain('rootState');
      expect(result.stderr).not.toMatch(/WITHOUT isolation|internal error/);
      expect(result.stderr).toMatch(/sandbox work root .*dog-sandbox-\d+ /);
      expect(result.stderr).toMatch(/remove it or set sandbox\.workRoot/);
      expect(result.code).toBe(2);
    },
    60_000,
  );
});
