import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '../../src/core/digest.js';
import {
  BUILTIN_SCRIPTS,
  BUILTIN_SCRIPT_PATH,
  ScriptLibrary,
  type ScriptResolution,
} from '../../src/verify/scriptLibrary.js';
import { removeTempDirs, tempDir, writeExecutable } from '../sandbox/support.js';

let libraryDir: string;
let outside: string;

beforeEach(async () => {
  const root = await tempDir();
  libraryDir = join(root, 'scripts');
  outside = join(root, 'outside');
  await mkdir(libraryDir);
  await mkdir(outside);
});
afterAll(removeTempDirs);

function expectMissing(resolution: ScriptResolution, ...fragments: string[]): void {
  expect(resolution.ok).toBe(false);
  if (resolution.ok) return;
  expect(resolution.error.category).toBe('script_missing');
  for (const fragment of fragments) expect(resolution.error.message).toContain(fragment);
}

describe('ScriptLibrary built-ins', () => {
  test.each([...BUILTIN_SCRIPTS])('%s runs the built-in program with node', async (name) => {
    const resolution = await new ScriptLibrary().resolve(name);
    if (!resolution.ok) throw new Error(resolution.error.message);
    expect(resolution.script).toMatchObject({
      name,
      source: 'builtin',
      argv: [process.execPath, BUILTIN_SCRIPT_PATH, name],
    });
    expect(resolution.script.readOnlyPaths).toEqual(
      expect.arrayContaining([process.execPath, BUILTIN_SCRIPT_PATH]),
    );
  });

  test('the program ships next to the module', async () => {
    expect(BUILTIN_SCRIPT_PATH.endsWith('/src/verify/builtin-script.mjs')).toBe(true);
    expect(await readFile(BUILTIN_SCRIPT_PATH, 'utf8')).toContain("'dir.non_empty'");
  });

  test('the digest is stable and differs per name', async () => {
    const digestOf = async (library: ScriptLibrary, name: string): Promise<string> => {
      const resolution = await library.resolve(name);
      if (!resolution.ok) throw new Error(resolution.error.message);
      return resolution.script.digest;
    };
    const first = await digestOf(new ScriptLibrary(), 'file.exists');
    expect(first).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await digestOf(new ScriptLibrary({ libraryDir }), 'file.exists')).toBe(first);
    expect(await digestOf(new ScriptLibrary(), 'file.non_empty')).not.toBe(first);
  });

  test('built-ins win over a library file of the same name', async () => {
    await writeExecutable(join(libraryDir, 'file.exists'), '#!/bin/sh\n');
    const resolution = await new ScriptLibrary({ libraryDir }).resolve('file.exists');
    expect(resolution.ok && resolution.script.source).toBe('builtin');
  });
});

describe('ScriptLibrary host directory', () => {
  test('an executable file resolves to itself with the digest of its bytes', async () => {
    const body = '#!/bin/sh\necho hi\n';
    await writeExecutable(join(libraryDir, 'check-it'), body);
    const resolution = await new ScriptLibrary({ libraryDir }).resolve('check-it');
    if (!resolution.ok) throw new Error(resolution.error.message);
    expect(resolution.script).toEqual({
      name: 'check-it',
      source: 'library',
      argv: [join(libraryDir, 'check-it')],
      readOnlyPaths: [join(libraryDir, 'check-it')],
      digest: `sha256:${sha256Hex(body)}`,
    });
  });

  test('changing the bytes changes the digest', async () => {
    const library = new ScriptLibrary({ libraryDir });
    await writeExecutable(join(libraryDir, 'check-it'), '#!/bin/sh\necho one\n');
    const before = await library.resolve('check-it');
    await writeExecutable(join(libraryDir, 'check-it'), '#!/bin/sh\necho two\n');
    const after = await library.resolve('check-it');
    expect(before.ok && after.ok).toBe(true);
    if (before.ok && after.ok) expect(after.script.digest).not.toBe(before.script.digest);
  });

  test('an unknown name lists the built-ins and the directory searched', async () => {
    const resolution = await new ScriptLibrary({ libraryDir }).resolve('nope');
    expectMissing(resolution, ...BUILTIN_SCRIPTS, libraryDir, 'does not exist');
  });

  test('without a library directory only built-ins exist', async () => {
    const resolution = await new ScriptLibrary().resolve('nope');
    expectMissing(resolution, 'no script library is configured');
  });

  test('a symlink leading outside the library is refused', async () => {
    await writeExecutable(join(outside, 'evil'), '#!/bin/sh\n');
    await symlink(join(outside, 'evil'), join(libraryDir, 'evil'));
    const library = new ScriptLibrary({ libraryDir });
    expectMissing(await library.resolve('evil'), 'outside the library');
    expect(library.has('evil')).toBe(false);
  });

  test('a symlink to another script inside the library is allowed', async () => {
    await writeExecutable(join(libraryDir, 'real'), '#!/bin/sh\n');
    await symlink('real', join(libraryDir, 'alias'));
    const resolution = await new ScriptLibrary({ libraryDir }).resolve('alias');
    expect(resolution.ok && resolution.script.argv).toEqual([join(libraryDir, 'real')]);
  });

  test('a file without execute permission is refused with a hint', async () => {
    await writeFile(join(libraryDir, 'plain'), '#!/bin/sh\n', { mode: 0o644 });
    expectMissing(await new ScriptLibrary({ libraryDir }).resolve('plain'), 'chmod +x');
  });

  test('a directory is not a script', async () => {
    await mkdir(join(libraryDir, 'folder'));
    expectMissing(await new ScriptLibrary({ libraryDir }).resolve('folder'), 'is a directory');
  });

  test.each(['../outside/evil', 'a/b', '.hidden', '', '..'])(
    'the unsafe name %j is refused',
    async (name) => {
      await writeExecutable(join(outside, 'evil'), '#!/bin/sh\n');
      await writeExecutable(join(libraryDir, '.hidden'), '#!/bin/sh\n');
      const library = new ScriptLibrary({ libraryDir });
      expectMissing(await library.resolve(name), 'not a single safe file name');
      expect(library.has(name)).toBe(false);
    },
  );

  test('has and list report built-ins and usable library scripts only', async () => {
    await writeExecutable(join(libraryDir, 'zeta'), '#!/bin/sh\n');
    await writeExecutable(join(libraryDir, 'alpha'), '#!/bin/sh\n');
    await writeFile(join(libraryDir, 'not-executable'), '#!/bin/sh\n', { mode: 0o644 });
    const library = new ScriptLibrary({ libraryDir });
    expect(library.list()).toEqual([...BUILTIN_SCRIPTS, 'alpha', 'zeta']);
    expect(library.has('alpha')).toBe(true);
    expect(library.has('json.valid')).toBe(true);
    expect(library.has('not-executable')).toBe(false);
    expect(library.has('absent')).toBe(false);
  });
});
