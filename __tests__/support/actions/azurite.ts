// Azurite's blob service as a child process: the Azure Blob storage the artifact and cache
// clients upload to and download from through signed (SAS) URLs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type Azurite = {
  /** `http://127.0.0.1:<port>/devstoreaccount1` */
  blobEndpoint: string;
  accountName: string;
  accountKey: string;
  /** Leader of Azurite's process group (its watchdog). */
  pid: number;
  stop(): Promise<void>;
};

// Azurite's documented development account; it accepts no other.
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

const START_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 3_000;

function azuriteBlobMain(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('azurite/package.json')), 'dist', 'src', 'blob', 'main.js');
}

// A watchdog between us and Azurite: it ends Azurite when its stdin closes, which happens
// however this process dies (even SIGKILL or a jest timeout), so no Azurite outlives a test.
const WATCHDOG = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, process.argv.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] });
const stop = () => { child.kill('SIGTERM'); setTimeout(() => child.kill('SIGKILL'), 2000).unref(); };
process.stdin.on('close', stop).on('end', stop).resume();
process.on('SIGTERM', stop).on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 1));
`;

function azuriteArgs(): string[] {
  return [
    azuriteBlobMain(),
    ...['--blobHost', '127.0.0.1', '--blobPort', '0'],
    '--inMemoryPersistence',
    ...['--extentMemoryLimit', '512'],
    '--loose',
    // The Azure SDK the clients bundle sends a newer x-ms-version than Azurite knows.
    '--skipApiVersionCheck',
    '--silent',
    '--disableTelemetry',
  ];
}

export async function startAzurite(): Promise<Azurite> {
  // Azurite resolves `--location` (telemetry, logs) to its cwd even in memory mode.
  const cwd = await mkdtemp(join(tmpdir(), 'dog-azurite-'));
  const child = spawn(process.execPath, ['-e', WATCHDOG, ...azuriteArgs()], {
    cwd,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '' },
  });
  const killOnExit = (): void => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);
  const cleanUp = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    await stopChild(child);
    await rm(cwd, { recursive: true, force: true });
  };
  try {
    const port = await waitForPort(child);
    await waitForConnect(port);
    // A forgotten stop() must not keep the test process alive; the watchdog still cleans up.
    child.unref();
    // Child stdio pipes are sockets.
    for (const pipe of [child.stdin, child.stdout, child.stderr])
      (pipe as unknown as Socket).unref();
    return {
      blobEndpoint: `http://127.0.0.1:${port}/${AZURITE_ACCOUNT}`,
      accountName: AZURITE_ACCOUNT,
      accountKey: AZURITE_KEY,
      pid: child.pid ?? -1,
      stop: cleanUp,
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

/** Azurite prints the address it bound; port 0 makes it pick a free one, so no race. */
function waitForPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(`azurite did not start in ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    const fail = (why: string): void => {
      clearTimeout(timer);
      reject(new Error(`${why}; output:\n${output}`));
    };
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = /successfully listens on https?:\/\/[^:\s]+:(\d+)/.exec(output);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      child.removeListener('exit', onExit);
      resolve(Number(match[1]));
    };
    const onExit = (code: number | null): void => fail(`azurite exited early (code ${code})`);
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

function waitForConnect(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.ref();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(child, 'SIGTERM');
  const grace = new Promise<'late'>((resolve) => {
    const timer = setTimeout(() => resolve('late'), STOP_GRACE_MS);
    void exited.then(() => clearTimeout(timer));
  });
  if ((await Promise.race([exited, grace])) === 'late') {
    killGroup(child, 'SIGKILL');
    await exited;
  }
  child.stdout?.destroy();
  child.stderr?.destroy();
}
