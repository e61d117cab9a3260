import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StoreError } from '../../src/core/errors.js';
import { appendLine, writeFileAtomic } from '../../src/storage/atomic.js';
import { acquireLock, breakLock, tryAcquireLock, type LockOwner } from '../../src/storage/lock.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const LOCK_MODULE = pathToFileURL(join(REPO, 'src/storage/lock.ts')).href;
const ATOMIC_MODULE = pathToFileURL(join(REPO, 'src/storage/atomic.ts')).href;

const created: string[] = [];
const children: ChildProcess[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dog-lock-test-'));
  created.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

afterAll(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Starts `node` running a TypeScript script (through tsx) in a separate process. */
function runScript(file: string, args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: REPO,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

function exited(
  child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** Resolves with the first stdout line that contains `text`. */
function waitForLine(child: ChildProcess, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.includes(text));
      if (line !== undefined) resolve(line);
    });
    child.once('close', (code) =>
      reject(new Error(`child exited (${String(code)}) before "${text}": ${stderr}`)),
    );
  });
}

/** Holds a lock until a line arrives on stdin, then releases it and exits. */
async function holderScript(dir: string): Promise<string> {
  const file = join(dir, 'holder.mts');
  await writeFile(
    file,
    `import { acquireLock } from '${LOCK_MODULE}';
const lock = await acquireLock(process.argv[2] as string, 'holder-under-test', { waitMs: 0 });
process.stdout.write('locked\\n');
process.stdin.once('data', () => {
  void lock.release().then(() => {
    process.stdout.write('released\\n');
    process.exit(0);
  });
});
`,
  );
  return file;
}

/** Tries to take a lock and prints what happened as one JSON line. */
async function contenderScript(dir: string): Promise<string> {
  const file = join(dir, 'contender.mts');
  await writeFile(
    file,
    `import { acquireLock } from '${LOCK_MODULE}';
process.stdout.write('trying\\n');
const started = Date.now();
try {
  const lock = await acquireLock(process.argv[2] as string, 'contender', {
    waitMs: Number(process.argv[3]),
    pollMs: 20,
  });
  const waitedMs = Date.now() - started;
  await lock.release();
  process.stdout.write(JSON.stringify({ ok: true, waitedMs }) + '\\n');
} catch (error) {
  const e = error as Error;
  process.stdout.write(
    JSON.stringify({ ok: false, name: e.name, message: e.message, waitedMs: Date.now() - started }) + '\\n',
  );
}
`,
  );
  return file;
}

type ContenderResult = { ok: boolean; name?: string; message?: string; waitedMs: number };

function parseResult(stdout: string): ContenderResult {
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as ContenderResult;
}

/** The pid of a process that has exited and been reaped. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn node');
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return pid;
}

async function ownerOf(path: string): Promise<LockOwner> {
  return JSON.parse(await readFile(path, 'utf8')) as LockOwner;
}

describe('acquireLock across processes', () => {
  it('makes a second process wait, then fail with a message naming the holder', async () => {
    const dir = await tempDir();
    const path = join(dir, 'lock');
    const lock = await acquireLock(path, 'jest-holder', { waitMs: 0 });
    try {
      const contender = runScript(await contenderScript(dir), [path, '600']);
      const { code, stdout, stderr } = await exited(contender);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      const result = parseResult(stdout);
      expect(result.ok).toBe(false);
      expect(result.name).toBe('StoreError');
      expect(result.message).toContain(
        `store is locked by process ${process.pid} on ${hostname()}`,
      );
      expect(result.message).toContain('jest-holder');
      expect(result.message).toContain(path);
      expect(result.waitedMs).toBeGreaterThanOrEqual(550);
      // The loser never touched the holder's lock.
      expect((await ownerOf(path)).pid).toBe(process.pid);
    } finally {
      await lock.release();
    }
  });

  it('fails here while another process holds the lock, and succeeds once it lets go', async () => {
    const dir = await tempDir();
    const path = join(dir, 'lock');
    const holder = runScript(await holderScript(dir), [path]);
    await waitForLine(holder, 'locked');
    const started = Date.now();
    const attempt = acquireLock(path, 'jest', { waitMs: 300, pollMs: 20 });
    await expect(attempt).rejects.toBeInstanceOf(StoreError);
    await expect(attempt).rejects.toThrow(
      `store is locked by process ${String(holder.pid)} on ${hostname()} (holder-under-test, since `,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);

    const released = waitForLine(holder, 'released');
    holder.stdin?.write('go\n');
    await released;
    const lock = await acquireLock(path, 'jest', { waitMs: 0 });
    expect((await ownerOf(path)).pid).toBe(process.pid);
    await lock.release();
  });

  it('lets a waiting process in when the holder releases within its wait', async () => {
    const dir = await tempDir();
    const path = join(dir, 'lock');
    const lock = await acquireLock(path, 'jest-holder', { waitMs: 0 });
    const contender = runScript(await contenderScript(dir), [path, '10000']);
    const done = exited(contender);
    await waitForLine(contender, 'trying');
    // Keep the lock a while after the contender has started trying.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await lock.release();
    const result = parseResult((await done).stdout);
    expect(result.ok).toBe(true);
    expect(result.waitedMs).toBeGreaterThanOrEqual(250);
  });
});

describe('stale locks', () => {
  it('breaks a lock whose holder process on this host is gone', async () => {
    const dir = await tempDir();
    const path = join(dir, 'lock');
    const gone = await deadPid();
    const stale: LockOwner = { pid: gone, host: hostname(), since: 'then', purpose: 'dog run' };
    await writeFile(path, JSON.stringify(stale));
    const lock = await acquireLock(path, 'jest', { waitMs: 0 });
    expect(lock.brokeStale).toEqual(stale);
    const owner = await ownerOf(path);
    expect(owner).toMatchObject({ pid: process.pid, host: hostname(), purpose: 'jest' });
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it('does not break a lock held by a live process', async () => {
    const dir = await tempDir();
    const path = join(dir, 'lock');
    const holder = runScript(await holderScript(dir), [path]);
    await waitForLine(holder, 'locked');
    await expect(acquireLock(path, 'jest', { waitMs: 100, pollMs: 20 })).rejects.toThrow(
      String(holder.pid),
    );
    expect((await ownerOf(path)).pid).toBe(holder.pid);
  });

  it('does not break a lock held on another host, whatever its pid', async () => {
    const dir = await tempDir();
    const path = join(dir, 'lock');
    const gone = await deadPid();
    const foreign: LockOwner = {
      pid: gone,
      host: 'build-box-7.example',
      since: '2025-01-01T00:00:00.000Z',
      purpose: 'dog run',
    };
    await writeFile(path, JSON.stringify(foreign));
    const attempt = acquireLock(path, 'jest', { waitMs: 100, pollMs: 20 });
    await expect(attempt).rejects.toThrow(`process ${gone} on build-box-7.example (dog run`);
    expect(await ownerOf(path)).toEqual(foreign);
  });

  it('does not break an unreadable lock file, and says where it is', async () => {
    const dir = await tempDir();
    const path = join(dir, 'lock');
    await writeFile(path, '');
    await expect(acquireLock(path, 'jest', { waitMs: 50, pollMs: 10 })).rejects.toThrow(
      `store is locked by another process: ${path}`,
    );
    expect(await readFile(path, 'utf8')).toBe('');
  });
});

describe('releasing a lock', () => {
  it('removes our own lock file', async () => {
    const dir = await tempDir();
    const path = join(dir, 'lock');
    const lock = await acquireLock(path, 'jest', { waitMs: 0 });
    expect((await readdir(dir)).sort()).toEqual(['lock']);
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
    // Releasing twice is harmless.
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it('never removes a lock that someone else holds now', async () => {
    const dir = await tempDir();
    const path = join(dir, 'lock');
    const lock = await acquireLock(path, 'jest', { waitMs: 0 });
    // Our lock was broken and another process took the store meanwhile.
    const other: LockOwner = {
      pid: process.pid + 1,
      host: hostname(),
      since: new Date().toISOString(),
      purpose: 'dog run',
    };
    await writeFile(path, JSON.stringify(other));
    await lock.release();
    expect(await ownerOf(path)).toEqual(other);
  });

  it('never removes a later lock of the same process', async () => {
    const dir = await tempDir();
    const path = join(dir, 'lock');
    const first = await acquireLock(path, 'first', { waitMs: 0 });
    await first.release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await acquireLock(path, 'second', { waitMs: 0 });
    await first.release();
    expect((await ownerOf(path)).purpose).toBe('second');
    await second.release();
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('writeFileAtomic', () => {
  const SIZE = 1 << 20;
  const contentOf = (writer: number): string => String.fromCharCode(65 + writer).repeat(SIZE);

  async function writerScript(dir: string): Promise<string> {
    const file = join(dir, 'writer.mts');
    await writeFile(
      file,
      `import { writeFileAtomic } from '${ATOMIC_MODULE}';
const [path, letter, times] = process.argv.slice(2) as [string, string, string];
const content = letter.repeat(${SIZE});
for (let i = 0; i < Number(times); i++) await writeFileAtomic(path, content);
`,
    );
    return file;
  }

  it('never shows a torn file to readers while processes overwrite it concurrently', async () => {
    const dir = await tempDir();
    const path = join(dir, 'out', 'value.txt');
    const script = await writerScript(dir);
    const writers = [0, 1, 2, 3].map((w) =>
      exited(runScript(script, [path, String.fromCharCode(65 + w), '25'])),
    );
    let finished = false;
    const all = Promise.all(writers).finally(() => (finished = true));
    const complete = new Set([0, 1, 2, 3].map(contentOf));
    let reads = 0;
    const torn: number[] = [];
    while (!finished) {
      try {
        const text = await readFile(path, 'utf8');
        reads += 1;
        if (!complete.has(text)) torn.push(text.length);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const results = await all;
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    expect(results.map((r) => r.stderr)).toEqual(['', '', '', '']);
    expect(reads).toBeGreaterThan(0);
    expect(torn).toEqual([]);
    expect(complete.has(await readFile(path, 'utf8'))).toBe(true);
    // No temp file is left beside it.
    expect(await readdir(join(dir, 'out'))).toEqual(['value.txt']);
  });

  it('keeps the final content whole when writers in one process race', async () => {
    const dir = await tempDir();
    const path = join(dir, 'value.txt');
    const contents = [0, 1, 2, 3, 4, 5, 6, 7].map(contentOf);
    await Promise.all(contents.map((content) => writeFileAtomic(path, content)));
    expect(contents).toContain(await readFile(path, 'utf8'));
    expect(await readdir(dir)).toEqual(['value.txt']);
  });

  it('leaves the old file and no temp file when the rename fails', async () => {
    const dir = await tempDir();
    const path = join(dir, 'occupied');
    await mkdir(join(path, 'child'), { recursive: true });
    await expect(writeFileAtomic(path, 'new content')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['occupied']);
    expect(await readdir(path)).toEqual(['child']);
  });

  it('appendLine adds whole lines after the existing ones', async () => {
    const dir = await tempDir();
    const path = join(dir, 'log', 'lines.jsonl');
    await appendLine(path, '{"n":1}');
    await Promise.all([2, 3, 4].map((n) => appendLine(path, `{"n":${n}}`)));
    const lines = (await readFile(path, 'utf8')).split('\n');
    expect(lines[0]).toBe('{"n":1}');
    expect(lines.slice(1, 4).sort()).toEqual(['{"n":2}', '{"n":3}', '{"n":4}']);
    expect(lines[4]).toBe('');
  });
});

describe('breaking a stale lock', () => {
  test('a process that saw the same stale lock late does not break the new live one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dog-lock-race-'));
    const path = join(dir, 'lock');
    const stale = {
      pid: 2 ** 22 + 7,
      host: hostname(),
      since: '2026-01-01T00:00:00.000Z',
      purpose: 'run',
    };
    await writeFile(path, JSON.stringify(stale));
    // Process A breaks it and takes the lock.
    const taken = await tryAcquireLock(path, 'run');
    expect(taken).toBeDefined();
    const live = await readFile(path, 'utf8');
    // Process B had read the same stale owner before A acted, and now breaks "it".
    await breakLock(path, stale);
    expect(await readFile(path, 'utf8')).toBe(live);
    expect(await readdir(dir)).toEqual(['lock']);
    await taken?.release();
    await rm(dir, { recursive: true, force: true });
  });
});
