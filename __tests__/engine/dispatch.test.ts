// The scheduler on real captures and a real store, with an honest fake Verifier that records
// when each verification starts and ends.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureAll } from '../../src/capture/capture.js';
import { materializeCapture } from '../../src/capture/materialize.js';
import { compileGraph, DEFAULT_COMPILE_LIMITS } from '../../src/core/graph/compile.js';
import type { WorkItem } from '../../src/core/graph/model.js';
import type { Verdict, VerificationOutcome } from '../../src/core/types.js';
import { noRedaction } from '../../src/core/redact.js';
import { silentProgress, type EngineDeps } from '../../src/engine/ports.js';
import { runGraph } from '../../src/engine/run.js';
import { LocalStore } from '../../src/storage/localStore.js';
import type { VerificationRequest, Verifier } from '../../src/verify/types.js';

type Script = Record<string, { verdict: Verdict; delayMs?: number }>;

class RecordingVerifier implements Verifier {
  readonly started: string[] = [];
  readonly finished: string[] = [];
  readonly timeline: string[] = [];
  active = 0;
  maxActive = 0;
  constructor(private readonly script: Script) {}

  async verify(request: VerificationRequest): Promise<VerificationOutcome> {
    // Only composites have asserts, and the only composite in these graphs is the root.
    const key = request.goalId === 'root' ? 'root#assert' : request.goalId;
    this.started.push(key);
    this.timeline.push(`start:${key}`);
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    const step = this.script[key] ?? { verdict: 'pass' };
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, step.delayMs ?? 20);
      request.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    this.active -= 1;
    this.finished.push(key);
    this.timeline.push(`end:${key}`);
    if (request.signal.aborted) {
      return {
        verdict: 'inconclusive',
        evidence: null,
        error: { category: 'cancelled', message: 'cancelled' },
        usage: { durationMs: 0, tokens: 0, costUsd: 0 },
        attempts: 1,
        isolation: 'none',
      };
    }
    return {
      verdict: step.verdict,
      evidence: { saw: key },
      usage: { durationMs: 1, tokens: 0, costUsd: 0 },
      attempts: 1,
      isolation: 'none',
    };
  }
}

async function setup(document: unknown, verifier: Verifier) {
  const root = await mkdtemp(join(tmpdir(), 'dog-engine-'));
  await mkdir(join(root, 'ws'));
  for (const name of ['a', 'b', 'c', 'd', 'e', 'f'])
    await writeFile(join(root, 'ws', `${name}.txt`), name);
  const store = await LocalStore.open(join(root, 'store'));
  const graph = compileGraph(document, {
    source: 'test',
    limits: DEFAULT_COMPILE_LIMITS,
    host: { hasScript: () => true, hasModel: () => true },
  });
  const deps: EngineDeps = {
    store,
    captures: {
      captureAll: (targets) =>
        captureAll({
          workspaceRoot: join(root, 'ws'),
          targets,
          store,
          limits: { maxCaptureBytes: 1 << 20 },
          excludeAbsPaths: [],
          concurrency: 2,
        }),
      materialize: async (result, destDir) => {
        const blobPath = (await store.blobPath(result.capture.digest)) as string;
        const laid = await materializeCapture({
          blobPath,
          kind: result.capture.kind,
          target: result.capture.target,
          destDir,
        });
        return { path: laid.path, kind: result.capture.kind };
      },
    },
    verifiers: {
      identityOf: (item: WorkItem) =>
        Promise.resolve({
          ok: true,
          identity: {
            mode: 'programmatic',
            script: 'fake',
            scriptDigest: `sha256:${'0'.repeat(64)}`,
            params: item.key,
          },
        }),
      verifierFor: () => verifier,
    },
    progress: silentProgress,
    isolation: { kind: 'none' },
    redactor: noRedaction,
  };
  return { graph, deps };
}

const options = (concurrency: number, signal = new AbortController().signal) => ({
  runId: `run-${Math.random().toString(16).slice(2)}`,
  concurrency,
  fresh: false,
  allowPartialRoot: false,
  revalidateThreshold: 0.3,
  timeouts: { programmaticSeconds: 5, agenticSeconds: 5 },
  maxEvidenceBytes: 65536,
  trigger: { event: 'test' },
  signal,
});

const leaf = (id: string) => ({
  kind: 'leaf',
  title: id,
  target: `${id}.txt`,
  verifier: { mode: 'programmatic', script: 'fake' },
});
const refs = (...ids: string[]) => ({ op: 'all', items: ids.map((id) => ({ op: 'ref', id })) });

function flat(
  ids: string[],
  dependsOn: { source: string; target: string }[] = [],
  extra: Record<string, unknown> = {},
) {
  return {
    schemaVersion: '1',
    id: 'g',
    root: 'root',
    nodes: {
      root: { kind: 'composite', title: 'root', completion: refs(...ids), ...extra },
      ...Object.fromEntries(ids.map((id) => [id, leaf(id)])),
    },
    contains: ids.map((child) => ({ parent: 'root', child })),
    dependsOn,
  };
}

describe('dispatch', () => {
  test.each([1, 2, 4])(
    'never runs more than concurrency=%i verifications at once',
    async (concurrency) => {
      const verifier = new RecordingVerifier({});
      const { graph, deps } = await setup(flat(['a', 'b', 'c', 'd', 'e', 'f']), verifier);
      const report = await runGraph(graph, deps, options(concurrency));
      expect(report.rootState).toBe('success');
      expect(verifier.started).toHaveLength(6);
      expect(verifier.maxActive).toBe(concurrency);
    },
  );

  test('a dependency source starts only after its target settled', async () => {
    const verifier = new RecordingVerifier({ a: { verdict: 'pass', delayMs: 80 } });
    const { graph, deps } = await setup(
      flat(['a', 'b', 'c'], [{ source: 'b', target: 'a' }]),
      verifier,
    );
    await runGraph(graph, deps, options(3));
    const at = (event: string) => verifier.timeline.indexOf(event);
    expect(at('end:a')).toBeLessThan(at('start:b'));
    expect(at('start:c')).toBeLessThan(at('end:a'));
  });

  test('a blocked source never starts; unrelated goals are still verified after a failure', async () => {
    const verifier = new RecordingVerifier({ a: { verdict: 'fail' } });
    const { graph, deps } = await setup(
      flat(
        ['a', 'b', 'c', 'd'],
        [
          { source: 'b', target: 'a' },
          { source: 'c', target: 'b' },
        ],
      ),
      verifier,
    );
    const report = await runGraph(graph, deps, options(1));
    expect(verifier.started.sort()).toEqual(['a', 'd']);
    expect(report.nodes.b?.state).toBe('blocked');
    expect(report.nodes.c?.state).toBe('blocked');
    expect(report.nodes.d?.state).toBe('success');
    expect(report.totals.blocked).toBe(2);
    expect(report.rootState).toBe('failure');
  });

  test('a composite assert runs after its whole subtree, and its fail fails the composite', async () => {
    const verifier = new RecordingVerifier({ 'root#assert': { verdict: 'fail' } });
    const document = flat(['a', 'b'], [], {
      assert: { target: 'c.txt', verifier: { mode: 'programmatic', script: 'fake' } },
    });
    const { graph, deps } = await setup(document, verifier);
    const report = await runGraph(graph, deps, options(4));
    const at = (event: string) => verifier.timeline.indexOf(event);
    expect(at('start:root#assert')).toBeGreaterThan(Math.max(at('end:a'), at('end:b')));
    expect(report.nodes.root?.state).toBe('failure');
    expect(report.nodes.root?.assert?.state).toBe('failure');
  });

  test('an assert waits for a non-required child its decided completion no longer needs', async () => {
    const verifier = new RecordingVerifier({ b: { verdict: 'pass', delayMs: 150 } });
    const document = flat(['a', 'b'], [], {
      completion: {
        op: 'any',
        items: [
          { op: 'ref', id: 'a' },
          { op: 'ref', id: 'b' },
        ],
      },
      assert: { target: 'c.txt', verifier: { mode: 'programmatic', script: 'fake' } },
    });
    document.contains = [
      { parent: 'root', child: 'a' },
      { parent: 'root', child: 'b', required: false },
    ] as typeof document.contains;
    const { graph, deps } = await setup(document, verifier);
    const report = await runGraph(graph, deps, options(4));
    const at = (event: string) => verifier.timeline.indexOf(event);
    expect(at('end:b')).toBeGreaterThan(at('end:a'));
    expect(at('start:root#assert')).toBeGreaterThan(at('end:b'));
    expect(report.nodes.root?.state).toBe('success');
  });

  test('an assert is not run when the subtree failed', async () => {
    const verifier = new RecordingVerifier({ a: { verdict: 'fail' } });
    const document = flat(['a', 'b'], [], {
      assert: { target: 'c.txt', verifier: { mode: 'programmatic', script: 'fake' } },
    });
    const { graph, deps } = await setup(document, verifier);
    await runGraph(graph, deps, options(4));
    expect(verifier.started).not.toContain('root#assert');
  });

  test('cancellation: running work is aborted, unstarted work is cancelled, root cancelled', async () => {
    const verifier = new RecordingVerifier({ a: { verdict: 'pass', delayMs: 5000 } });
    const { graph, deps } = await setup(
      flat(['a', 'b', 'c'], [{ source: 'c', target: 'a' }]),
      verifier,
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const report = await runGraph(graph, deps, options(2, controller.signal));
    expect(report.rootState).toBe('cancelled');
    expect(report.nodes.a?.state).toBe('cancelled');
    expect(report.nodes.b?.state).toBe('success');
    expect(report.nodes.c?.state).toBe('cancelled');
    expect(verifier.started).not.toContain('c');
  });

  test('a pass without evidence from any verifier settles inconclusive (empty_evidence)', async () => {
    const empty: Verifier = {
      verify: () =>
        Promise.resolve({
          verdict: 'pass',
          evidence: {},
          usage: { durationMs: 0, tokens: 0, costUsd: 0 },
          attempts: 1,
          isolation: 'none',
        }),
    };
    const { graph, deps } = await setup(flat(['a']), empty);
    const report = await runGraph(graph, deps, options(1));
    expect(report.nodes.a).toMatchObject({
      state: 'needs_human',
      error: { category: 'empty_evidence' },
    });
    expect(report.rootState).toBe('needs_human');
  });
});
