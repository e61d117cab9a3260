// DESIGN §1: an agentic verifier's identity includes the version of the agent harness. A
// record judged by another harness (an older release) is not inherited: the goal re-verifies
// with verifier_changed. A change that does not affect judging keeps the record.
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { gmDigestOf } from '../../src/core/select.js';
import type { VerificationRecord } from '../../src/core/types.js';
import { digestHex } from '../../src/core/digest.js';
import { AGENT_HARNESS_VERSION } from '../../src/verify/agentic/harness.js';
import {
  startFakeModelServer,
  toolCallReply,
  type FakeModelServer,
  type FakeRequest,
} from '../support/fakeModelServer.js';
import { dog, put, workspace } from './harness.js';
import type { RunReport } from '../../src/core/report/model.js';

const KEY_ENV = 'HARNESS_TEST_KEY';

/** Reads the notes, then passes. */
function agent(request: FakeRequest) {
  const messages = (request.body as { messages: { role: string }[] }).messages;
  const done = messages.filter((m) => m.role === 'tool').length;
  const call =
    done === 0
      ? { id: 'c1', name: 'read_file', args: { path: 'notes.txt' } }
      : {
          id: 'c2',
          name: 'submit_verdict',
          args: { verdict: 'pass', evidence: { read: 'notes.txt', saw: 'a greeting' } },
        };
  return toolCallReply('openai', [call], { usage: { input: 10, output: 5 } });
}

const graph = {
  schemaVersion: '1',
  id: 'harness',
  root: 'root',
  nodes: {
    root: { kind: 'composite', title: 'Notes hold', completion: { op: 'ref', id: 'notes' } },
    notes: {
      kind: 'leaf',
      title: 'The notes greet the reader',
      target: 'notes.txt',
      verifier: { mode: 'agentic', instruction: 'Do the notes greet the reader?' },
    },
  },
  contains: [{ parent: 'root', child: 'notes' }],
  dependsOn: [],
};

function config(server: FakeModelServer, turns: number): unknown {
  return {
    budget: { verification: { turns } },
    providers: { local: server.provider('openai', KEY_ENV) },
    models: { default: { provider: 'local', model: 'fake-model' } },
  };
}

async function run(ws: string): Promise<RunReport> {
  const env = { PATH: process.env.PATH, [KEY_ENV]: 'sk-harness-test-0123456789' };
  const result = await dog(['run', '--json'], ws, undefined, env);
  if (result.stdout.trim() === '') throw new Error(`no report: ${result.stderr}`);
  return JSON.parse(result.stdout) as RunReport;
}

const recordsDir = (ws: string) => join(ws, '.dog/store/records');

/** The store's records as an older release would have left them: judged by `rewrite`'s harness. */
async function judgedElsewhere(
  ws: string,
  rewrite: (verifier: Record<string, unknown>) => void,
): Promise<void> {
  const goalPath = join(recordsDir(ws), 'goal', 'notes.json');
  const record = JSON.parse(await readFile(goalPath, 'utf8')) as VerificationRecord;
  const verifier = { ...record.verifier } as Record<string, unknown>;
  rewrite(verifier);
  const older = { ...record, verifier } as VerificationRecord;
  older.gmDigest = gmDigestOf(older.captureDigest, older.verifier);
  await rm(join(recordsDir(ws), 'gm'), { recursive: true });
  const line = JSON.stringify(older);
  await put(ws, `.dog/store/records/gm/${digestHex(older.gmDigest)}.json`, line);
  await writeFile(goalPath, line);
}

describe('the agent harness version in the GM digest', () => {
  let server: FakeModelServer;
  beforeAll(async () => {
    server = await startFakeModelServer(agent);
  });
  afterAll(async () => server.close());

  test('records name the harness they were judged by', async () => {
    const ws = await workspace({ 'notes.txt': 'Hello, reader.\n' }, graph, config(server, 8));
    const report = await run(ws);
    expect(report.nodes.notes).toMatchObject({ state: 'success', rerunReason: 'new' });
    const gm = await readdir(join(recordsDir(ws), 'gm'));
    const record = JSON.parse(
      await readFile(join(recordsDir(ws), 'gm', gm[0] as string), 'utf8'),
    ) as VerificationRecord;
    expect(record.verifier).toMatchObject({ mode: 'agentic', harness: AGENT_HARNESS_VERSION });
  });

  test.each([
    [
      'another harness version',
      (verifier: Record<string, unknown>) => {
        verifier.harness = `sha256:${'e'.repeat(64)}`;
      },
    ],
    [
      'no harness version (a record of a release before it)',
      (verifier: Record<string, unknown>) => {
        delete verifier.harness;
      },
    ],
  ])('a pass judged by %s is re-verified with verifier_changed', async (_what, rewrite) => {
    const ws = await workspace({ 'notes.txt': 'Hello, reader.\n' }, graph, config(server, 8));
    await run(ws);
    await judgedElsewhere(ws, rewrite);
    const report = await run(ws);
    expect(report.nodes.notes).toMatchObject({
      state: 'success',
      inherited: false,
      rerunReason: 'verifier_changed',
    });
    expect(report.totals).toMatchObject({ verified: 1, inherited: 0 });
  });

  test('a change that does not touch how the agent judges keeps the record', async () => {
    const ws = await workspace({ 'notes.txt': 'Hello, reader.\n' }, graph, config(server, 8));
    await run(ws);
    // Another turn budget is host policy, not part of the harness.
    await put(ws, '.dog/config.yaml', stringify(config(server, 12)));
    const report = await run(ws);
    expect(report.nodes.notes).toMatchObject({ state: 'success', inherited: true });
    expect(report.totals).toMatchObject({ verified: 0, inherited: 1 });
  });
});
