// Headless Chromium (Debian's package) driven over the DevTools protocol on a pipe: the
// browser reads commands from fd 3 and writes replies and events to fd 4, each message JSON
// ended by a NUL byte. No WebSocket, no browser download.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

export const CHROMIUM = process.env.DOG_CHROMIUM ?? '/usr/bin/chromium';
export const chromiumPresent = (): boolean => existsSync(CHROMIUM);

type Reply = { id?: number; result?: unknown; error?: { message: string }; sessionId?: string };

export type Page = {
  evaluate<T>(expression: string): Promise<T>;
  screenshot(): Promise<Buffer>;
};

export type Browser = {
  open(url: string, viewport: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
};

export async function launchChromium(): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'dog-chromium-'));
  const args = ['--headless=new', '--remote-debugging-pipe', '--disable-gpu', '--no-first-run'];
  args.push(`--user-data-dir=${profile}`, '--no-default-browser-check', 'about:blank');
  // As root Chromium refuses its own sandbox; the page is our report, read from a file.
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  const send = connection(child);
  const close = async (): Promise<void> => {
    child.kill('SIGKILL');
    await new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)));
    await rm(profile, { recursive: true, force: true });
  };
  return {
    close,
    open: async (url, viewport) => {
      const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as {
        targetId: string;
      };
      const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as {
        sessionId: string;
      };
      const inPage = (method: string, params: object = {}): Promise<unknown> =>
        send(method, params, sessionId);
      await inPage('Emulation.setDeviceMetricsOverride', {
        ...viewport,
        deviceScaleFactor: 1,
        mobile: false,
      });
      await inPage('Page.navigate', { url });
      await waitForLoad(inPage);
      return pageOf(inPage);
    },
  };
}

async function waitForLoad(inPage: (m: string, p?: object) => Promise<unknown>): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const state = (await inPage('Runtime.evaluate', {
      expression: 'document.readyState',
      returnByValue: true,
    })) as { result: { value: string } };
    if (state.result.value === 'complete') return;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error('the page did not finish loading');
}

function pageOf(inPage: (m: string, p?: object) => Promise<unknown>): Page {
  return {
    evaluate: async <T>(expression: string): Promise<T> => {
      const reply = (await inPage('Runtime.evaluate', { expression, returnByValue: true })) as {
        result: { value: T };
        exceptionDetails?: { text: string };
      };
      if (reply.exceptionDetails) throw new Error(`page: ${reply.exceptionDetails.text}`);
      return reply.result.value;
    },
    screenshot: async () => {
      const shot = (await inPage('Page.captureScreenshot', {
        format: 'png',
        captureBeyondViewport: true,
      })) as { data: string };
      return Buffer.from(shot.data, 'base64');
    },
  };
}

function connection(
  child: ChildProcess,
): (method: string, params?: object, sessionId?: string) => Promise<unknown> {
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let buffered = '';
  let stderr = '';
  child.stdio[2]?.on(
    'data',
    (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)),
  );
  fromBrowser.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end: number;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as Reply;
      buffered = buffered.slice(end + 1);
      const pending = message.id === undefined ? undefined : waiting.get(message.id);
      if (!pending || message.id === undefined) continue;
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message.result);
    }
  });
  child.once('exit', (code) => {
    for (const pending of waiting.values())
      pending.reject(new Error(`chromium exited (${code}): ${stderr}`));
    waiting.clear();
  });
  let next = 1;
  return (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      const message = { id, method, params, ...(sessionId ? { sessionId } : {}) };
      toBrowser.write(`${JSON.stringify(message)}\0`);
    });
}
