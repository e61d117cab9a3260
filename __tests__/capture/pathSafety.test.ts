import { execFileSync } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { checkTargetSyntax, normalizeTarget, resolveTarget } from '../../src/capture/pathSafety.js';
import { linkEscape } from '../../src/capture/linkCheck.js';
import { removeTempDirs, tempDir, writeTree } from './fixtures.js';

afterEach(removeTempDirs);

describe('checkTargetSyntax', () => {
  test.each(['build/pages', 'a.txt', '.', './build', 'build/', 'a..b/c'])(
    'accepts %j',
    (target) => {
      expect(checkTargetSyntax(target)).toBeUndefined();
    },
  );

  test.each([
    ['', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['C:/x', 'absolute'],
    ['../secret', "'..'"],
    ['build/../../secret', "'..'"],
    ['build/..', "'..'"],
    ['a\0b', 'NUL'],
    ['a\\b', 'backslash'],
  ])('rejects %j (%s) naming the target', (target, why) => {
    const message = checkTargetSyntax(target);
    expect(message).toContain(why);
    if (target !== '') expect(message).toContain(JSON.stringify(target));
  });
});

test('normalizeTarget drops dot and empty segments', () => {
  expect(normalizeTarget('./build//pages/')).toBe('build/pages');
  expect(normalizeTarget('.')).toBe('.');
  expect(normalizeTarget('./')).toBe('.');
});

describe('resolveTarget', () => {
  async function layout(): Promise<{ ws: string; outside: string }> {
    const base = await tempDir();
    const ws = path.join(base, 'ws');
    await writeTree(base, {
      'outside/secret.txt': 'secret',
      'ws/build/page.txt': 'page',
      'ws/inner-link': { link: 'build' },
      'ws/escape-link': { link: '../outside' },
      'ws/abs-link': { link: path.join(base, 'outside', 'secret.txt') },
      'ws/dangling': { link: 'nowhere' },
    });
    return { ws, outside: path.join(base, 'outside') };
  }

  test('resolves a file and a directory to real paths with their kind', async () => {
    const { ws } = await layout();
    const file = await resolveTarget(ws, 'build/page.txt');
    expect(file).toEqual({
      ok: true,
      kind: 'file',
      absPath: path.join(await realpath(ws), 'build/page.txt'),
      workspaceReal: await realpath(ws),
    });
    const dir = await resolveTarget(ws, './build/');
    expect(dir.ok && dir.kind).toBe('directory');
  });

  test('follows a symlink that stays inside the workspace', async () => {
    const { ws } = await layout();
    const result = await resolveTarget(ws, 'inner-link');
    expect(result).toMatchObject({
      ok: true,
      kind: 'directory',
      absPath: path.join(await realpath(ws), 'build'),
    });
  });

  test.each(['escape-link', 'abs-link', 'escape-link/secret.txt'])(
    'refuses %s, which resolves outside the workspace',
    async (target) => {
      const { ws } = await layout();
      const result = await resolveTarget(ws, target);
      expect(result).toMatchObject({ ok: false, reason: 'target_unsafe' });
      if (!result.ok) expect(result.message).toMatch(/outside the workspace/);
    },
  );

  test.each(['missing.txt', 'build/missing', 'dangling', 'build/page.txt/x'])(
    'reports %s as missing',
    async (target) => {
      const { ws } = await layout();
      const result = await resolveTarget(ws, target);
      expect(result).toMatchObject({ ok: false, reason: 'target_missing' });
      if (!result.ok) expect(result.message).toContain(JSON.stringify(target));
    },
  );

  test.each(['../outside', '/etc', 'a\0b'])(
    'refuses bad syntax %j before touching disk',
    async (target) => {
      const { ws } = await layout();
      expect(await resolveTarget(ws, target)).toMatchObject({ ok: false, reason: 'target_unsafe' });
    },
  );

  test('refuses a FIFO target', async () => {
    const { ws } = await layout();
    execFileSync('mkfifo', [path.join(ws, 'pipe')]);
    const result = await resolveTarget(ws, 'pipe');
    expect(result).toMatchObject({ ok: false, reason: 'target_unsafe' });
  });
});

describe('linkEscape', () => {
  const links = (map: Record<string, string>) => (rel: string) => map[rel];

  test('accepts links that stay inside, including through other links', () => {
    expect(linkEscape('a/l', '../b/c', links({}))).toBeUndefined();
    expect(linkEscape('l', 'd/../x', links({}))).toBeUndefined();
    expect(linkEscape('a/l', 'm/x', links({ 'a/m': '../b' }))).toBeUndefined();
    expect(linkEscape('l', '.', links({}))).toBeUndefined();
  });

  test('refuses absolute and escaping links', () => {
    expect(linkEscape('l', '/etc/passwd', links({}))).toMatch(/absolute/);
    expect(linkEscape('a/l', '../../x', links({}))).toMatch(/outside/);
  });

  test('sees through a link to the root: s -> . makes s/../x escape', () => {
    expect(linkEscape('l', 's/../x', links({ s: '.' }))).toMatch(/outside/);
    expect(linkEscape('l', 's/../x', links({}))).toBeUndefined();
  });

  test('refuses a link through an absolute link, and loops', () => {
    expect(linkEscape('l', 'abs/x', links({ abs: '/tmp' }))).toMatch(/absolute/);
    expect(linkEscape('a', 'b', links({ a: 'b', b: 'a' }))).toMatch(/loop/);
  });
});
