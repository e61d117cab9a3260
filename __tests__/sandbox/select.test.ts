import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../../src/core/errors.js';
import { BubblewrapSandbox } from '../../src/sandbox/bubblewrap.js';
import { NoIsolationSandbox } from '../../src/sandbox/none.js';
import { findBwrap, preflightBubblewrap } from '../../src/sandbox/preflight.js';
import { selectSandbox } from '../../src/sandbox/select.js';
import { defaultSandboxSettings } from '../../src/sandbox/settings.js';
import { describeWithBwrap, removeTempDirs, tempDir, writeExecutable } from './support.js';

afterAll(removeTempDirs);

const MISSING_BWRAP = '/nonexistent/dog-test/bwrap';
// An executable that exists but fails, like bwrap refused by AppArmor.
const FAILING_BWRAP = '/bin/false';

describe('selectSandbox', () => {
  test('none is explicit and says isolation is disabled', async () => {
    const { sandbox, note } = await selectSandbox('none');
    expect(sandbox).toBeInstanceOf(NoIsolationSandbox);
    expect(sandbox.kind).toBe('none');
    expect(note).toMatch(/isolation disabled by configuration/);
  });

  test('auto falls back to none and explains why and how to fix it', async () => {
    const { sandbox, note } = await selectSandbox('auto', {
      bubblewrap: { bwrapPath: MISSING_BWRAP },
    });
    expect(sandbox.kind).toBe('none');
    expect(note).toContain(`no bwrap executable at ${MISSING_BWRAP}`);
    expect(note).toMatch(/WITHOUT isolation/);
    expect(note).toMatch(/apt-get install bubblewrap/);
    expect(note).toMatch(/apparmor_restrict_unprivileged_userns/);
  });

  test('bubblewrap insists: a missing bwrap is a user error', async () => {
    const selecting = selectSandbox('bubblewrap', { bubblewrap: { bwrapPath: MISSING_BWRAP } });
    await expect(selecting).rejects.toBeInstanceOf(UserError);
    await expect(selecting).rejects.toThrow(/install bubblewrap/i);
  });

  test('bubblewrap insists: a bwrap that fails its preflight is a user error', async () => {
    const selecting = selectSandbox('bubblewrap', { bubblewrap: { bwrapPath: FAILING_BWRAP } });
    await expect(selecting).rejects.toBeInstanceOf(UserError);
    await expect(selecting).rejects.toThrow(`${FAILING_BWRAP} exited with 1`);
  });

  test('the preflight answer is cached per process', () => {
    const options = { bwrapPath: FAILING_BWRAP };
    expect(preflightBubblewrap(options)).toBe(preflightBubblewrap(options));
  });
});

describe('findBwrap', () => {
  test('prefers a bwrap on PATH', async () => {
    const dir = join(await tempDir(), 'bin');
    await mkdir(dir);
    await writeExecutable(join(dir, 'bwrap'), '#!/bin/sh\nexit 0\n');
    expect(findBwrap(`relative/dir:${dir}:/usr/bin`)).toBe(join(dir, 'bwrap'));
  });

  test('ignores non-executable candidates', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'bwrap'));
    const found = findBwrap(dir);
    expect(found === undefined || found === '/usr/bin/bwrap').toBe(true);
  });
});

describeWithBwrap('selectSandbox with a working bubblewrap', () => {
  test.each(['auto', 'bubblewrap'] as const)('%s picks bubblewrap', async (mode) => {
    const { sandbox, note } = await selectSandbox(mode);
    expect(sandbox).toBeInstanceOf(BubblewrapSandbox);
    expect(sandbox.kind).toBe('bubblewrap');
    expect(note).toMatch(/^isolation: bubblewrap/);
  });
});

describeWithBwrap('selectSandbox with a work root planted as a symbolic link', () => {
  test.each(['auto', 'bubblewrap'] as const)('%s refuses with the fix', async (mode) => {
    const base = await tempDir();
    const workRoot = join(base, `planted-${mode}`);
    await symlink(base, workRoot);
    const settings = { ...defaultSandboxSettings(), workRoot };
    expect(await preflightBubblewrap({ settings })).toMatchObject({
      ok: false,
      failure: 'work_root',
    });
    const selecting = selectSandbox(mode, { bubblewrap: { settings } });
    await expect(selecting).rejects.toBeInstanceOf(UserError);
    await expect(selecting).rejects.toThrow(`sandbox work root ${workRoot} is a symbolic link`);
  });
});
