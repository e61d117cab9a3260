// One Copilot runtime per job, on the real runtime against a scripted Copilot API on 127.0.0.1:
// every verification and vote of a wiring is a session on one process; nothing of one session
// (the files in its directories, its transcript, its tool results, its model's answers) reaches
// another, whether they run one after the other or at once; each keeps its own budgets; a
// process that dies fails only the sessions on it and the next verification gets a new one;
// closing the wiring (the end of the run, cancelled or not) leaves no process and no file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadHostConfig } from '../../src/config/hostConfig.js';
import type { AgenticVerifierSpec } from '../../src/core/types.js';
import { AgenticWiring } from '../../src/engine/host/agentic.js';
import { resolveCopilotRuntime } from '../../src/providers/copilot/index.js';
import { NoIsolationSandbox } from '../../src/sandbox/none.js';
import { childrenRunning } from '../support/childProcesses.js';
import {
  startFakeCopilotApi,
  type ChatRecord,
  type FakeCopilotApi,
  type FakeCopilotScript,
  type FakeTurn,
} from '../support/fakeCopilotApi.js';

const TOKEN = 'ghs_sharedRuntimeTestToken0123456789ab';

function runtimePath(): string | undefined {
  try {
    return resolveCopilotRuntime({ kind: 'copilot' }, process.env);
  } catch (error) {
    if (process.env.DOG_COPILOT_REQUIRED === '1') throw error;
    console.log(`SKIPPED shared Copilot runtime tests: ${(error as Error).message}`);
    return undefined;
  }
}

const binary = runtimePath();
const describeWithRuntime = binary ? describe : describe.skip;

let scratch: string;
let api: FakeCopilotApi | undefined;
let wiring: AgenticWiring | undefined;

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'dog-copilot-shared-'));
  await mkdir(join(scratch, 'runtime'));
});
afterEach(async () => {
  await wiring?.close();
  wiring = undefined;
  await api?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** A goal of its own: its instruction names it, its capture holds its secret. */
type Goal = { name: string; secret: string; answer: string };
const goal = (name: string): Goal => ({
  name,
  secret: `SECRET-OF-${name}-${name.length}f3a`,
  answer: `ANSWER-OF-${name}-9c1e`,
});

async function start(script: FakeCopilotScript, budget: Record<string, unknown> = {}) {
  api = await startFakeCopilotApi(['gpt-fake'], script);
  const path = join(scratch, 'config.yaml');
  const text = [
    'providers:',
    `  gh: { kind: copilot, apiUrl: "${api.url}" }`,
    'models:',
    '  default: { provider: gh, model: gpt-fake }',
    `budget: ${JSON.stringify(budget)}`,
  ].join('\n');
  await writeFile(path, text);
  const config = await loadHostConfig(path, { required: true, env: {} });
  wiring = new AgenticWiring({
    config,
    env: { COPILOT_GITHUB_TOKEN: TOKEN },
    sandbox: new NoIsolationSandbox(),
    scratchRoot: join(scratch, 'runtime'),
  });
  return wiring;
}

async function verify(
  on: AgenticWiring,
  target: Goal,
  options: { votes?: number; signal?: AbortSignal } = {},
) {
  const capture = join(scratch, 'captures', target.name);
  await mkdir(capture, { recursive: true });
  await writeFile(join(capture, 'guide.md'), `# Guide\n\nInstall: ${target.secret}\n`);
  const verifier: AgenticVerifierSpec = {
    mode: 'agentic',
    instruction: `GOAL-${target.name}: the guide must say how to install.`,
    ...(options.votes ? { votes: options.votes } : {}),
  };
  const item = { key: target.name, goalId: target.name, role: 'leaf' as const, target: 'docs' };
  return on.verifierFor({ ...item, verifier, reuse: 'auto' }).verify({
    goalId: target.name,
    runId: 'run-1',
    captureDigest: `sha256:${'d'.repeat(64)}`,
    capturePath: capture,
    captureKind: 'directory',
    verifier,
    timeoutMs: 60_000,
    maxEvidenceBytes: 65536,
    signal: options.signal ?? new AbortController().signal,
  });
}

const read = (path = 'guide.md') => ({ name: 'read_file', args: { path } });
const submit = (summary: string) => ({
  name: 'submit_verdict',
  args: { verdict: 'pass', evidence: { summary } },
});

function bodyOf(request: ChatRecord): string {
  return JSON.stringify(request.body);
}

/** The goal a chat request belongs to, by the instruction in its prompt. */
function goalOf(request: ChatRecord, goals: readonly Goal[]): Goal {
  const found = goals.find((candidate) => bodyOf(request).includes(`GOAL-${candidate.name}:`));
  if (!found) throw new Error('a chat request of no known goal');
  return found;
}

/** Reads its guide, then passes citing what it read and saying its own answer. */
function honest(target: Goal, request: ChatRecord): FakeTurn {
  return bodyOf(request).includes(target.secret)
    ? { text: target.answer, calls: [submit(`${target.answer} ${target.secret}`)] }
    : { text: target.answer, calls: [read()] };
}

describeWithRuntime('one Copilot runtime per job', () => {
  test('every verification and vote is a session on one process; each keeps its own budget; close stops it', async () => {
    const [a, b, c] = [goal('A'), goal('B'), goal('C')];
    const pids = new Set<number>();
    const chatsOf = new Map<string, number>();
    const on = await start(
      (request) => {
        for (const pid of childrenRunning(binary as string)) pids.add(pid);
        const target = goalOf(request, [a, b, c]);
        chatsOf.set(target.name, (chatsOf.get(target.name) ?? 0) + 1);
        // B never submits: its turn budget stops it, and only it.
        return target === b ? { calls: [read()] } : honest(target, request);
      },
      { verification: { turns: 3 } },
    );

    const first = await verify(on, a, { votes: 3 });
    const second = await verify(on, b);
    const third = await verify(on, c);

    expect(first.verdict).toBe('pass');
    expect(first.usage.turns).toBe(6);
    expect(second.verdict).toBe('inconclusive');
    expect(second.error?.category).toBe('budget_exhausted');
    expect(chatsOf.get('B')).toBe(3);
    expect(third.verdict).toBe('pass');
    expect(third.usage.turns).toBe(2);
    expect(pids.size).toBe(1);
    expect(childrenRunning(binary as string)).toEqual([...pids]);
    await on.close();
    expect(childrenRunning(binary as string)).toEqual([]);
    expect(await readdir(join(scratch, 'runtime'))).toEqual([]);
  }, 60_000);

  test('nothing of one session reaches the next: files, transcript, tool results, answers', async () => {
    const [a, b] = [goal('A'), goal('B')];
    let planted = '';
    let duringA = '';
    let duringB = '';
    let sessionsDuringB: string[] = [];
    let bTurn = 0;
    const on = await start((request) => {
      const target = goalOf(request, [a, b]);
      if (target === a) {
        if (bodyOf(request).includes(a.secret)) {
          planted = plantInSession(a);
          duringA = runtimeFiles();
        }
        return honest(a, request);
      }
      bTurn += 1;
      if (bTurn > 1) return honest(b, request);
      duringB = runtimeFiles();
      sessionsDuringB = runningSessions();
      // B's model goes looking for A's file, transcript and capture.
      return {
        calls: [
          read(planted),
          read('../../work/WROTE-BY-A.txt'),
          read('../config/session-state'),
          { name: 'list_files', args: { path: '..' } },
          { name: 'search_text', args: { pattern: 'SECRET-OF-A' } },
        ],
      };
    });

    const first = await verify(on, a);
    const second = await verify(on, b);

    expect(first.verdict).toBe('pass');
    expect(second.verdict).toBe('pass');
    // While A ran, its transcript held what its model was shown and said: the checks can fail.
    for (const piece of [a.secret, 'GOAL-A', 'WROTE-BY-A']) expect(duringA).toContain(piece);
    // While B ran, only its own session's directories were there, and nothing of A's session.
    expect(sessionsDuringB).toHaveLength(1);
    expect(planted).not.toContain(sessionsDuringB[0]);
    for (const piece of [a.secret, a.answer, 'WROTE-BY-A', 'GOAL-A'])
      expect(duringB).not.toContain(piece);
    const ofB = (api?.chats ?? []).filter((chat) => goalOf(chat, [a, b]) === b).map(bodyOf);
    expect(ofB.length).toBeGreaterThan(1);
    // B's model named A's file in its calls; what came back (and all else) holds nothing of A.
    for (const body of ofB)
      for (const piece of [a.secret, a.answer, 'GOAL-A']) expect(body).not.toContain(piece);
    const refused = second.audit?.verifications[0]?.toolCalls?.slice(0, 5) ?? [];
    expect(refused.map((call) => call.ok)).toEqual([false, false, false, false, true]);
  }, 60_000);

  test('sessions at once on one process each see only their own tool results and answers', async () => {
    const goals = [goal('P'), goal('Q'), goal('R')];
    const on = await start((request) => {
      const target = goalOf(request, goals);
      // The first answers are held, so the sessions overlap on the process.
      return {
        ...honest(target, request),
        delayMs: bodyOf(request).includes(target.secret) ? 0 : 300,
      };
    });

    const outcomes = await Promise.all(goals.map((target) => verify(on, target)));

    expect(outcomes.map((outcome) => outcome.verdict)).toEqual(['pass', 'pass', 'pass']);
    for (const [index, target] of goals.entries())
      expect(JSON.stringify(outcomes[index]?.evidence)).toContain(target.secret);
    for (const chat of api?.chats ?? []) {
      const own = goalOf(chat, goals);
      for (const other of goals.filter((candidate) => candidate !== own)) {
        expect(bodyOf(chat)).not.toContain(other.secret);
        expect(bodyOf(chat)).not.toContain(other.answer);
      }
    }
  }, 60_000);

  test('a process that dies fails only the session on it, said so; the next verification gets a new one', async () => {
    const [a, b] = [goal('A'), goal('B')];
    let killed: number | undefined;
    const on = await start((request) => {
      const target = goalOf(request, [a, b]);
      if (target === a && killed === undefined) {
        killed = childrenRunning(binary as string)[0];
        if (killed !== undefined) process.kill(killed, 'SIGKILL');
        return { calls: [read()], delayMs: 20_000 };
      }
      return honest(target, request);
    });

    const first = await verify(on, a);
    const second = await verify(on, b);

    expect(killed).toBeDefined();
    expect(first.verdict).toBe('inconclusive');
    expect(first.error?.category).toBe('provider_error');
    expect(first.error?.message).toMatch(/runtime process stopped during the session/);
    expect(second.verdict).toBe('pass');
    const now = childrenRunning(binary as string);
    expect(now).toHaveLength(1);
    expect(now).not.toContain(killed);
    await on.close();
    expect(childrenRunning(binary as string)).toEqual([]);
    expect(await readdir(join(scratch, 'runtime'))).toEqual([]);
  }, 60_000);

  test('a cancelled verification ends its session; closing after it leaves no process', async () => {
    const a = goal('A');
    const controller = new AbortController();
    const on = await start(() => {
      setTimeout(() => controller.abort(), 50);
      return { calls: [read()], delayMs: 20_000 };
    });

    const outcome = await verify(on, a, { signal: controller.signal });

    expect(outcome.verdict).toBe('inconclusive');
    expect(outcome.error?.category).toBe('cancelled');
    await on.close();
    expect(childrenRunning(binary as string)).toEqual([]);
    expect(await readdir(join(scratch, 'runtime'))).toEqual([]);
  }, 60_000);
});

/** Writes a file into the running session's working directory, as if the session had. */
function plantInSession(target: Goal): string {
  const running = runningSessions();
  if (running.length !== 1) throw new Error(`expected one session, found ${running.length}`);
  const planted = join(running[0] as string, 'work', 'WROTE-BY-A.txt');
  writeFileSync(planted, `WROTE-BY-A ${target.secret}`);
  return planted;
}

/** The directories of the sessions running on the one runtime now. */
function runningSessions(): string[] {
  const root = join(scratch, 'runtime');
  const runtimes = readdirSync(root);
  if (runtimes.length !== 1) throw new Error(`expected one runtime, found ${runtimes.length}`);
  const sessions = join(root, runtimes[0] as string, 'sessions');
  return readdirSync(sessions).map((name) => join(sessions, name));
}

/** The text of every file below the runtime's scratch root, now. */
function runtimeFiles(): string {
  let text = '';
  const root = join(scratch, 'runtime');
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    try {
      text += readFileSync(join(entry.parentPath, entry.name), 'latin1');
    } catch {
      // Removed while it was read.
    }
  }
  return text;
}
