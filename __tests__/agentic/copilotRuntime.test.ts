// The copilot provider end to end: host configuration → wiring → the real @github/copilot-sdk
// and the real Copilot runtime, pointed (COPILOT_API_URL) at a scripted Copilot API on
// 127.0.0.1. The runtime owns the loop; these prove it runs only our five tools under our
// verdict rules and budgets, and that nothing of the host leaks to the model.
import { readdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadHostConfig, type HostConfig } from '../../src/config/hostConfig.js';
import type { WorkItem } from '../../src/core/graph/model.js';
import { AgenticWiring } from '../../src/engine/host/agentic.js';
import { hostRedactor, knownSecrets } from '../../src/engine/host/secrets.js';
import {
  COPILOT_SDK_VERSION,
  createCopilotAgent,
  resolveCopilotRuntime,
} from '../../src/providers/copilot/index.js';
import { RunBudget } from '../../src/verify/agentic/budget.js';
import { AgenticVerifier } from '../../src/verify/agentic/verifier.js';
import { NoIsolationSandbox } from '../../src/sandbox/none.js';
import {
  startFakeCopilotApi,
  toolNames,
  type FakeCopilotApi,
  type FakeCopilotScript,
} from '../support/fakeCopilotApi.js';

const TOKEN = 'ghs_copilotTestToken0123456789abcdef';
const DIGEST = `sha256:${'c'.repeat(64)}` as const;
const OUR_TOOLS = ['file_info', 'list_files', 'read_file', 'search_text', 'submit_verdict'];
const CANARY = 'CANARY-OF-THE-RUNTIME-HOST-7c1f';

function runtimeAvailable(): boolean {
  try {
    resolveCopilotRuntime({ kind: 'copilot' }, process.env);
    return true;
  } catch (error) {
    if (process.env.DOG_COPILOT_REQUIRED === '1') throw error;
    console.log(`SKIPPED copilot runtime tests: ${(error as Error).message}`);
    return false;
  }
}

const describeWithRuntime = runtimeAvailable() ? describe : describe.skip;

const item: WorkItem = {
  key: 'guide',
  goalId: 'guide',
  role: 'leaf',
  target: 'docs',
  verifier: { mode: 'agentic', instruction: 'The guide must say how to install.' },
  reuse: 'auto',
};

let scratch: string;
let api: FakeCopilotApi;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'dog-copilot-test-'));
  // The runtime's temporary homes are made under the wiring's scratch root: a private one
  // shows what is left behind.
  await mkdir(join(scratch, 'runtime'));
});
afterEach(async () => {
  await api?.close();
  await rm(scratch, { recursive: true, force: true });
});

async function hostConfig(
  budget: Record<string, unknown> = {},
  price?: { inputPerMTok: number },
): Promise<HostConfig> {
  const path = join(scratch, 'config.yaml');
  const text = [
    'providers:',
    '  gh:',
    '    kind: copilot',
    `    apiUrl: ${api.url}`,
    'models:',
    `  default: { provider: gh, model: gpt-fake${price ? `, price: ${JSON.stringify(price)}` : ''} }`,
    `budget: ${JSON.stringify(budget)}`,
  ].join('\n');
  await writeFile(path, text);
  return loadHostConfig(path, { required: true, env: {} });
}

async function capture(): Promise<string> {
  const root = join(scratch, 'capture');
  await mkdir(join(root, 'docs'), { recursive: true });
  await writeFile(join(root, 'docs', 'guide.md'), '# Guide\n\nInstall with npm install app.\n');
  return join(root, 'docs');
}

async function verify(
  script: FakeCopilotScript,
  options: {
    budget?: Record<string, unknown>;
    price?: { inputPerMTok: number };
    votes?: number;
    env?: NodeJS.ProcessEnv;
  } = {},
) {
  api = await startFakeCopilotApi(['gpt-fake'], script);
  const config = await hostConfig(options.budget, options.price);
  const wiring = new AgenticWiring({
    config,
    env: options.env ?? { COPILOT_GITHUB_TOKEN: TOKEN },
    sandbox: new NoIsolationSandbox(),
    scratchRoot: join(scratch, 'runtime'),
  });
  const leaf = {
    ...item,
    verifier: { ...item.verifier, ...(options.votes ? { votes: options.votes } : {}) },
  };
  try {
    const outcome = await wiring.verifierFor(leaf).verify({
      goalId: 'guide',
      runId: 'run-1',
      captureDigest: DIGEST,
      capturePath: await capture(),
      captureKind: 'directory',
      verifier: leaf.verifier,
      timeoutMs: 60_000,
      maxEvidenceBytes: 65536,
      signal: new AbortController().signal,
    });
    // The session's directories (with its transcript) are gone as soon as it ends.
    const sessionsLeft = await leftInSessions();
    return { outcome, wiring, sessionsLeft };
  } finally {
    await wiring.close();
  }
}

/** What is left in the sessions directory of the runtime under the scratch root. */
async function leftInSessions(): Promise<string[]> {
  const roots = await readdir(join(scratch, 'runtime'));
  const left: string[] = [];
  for (const root of roots)
    left.push(...(await readdir(join(scratch, 'runtime', root, 'sessions'))));
  return left;
}

const read = { name: 'read_file', args: { path: 'guide.md' } };
const submit = (verdict: string, summary: string) => ({
  name: 'submit_verdict',
  args: { verdict, evidence: { summary } },
});

/** Every file below `dir`, read as text. */
async function allText(dir: string): Promise<string> {
  let text = '';
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) text += await readFile(join(entry.parentPath, entry.name), 'utf8');
  }
  return text;
}

describeWithRuntime('copilot provider on the real runtime', () => {
  test('honest pass: read, then submit; only our five tools are offered; usage and credits counted', async () => {
    const { outcome, wiring, sessionsLeft } = await verify((_request, index) =>
      index === 0
        ? { calls: [read], nanoAiu: 1_500_000_000 }
        : { calls: [submit('pass', 'the guide says npm install app')], nanoAiu: 500_000_000 },
    );
    expect(outcome.verdict).toBe('pass');
    expect(outcome.evidence).toEqual({ summary: 'the guide says npm install app' });
    expect(api.chats).toHaveLength(2);
    for (const chat of api.chats) expect(toolNames(chat)).toEqual(OUR_TOOLS);
    expect(JSON.stringify(api.chats[1]?.body)).toContain('Install with npm install app.');
    expect(outcome.usage).toMatchObject({
      turns: 2,
      inputTokens: 20,
      outputTokens: 10,
      tokens: 30,
      aiCredits: 2,
      premiumRequests: 2,
    });
    expect(api.others).toEqual([]);
    expect(outcome.audit?.model).toMatchObject({ kind: 'copilot', id: 'gpt-fake' });
    const identity = wiring.identityOf(item);
    expect(identity).toMatchObject({
      ok: true,
      identity: { model: { provider: 'copilot', model: 'gpt-fake', apiUrl: api.url } },
    });
    expect(JSON.stringify(identity)).not.toContain(TOKEN);
    // The session's directories went with it, the runtime's temporary homes with the runtime
    // (stopped by close), and no file holds the token.
    expect(sessionsLeft).toEqual([]);
    expect(await readdir(join(scratch, 'runtime'))).toEqual([]);
    expect(await allText(scratch)).not.toContain(TOKEN);
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);
    expect(api.chats[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  test('honest fail: read, then submit fail', async () => {
    const { outcome } = await verify((_request, index) =>
      index === 0 ? { calls: [read] } : { calls: [submit('fail', 'no install step')] },
    );
    expect(outcome.verdict).toBe('fail');
    expect(outcome.error).toBeUndefined();
  });

  test('lazy pass: a pass submitted without reading the capture is not a pass', async () => {
    const { outcome } = await verify(() => ({ calls: [submit('pass', 'looks fine')] }));
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.message).toMatch(/read/i);
    expect(api.chats).toHaveLength(1);
  });

  test('a read and a pass in the same answer: the pass did not rest on what was read', async () => {
    const { outcome } = await verify(() => ({ calls: [read, submit('pass', 'fine')] }));
    expect(outcome.verdict).toBe('inconclusive');
  });

  test('a model that never submits is stopped by the turn budget: inconclusive, budget_exhausted', async () => {
    const { outcome } = await verify(
      (_request, index) => (index % 2 === 0 ? { calls: [read] } : { text: 'thinking…' }),
      { budget: { verification: { turns: 3 } } },
    );
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('budget_exhausted');
    expect(outcome.error?.message).toContain('budget.verification.turns: 3');
    // The fourth request is held and refused before it leaves: never more than the cap.
    expect(api.chats).toHaveLength(3);
    expect(outcome.usage.turns).toBe(3);
  });

  test('the token budget stops the session when a call goes over it', async () => {
    const { outcome } = await verify(
      () => ({ calls: [read], usage: { input: 400, output: 100 } }),
      {
        budget: { verification: { tokens: 800 } },
      },
    );
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('budget_exhausted');
    expect(outcome.error?.message).toContain('budget.verification.tokens: 800');
    expect(api.chats).toHaveLength(2);
  });

  test('the cost budget, from the configured price, stops the session', async () => {
    // 10 input tokens a call at 100,000 USD per million tokens: 1 USD a call.
    const { outcome } = await verify(() => ({ calls: [read] }), {
      budget: { verification: { costUsd: 1.5 } },
      price: { inputPerMTok: 100_000 },
    });
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('budget_exhausted');
    expect(outcome.error?.message).toContain('budget.verification.costUsd: 1.5');
    expect(api.chats).toHaveLength(2);
    expect(outcome.usage.costUsd).toBeCloseTo(2);
  });

  test('the wall-time budget aborts a session waiting on the model: budget_exhausted, not a pass', async () => {
    const started = Date.now();
    const { outcome } = await verify(
      (_request, index) =>
        index === 0 ? { calls: [read] } : { calls: [submit('pass', 'late')], delayMs: 20_000 },
      { budget: { verification: { wallSeconds: 1.5 } } },
    );
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('budget_exhausted');
    expect(outcome.error?.message).toContain('wall-time budget');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await readdir(join(scratch, 'runtime'))).toEqual([]);
  });

  test('built-in tool names are refused and the runtime host is never read', async () => {
    const builtins = (roots: { work: string; home: string }) => [
      { name: 'bash', args: { command: `cat CANARY.txt ${roots.home}/CANARY.txt` } },
      { name: 'view', args: { path: join(roots.work, 'CANARY.txt') } },
      { name: 'read_file', args: { path: join(roots.home, 'CANARY.txt') } },
      { name: 'read_file', args: { path: 'CANARY.txt', view_range: [1, 5] } },
      { name: 'str_replace_editor', args: { command: 'view', path: 'CANARY.txt' } },
      { name: 'edit', args: { path: 'CANARY.txt', old_str: 'C', new_str: 'D' } },
      { name: 'create', args: { path: 'new.txt', file_text: 'x' } },
      { name: 'apply_patch', args: { input: '*** Begin Patch\n*** End Patch' } },
      { name: 'web_fetch', args: { url: `${api.url}/leak` } },
      { name: 'glob', args: { pattern: '**/*' } },
      { name: 'grep', args: { pattern: 'CANARY' } },
      { name: 'shell', args: { command: 'id' } },
    ];
    let roots: { work: string; home: string } | undefined;
    const { outcome } = await verify((_request, index) => {
      if (index === 0) {
        roots = plantCanaries(join(scratch, 'runtime'));
        return { calls: builtins(roots) };
      }
      return { calls: [submit('fail', 'refused tools only')] };
    });
    const sent = JSON.stringify(api.chats.map((chat) => chat.body));
    expect(sent).not.toContain(CANARY);
    expect(api.others).toEqual([]);
    for (const chat of api.chats) expect(toolNames(chat)).toEqual(OUR_TOOLS);
    const calls = outcome.audit?.verifications[0]?.toolCalls ?? [];
    for (const name of ['bash', 'view', 'str_replace_editor', 'edit', 'create', 'apply_patch']) {
      expect(calls.find((call) => call.tool === name)).toMatchObject({ ok: false });
    }
    // read_file is ours: an absolute path is refused by the capture's path rules.
    expect(calls.find((call) => call.tool === 'read_file')).toMatchObject({ ok: false });
    expect(roots).toBeDefined();
    expect(await readdir(join(scratch, 'runtime'))).toEqual([]);
  });

  test('votes: three independent sessions settle by majority, usage summed', async () => {
    const { outcome } = await verify(
      (request) =>
        JSON.stringify(request.body).includes('Install with npm')
          ? { calls: [submit('pass', 'install documented')] }
          : { calls: [read] },
      { votes: 3 },
    );
    expect(outcome.verdict).toBe('pass');
    expect(outcome.usage.turns).toBe(6);
    expect(api.chats).toHaveLength(6);
  });
});

/** Writes a canary into the running session's working directory and the runtime's HOME. */
function plantCanaries(tmp: string): { work: string; home: string } {
  const roots = readdirSync(tmp).filter((name) => name.startsWith('dog-copilot-'));
  if (roots.length !== 1) throw new Error(`expected one runtime root, found ${roots.length}`);
  const root = join(tmp, roots[0] as string);
  const sessions = readdirSync(join(root, 'sessions'));
  if (sessions.length !== 1) throw new Error(`expected one session, found ${sessions.length}`);
  const work = join(root, 'sessions', sessions[0] as string, 'work');
  const home = join(root, 'home');
  writeFileSync(join(work, 'CANARY.txt'), CANARY);
  writeFileSync(join(home, 'CANARY.txt'), CANARY);
  return { work, home };
}

test('a missing token settles no_capability naming the variable, without starting the runtime', async () => {
  api = await startFakeCopilotApi(['gpt-fake'], () => ({ text: 'never' }));
  const config = await hostConfig();
  const wiring = new AgenticWiring({
    config,
    env: {},
    sandbox: new NoIsolationSandbox(),
    scratchRoot: join(scratch, 'runtime'),
  });
  const outcome = await wiring.verifierFor(item).verify({
    goalId: 'guide',
    runId: 'run-1',
    captureDigest: DIGEST,
    capturePath: await capture(),
    captureKind: 'directory',
    verifier: item.verifier,
    timeoutMs: 10_000,
    maxEvidenceBytes: 65536,
    signal: new AbortController().signal,
  });
  expect(outcome.verdict).toBe('inconclusive');
  expect(outcome.error?.category).toBe('no_capability');
  expect(outcome.error?.message).toContain('COPILOT_GITHUB_TOKEN');
  expect(api.chats).toHaveLength(0);
  // The identity does not depend on the token being there.
  expect(wiring.identityOf(item)).toMatchObject({ ok: true });
});

test('the identity names the SDK and runtime versions package.json pins, both the same', async () => {
  const manifest = JSON.parse(await readFile('package.json', 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  expect(manifest.devDependencies['@github/copilot-sdk']).toBe(COPILOT_SDK_VERSION);
  expect(manifest.devDependencies['@github/copilot-sdk-linux-x64']).toBe(COPILOT_SDK_VERSION);
});

test("a copilot provider's tokenEnv is a known secret, redacted wherever DoG writes", () => {
  const config = { providers: { gh: { kind: 'copilot', tokenEnv: 'ORG_COPILOT_TOKEN' } } };
  const secrets = knownSecrets(config, [{ ORG_COPILOT_TOKEN: TOKEN }]);
  expect(secrets).toContain(TOKEN);
  expect(hostRedactor(config, [{ ORG_COPILOT_TOKEN: TOKEN }]).text(`x ${TOKEN} y`)).not.toContain(
    TOKEN,
  );
});

describeWithRuntime('copilot provider: a model the API does not offer', () => {
  test('settles no_capability naming it and the offered ones, and no model is called', async () => {
    api = await startFakeCopilotApi(['other-model'], () => ({ calls: [submit('pass', 'x')] }));
    const config = await hostConfig();
    const wiring = new AgenticWiring({
      config,
      env: { COPILOT_GITHUB_TOKEN: TOKEN },
      sandbox: new NoIsolationSandbox(),
      scratchRoot: join(scratch, 'runtime'),
    });
    const outcome = await wiring
      .verifierFor(item)
      .verify({
        goalId: 'guide',
        runId: 'run-1',
        captureDigest: DIGEST,
        capturePath: await capture(),
        captureKind: 'directory',
        verifier: item.verifier,
        timeoutMs: 60_000,
        maxEvidenceBytes: 65536,
        signal: new AbortController().signal,
      })
      .finally(() => wiring.close());
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error).toEqual({
      category: 'no_capability',
      message: 'the Copilot API does not offer model "gpt-fake" (offered: auto, other-model)',
    });
    expect(api.chats).toHaveLength(0);
  });
});

describeWithRuntime('copilot provider: a token the API refuses', () => {
  test("the runtime's authorization error ends the vote provider_error, in its words", async () => {
    api = await startFakeCopilotApi(['gpt-fake'], () => ({
      error: { status: 401, message: 'Bad credentials' },
    }));
    const agent = createCopilotAgent(
      { kind: 'copilot', apiUrl: api.url },
      {
        env: { COPILOT_GITHUB_TOKEN: TOKEN },
        vision: false,
        scratchRoot: join(scratch, 'runtime'),
      },
    );
    const verifier = new AgenticVerifier({
      resolve: () => ({ client: agent, model: 'gpt-fake' }),
      runBudget: new RunBudget({}),
      budget: {},
    });
    const outcome = await verifier.verify({
      goalId: 'guide',
      runId: 'run-1',
      captureDigest: DIGEST,
      capturePath: await capture(),
      captureKind: 'directory',
      verifier: item.verifier,
      timeoutMs: 60_000,
      maxEvidenceBytes: 65536,
      signal: new AbortController().signal,
    });
    await agent.close();
    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('provider_error');
    expect(outcome.error?.message).toContain('Authorization error');
    expect(outcome.error?.message).not.toContain(TOKEN);
    // The runtime retries a refused token a few times, never endlessly.
    expect(api.chats.length).toBeLessThanOrEqual(3);
    expect(await readdir(join(scratch, 'runtime'))).toEqual([]);
  });
});
