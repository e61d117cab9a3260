// Who can reach an exec agent's model gateway: only the identity the agent runs as. While the
// agent waits for its model's answer, another local account finds the gateway's socket where
// any account can, in /proc/net/unix, and tries to connect: it is refused (EACCES), while the
// agent's own call goes through. Switching to another uid takes root; elsewhere this is skipped.
import { execFile } from 'node:child_process';
import { chmod, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_UID_BASE } from '../../src/sandbox/settings.js';
import { SETPRIV_PATH } from '../../src/sandbox/launch.js';
import type { Sandbox } from '../../src/sandbox/types.js';
import { ExecAgentVerifier } from '../../src/verify/agentic/exec.js';
import {
  openAICompletion,
  sendJson,
  startUpstream,
  type FakeUpstream,
} from '../gateway/upstream.js';
import { availableSandboxes, writeExecutable } from '../sandbox/support.js';
import { captureDir, removeTempDirs, request, tempDir } from './support.js';

afterAll(removeTempDirs);

const run = promisify(execFile);
const MODEL = 'model-one';
// No account, and no slot of the sandbox (slots count up from DEFAULT_UID_BASE).
const STRANGER = 1_500_990;

const AGENT = `#!${process.execPath}
const fs = require('node:fs');
fetch(process.env.OPENAI_BASE_URL + '/chat/completions', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ model: process.argv[2], messages: [{ role: 'user', content: 'ok?' }] }),
})
  .then(async (response) => {
    const answer = response.ok ? (await response.json()).choices[0].message.content : 'refused';
    fs.writeFileSync(process.env.DOG_OUTPUT, JSON.stringify({
      verdict: answer === 'fine' ? 'pass' : 'fail',
      evidence: { status: response.status, answer },
    }));
  })
  .catch((error) => { console.error(error); process.exit(3); });
`;

// Prints `connected` or the error code of connecting to argv[1].
const CONNECT = `const socket = require('node:net').connect(process.argv[1]);
socket.on('connect', () => { console.log('connected'); socket.destroy(); });
socket.on('error', (error) => console.log(error.code));`;

/** Gateway sockets below `root`, as /proc/net/unix lists them to every account. */
async function listedSockets(root: string): Promise<string[]> {
  const table = await readFile('/proc/net/unix', 'utf8');
  // The listening socket and each accepted connection are listed under the same path.
  const paths = table.split('\n').map((line) => line.trim().split(/\s+/)[7] ?? '');
  return [...new Set(paths)].filter(
    (path) => path.startsWith(`${root}/`) && path.endsWith('/model.sock'),
  );
}

async function connectAs(uid: number, socketPath: string): Promise<string> {
  const argv = [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--'];
  const { stdout } = await run(
    SETPRIV_PATH,
    [...argv, process.execPath, '-e', CONNECT, socketPath],
    {
      cwd: '/',
    },
  );
  return stdout.trim();
}

type Probe = {
  socket: string;
  stranger: string;
  dirMode: number;
  dirUid: number;
  socketMode: number;
};

const asRoot = process.getuid?.() === 0;
const describeAsRoot = asRoot
  ? describe.each(availableSandboxes())
  : describe.skip.each(availableSandboxes());
if (!asRoot) console.warn('SKIPPED gateway access tests: switching to another uid needs root');

describeAsRoot('the model gateway of an exec agent, under %s', (name, sandbox: Sandbox) => {
  let upstream: FakeUpstream;
  let capture: string;
  let program: string;
  let scratchRoot: string;
  let probes: Probe[];

  beforeAll(async () => {
    probes = [];
    capture = await captureDir({ 'README.md': 'fine\n' });
    program = join(await tempDir(), 'agent.cjs');
    await writeExecutable(program, AGENT);
    // Traversable by anyone, so that only the gateway's own directory stands in the way.
    const parent = await tempDir();
    await chmod(parent, 0o755);
    scratchRoot = join(parent, 'scratch');
    const holderRoot = (await sandbox.workDir?.()) ?? scratchRoot;
    upstream = await startUpstream(async (_seen, res) => {
      for (const socket of await listedSockets(holderRoot)) {
        const dir = await stat(dirname(socket));
        probes.push({
          socket,
          stranger: await connectAs(STRANGER, socket),
          dirMode: dir.mode & 0o777,
          dirUid: dir.uid,
          socketMode: (await stat(socket)).mode & 0o777,
        });
      }
      sendJson(res, 200, openAICompletion('fine'));
    });
  });
  afterAll(() => upstream.close());

  test('another local account is refused; the agent reaches its model', async () => {
    const verifier = new ExecAgentVerifier({
      sandbox,
      scratchRoot,
      agent: { name: 'agent-cli', command: [program, MODEL] },
      gateway: {
        policy: {
          provider: { kind: 'openai', baseUrl: upstream.url, apiKey: 'sk-upstream-0123456789' },
          models: [MODEL],
          maxRequestBytes: 64 * 1024,
          requestsPerMinute: 600,
        },
        nodePath: process.execPath,
      },
    });
    const outcome = await verifier.verify(request(capture, { instruction: 'check it' }));
    expect(outcome.error).toBeUndefined();
    expect(outcome).toMatchObject({ verdict: 'pass', evidence: { status: 200, answer: 'fine' } });
    expect(probes).toHaveLength(1);
    const [probe] = probes as [Probe];
    expect(probe.stranger).toBe('EACCES');
    expect(probe.dirMode).toBe(0o700);
    expect(probe.socketMode & 0o077).toBe(0);
    if (name === 'bubblewrap') {
      // As root, each verification runs as its slot's uid: the directory is handed to it.
      expect(probe.dirUid).toBeGreaterThanOrEqual(DEFAULT_UID_BASE);
      expect(probe.dirUid).toBeLessThan(STRANGER);
    } else {
      expect(probe.dirUid).toBe(process.getuid?.());
    }
  });
});
