// The npm package as users get it: built, packed with `npm pack`, installed into a fresh project
// with `npm install <tarball>` (offline: the bundle carries its dependencies), then used there.
import { execFile } from 'node:child_process';
import { access, cp, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;

type Outcome = { code: number; stdout: string; stderr: string };

async function sh(command: string, args: string[], cwd: string): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env: { PATH, HOME: cwd } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** A copy of the package with a bundle built from this tree (dist/ stays as committed). */
async function packTarball(work: string): Promise<string> {
  const pkg = join(work, 'package');
  await mkdir(pkg);
  const manifest = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as {
    files: string[];
  };
  await cp(join(REPO, 'package.json'), join(pkg, 'package.json'));
  for (const entry of manifest.files.filter((file) => file !== 'dist'))
    await cp(join(REPO, entry), join(pkg, entry), { recursive: true });
  const built = await run(process.execPath, ['scripts/build.mjs'], {
    cwd: REPO,
    env: { PATH, DOG_BUILD_OUTDIR: join(pkg, 'dist') },
  });
  expect(built.stderr).toBe('');
  const packed = await sh('npm', ['pack', '--pack-destination', work, '--json'], pkg);
  expect(packed).toMatchObject({ code: 0 });
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  return join(work, filename);
}

test('npm pack, npm install <tarball> in a fresh repository, then dog init, validate, run and status', async () => {
  const work = await mkdtemp(join(tmpdir(), 'dog-pack-'));
  const tarball = await packTarball(work);
  const project = join(work, 'project');
  await mkdir(project);
  await writeFile(
    join(project, 'package.json'),
    '{"name":"project","version":"1.0.0","private":true}\n',
  );
  await writeFile(join(project, 'README.md'), '# Project\n');
  expect((await sh('git', ['init', '-q'], project)).code).toBe(0);
  const installed = await sh(
    'npm',
    ['install', '--no-audit', '--no-fund', '--offline', tarball],
    project,
  );
  expect(installed).toMatchObject({ code: 0 });
  // Nothing but dog itself: the bin is self-contained.
  const modules = (await readdir(join(project, 'node_modules'))).filter((n) => !n.startsWith('.'));
  expect(modules).toEqual(['dog-ci']);
  const dog = join(project, 'node_modules', '.bin', 'dog');

  expect((await sh(dog, ['--version'], project)).stdout).toMatch(/^dog \d+\.\d+\.\d+\n$/);
  const init = await sh(dog, ['init'], project);
  expect(init).toMatchObject({ code: 0 });
  expect(init.stdout).toContain(
    join(project, 'node_modules/dog-ci/examples/workflows/single-job.yml'),
  );
  // dog installed in the repository: the schema line is a path into node_modules that resolves.
  for (const [file, schema] of [
    ['graph.yaml', 'graph.schema.json'],
    ['config.yaml', 'config.schema.json'],
  ] as const) {
    const first = (await readFile(join(project, '.dog', file), 'utf8')).split('\n')[0];
    expect(first).toBe(`# yaml-language-server: $schema=../node_modules/dog-ci/schemas/${schema}`);
    await access(resolve(project, '.dog', `../node_modules/dog-ci/schemas/${schema}`));
  }
  await access(join(project, 'node_modules/dog-ci/examples/workflows/single-job.yml'));

  expect(await sh(dog, ['validate'], project)).toMatchObject({ code: 0 });
  const first = await sh(dog, ['run'], project);
  expect(first).toMatchObject({ code: 0 });
  expect(first.stderr).toContain('verified 2, inherited 0');
  await mkdir(join(project, 'docs/deep'), { recursive: true });
  const status = await sh(dog, ['status', 'latest'], join(project, 'docs/deep'));
  expect(status).toMatchObject({ code: 0 });
  expect(status.stderr).toContain(`dog: workspace ${project}`);
  expect(status.stdout).toContain('SUCCESS');
  expect((await sh(dog, ['gc', '--keep-runs', '1'], project)).code).toBe(0);
}, 180_000);
