// The Copilot runtime on a runner: the workflow's own executable, the tool cache, or the pinned
// npm tarball fetched from a registry stand-in on 127.0.0.1, verified before it is installed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../../../src/core/errors.js';
import {
  resolveCopilotRuntime,
  TOOL_CACHE_NAME,
  type CopilotRuntimeOptions,
} from '../../../src/action/copilotRuntime.js';
import { pinFor, type RuntimePin } from '../../../src/action/copilotRuntimePin.js';
import { runtimeTreeDigest } from '../../../src/action/runtimeTree.js';

const LINUX_X64 = { os: 'linux', arch: 'x64', musl: false };
const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
const EXECUTABLE = 'prebuilds/linux-x64/copilot-runtime';

let dir: string;
let tarball: Buffer;
let pin: RuntimePin;
let registry: Server;
let registryUrl: string;
let requests: string[];
let served: () => Buffer;

/** A package laid out as the real platform package is: package/prebuilds/<platform>/…. */
async function makePackage(root: string): Promise<void> {
  const prebuilds = join(root, 'package', 'prebuilds', 'linux-x64');
  await mkdir(prebuilds, { recursive: true });
  await writeFile(join(prebuilds, 'copilot-runtime'), '#!/bin/sh\necho runtime-ran\n');
  await chmod(join(prebuilds, 'copilot-runtime'), 0o755);
  await writeFile(join(prebuilds, 'runtime.node'), Buffer.alloc(4096, 7));
  await mkdir(join(root, 'package', 'definitions'));
  await writeFile(join(root, 'package', 'definitions', 'task.agent.yaml'), 'name: task\n');
  await writeFile(
    join(root, 'package', 'package.json'),
    '{"name":"@github/copilot-sdk-linux-x64","version":"9.9.9"}\n',
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dog-copilot-runtime-'));
  const source = join(dir, 'source');
  await makePackage(source);
  execFileSync('tar', ['-czf', join(dir, 'pkg.tgz'), '-C', source, 'package']);
  tarball = await readFile(join(dir, 'pkg.tgz'));
  pin = {
    platform: 'linux-x64',
    packageName: '@github/copilot-sdk-linux-x64',
    version: '9.9.9',
    integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
    size: tarball.length,
    treeDigest: await runtimeTreeDigest(join(source, 'package')),
    executable: EXECUTABLE,
  };
  registry = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url !== '/@github/copilot-sdk-linux-x64/-/copilot-sdk-linux-x64-9.9.9.tgz') {
      response.writeHead(404).end('{"error":"Not found"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(served());
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => registry.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

let toolCache: string;
let infos: string[];
let warnings: string[];

beforeEach(async () => {
  toolCache = await mkdtemp(join(dir, 'toolcache-'));
  requests = [];
  infos = [];
  warnings = [];
  served = () => tarball;
});

function options(overrides: Partial<CopilotRuntimeOptions> = {}): CopilotRuntimeOptions {
  return {
    cliPath: '',
    toolCache,
    registry: registryUrl,
    platform: LINUX_X64,
    searchPath: process.env.PATH,
    info: (message) => infos.push(message),
    warning: (message) => warnings.push(message),
    signal: new AbortController().signal,
    pinFor: () => pin,
    ...overrides,
  };
}

const installed = () => join(toolCache, TOOL_CACHE_NAME, '9.9.9', 'linux-x64');

test('downloads the pinned tarball, verifies it and installs it into the tool cache', async () => {
  const path = await resolveCopilotRuntime(options());
  expect(path).toBe(join(installed(), EXECUTABLE));
  expect(execFileSync(path).toString()).toBe('runtime-ran\n');
  expect(requests).toEqual(['/@github/copilot-sdk-linux-x64/-/copilot-sdk-linux-x64-9.9.9.tgz']);
  expect(await runtimeTreeDigest(installed())).toBe(pin.treeDigest);
  // Nothing of the install is left beside it.
  expect(await readdir(join(toolCache, TOOL_CACHE_NAME, '9.9.9'))).toEqual(['linux-x64']);
});

test('a tarball whose integrity differs from the pin is refused and nothing is installed', async () => {
  const tampered = Buffer.from(tarball);
  tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 0xff;
  served = () => tampered;
  const failure = resolveCopilotRuntime(options());
  await expect(failure).rejects.toThrow(UserError);
  await expect(failure).rejects.toThrow(/is not the pinned @github\/copilot-sdk-linux-x64@9\.9\.9/);
  await expect(failure).rejects.toThrow(/nothing was installed/);
  expect(existsSync(installed())).toBe(false);
  expect(await readdir(join(toolCache, TOOL_CACHE_NAME, '9.9.9'))).toEqual([]);
});

test('a download longer than the pinned size is cut off and refused', async () => {
  served = () => Buffer.concat([tarball, Buffer.alloc(1 << 20)]);
  await expect(resolveCopilotRuntime(options())).rejects.toThrow(
    /sent more than the pinned \d+ bytes/,
  );
  expect(existsSync(installed())).toBe(false);
});

test('a registry that does not have the package is a clear error naming what to do', async () => {
  await expect(
    resolveCopilotRuntime(options({ registry: `${registryUrl}missing` })),
  ).rejects.toThrow(/could not download .*HTTP 404.*pass its path as the copilot-cli-path input/);
});

test('a second resolution uses the tool cache without downloading', async () => {
  const first = await resolveCopilotRuntime(options());
  requests = [];
  const second = await resolveCopilotRuntime(options());
  expect(second).toBe(first);
  expect(requests).toEqual([]);
  expect(infos.at(-1)).toMatch(/from the tool cache/);
});

test('a tool-cache copy that was changed is removed and downloaded again', async () => {
  await resolveCopilotRuntime(options());
  await writeFile(join(installed(), EXECUTABLE), '#!/bin/sh\necho planted\n');
  requests = [];
  const path = await resolveCopilotRuntime(options());
  expect(requests).toHaveLength(1);
  expect(warnings.join('\n')).toMatch(/is not the pinned .*removed and downloaded again/);
  expect(execFileSync(path).toString()).toBe('runtime-ran\n');
});

test('the workflow-given executable is used as it is, by absolute path or PATH name', async () => {
  const bin = join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, 'copilot'), '#!/bin/sh\n');
  await chmod(join(bin, 'copilot'), 0o755);
  expect(await resolveCopilotRuntime(options({ cliPath: join(bin, 'copilot') }))).toBe(
    join(bin, 'copilot'),
  );
  expect(await resolveCopilotRuntime(options({ cliPath: 'copilot', searchPath: bin }))).toBe(
    join(bin, 'copilot'),
  );
  expect(requests).toEqual([]);
});

test('a workflow-given path that is not an executable regular file is a user error', async () => {
  const plain = join(dir, 'not-executable');
  await writeFile(plain, 'data');
  await chmod(plain, 0o644);
  const cases: [string, RegExp][] = [
    [join(dir, 'absent'), /copilot-cli-path: .*absent does not exist/],
    [dir, /copilot-cli-path: .* is not a regular file/],
    [plain, /copilot-cli-path: .*not-executable is not executable/],
    ['bin/copilot', /expected an absolute path or a command name on PATH/],
    ['no-such-copilot', /no executable "no-such-copilot" on PATH/],
  ];
  for (const [cliPath, message] of cases) {
    const failure = resolveCopilotRuntime(options({ cliPath }));
    await expect(failure).rejects.toThrow(UserError);
    await expect(failure).rejects.toThrow(message);
  }
  expect(requests).toEqual([]);
});

test('a platform without a runtime package says what to do instead', async () => {
  for (const platform of [
    { os: 'darwin', arch: 'arm64', musl: false },
    { os: 'win32', arch: 'x64', musl: false },
    { os: 'linux', arch: 'arm64', musl: false },
  ]) {
    const failure = resolveCopilotRuntime(options({ platform, pinFor }));
    await expect(failure).rejects.toThrow(UserError);
    await expect(failure).rejects.toThrow(
      /no Copilot runtime is published for this runner's platform \((darwin-arm64|win32-x64|linux-arm64)\).*npm install -g @github\/copilot@.*copilot-cli-path.*API key in a secret/,
    );
  }
  expect(requests).toEqual([]);
});

test('Linux x64 with glibc and with musl each have a pinned package', () => {
  expect(pinFor(LINUX_X64)?.packageName).toBe('@github/copilot-sdk-linux-x64');
  expect(pinFor({ ...LINUX_X64, musl: true })?.packageName).toBe(
    '@github/copilot-sdk-linuxmusl-x64',
  );
});

test('the installed executable keeps its mode and the rest stays unwritable by others', async () => {
  await resolveCopilotRuntime(options());
  const mode = (await stat(join(installed(), EXECUTABLE))).mode & 0o777;
  expect(mode & 0o111).not.toBe(0);
  expect(mode & 0o002).toBe(0);
});

test('the pinned linux-x64 tree is the runtime package the SDK installs', async () => {
  const installedPackage = join(REPO_ROOT, 'node_modules', '@github', 'copilot-sdk-linux-x64');
  const pinned = pinFor(LINUX_X64);
  expect(pinned?.version).toBe(
    (
      JSON.parse(await readFile(join(installedPackage, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version,
  );
  expect(await runtimeTreeDigest(installedPackage)).toBe(pinned?.treeDigest);
  expect(existsSync(join(installedPackage, pinned?.executable ?? '?'))).toBe(true);
});
